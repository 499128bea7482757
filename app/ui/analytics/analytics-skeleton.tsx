import { BlockStack, Box, Card, SkeletonBodyText, SkeletonDisplayText } from "@shopify/polaris";
import { useTranslation } from "react-i18next";
import { CHART_HEIGHT } from "./chart-frame";

const TILE_PLACEHOLDERS = ["a", "b", "c", "d", "e", "f", "g", "h", "i"];

/** What the dashboard area shows while its figures load (spec 1 §2): the page's shape, in grey. */
export function AnalyticsSkeleton() {
  const { t } = useTranslation();
  return (
    <div aria-busy="true" data-testid="analytics-loading">
      <span className="analytics-visually-hidden">{t("analytics.loading")}</span>
      <BlockStack gap="400">
        <div className="analytics-tiles">
          {TILE_PLACEHOLDERS.map((i) => (
            <Box
              key={i}
              borderWidth="025"
              borderColor="border"
              borderRadius="200"
              padding="300"
              background="bg-surface"
            >
              <BlockStack gap="200">
                <SkeletonBodyText lines={1} />
                <SkeletonDisplayText size="small" />
              </BlockStack>
            </Box>
          ))}
        </div>
        <div className="analytics-charts">
          {[0, 1].map((i) => (
            <Card key={i}>
              <BlockStack gap="300">
                <SkeletonDisplayText size="small" />
                <div className="analytics-chart-placeholder" style={{ height: CHART_HEIGHT }} />
              </BlockStack>
            </Card>
          ))}
        </div>
        <Card>
          <SkeletonBodyText lines={6} />
        </Card>
      </BlockStack>
    </div>
  );
}

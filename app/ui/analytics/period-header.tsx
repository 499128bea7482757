import { Banner, BlockStack, Card, Text } from "@shopify/polaris";
import { useTranslation } from "react-i18next";
import type { Period, RangeChoice } from "~/domain/analytics/period";
import { formatDay } from "./figures";
import { RangePicker } from "./range-picker";

/** The address of the CSV export of a range: the same search parameters as the page. */
export function exportUrlOf(choice: RangeChoice): string {
  const params = new URLSearchParams({ range: choice.range });
  if (choice.range === "custom") {
    params.set("from", choice.from);
    params.set("to", choice.to);
  }
  return `/analytics/export.csv?${params}`;
}

/** The range picker, the days it covers and the time zone they are counted in. */
export function PeriodHeader({ choice, period }: { choice: RangeChoice; period: Period | null }) {
  const { t, i18n } = useTranslation();
  const day = (value: string) => formatDay(value, i18n.language, "long");
  return (
    <Card>
      <BlockStack gap="300">
        <RangePicker choice={choice} exportUrl={exportUrlOf(choice)} />
        {period ? (
          <Text as="p" tone="subdued" variant="bodySm">
            <span data-testid="analytics-period">
              {t("analytics.range.period", { from: day(period.from), to: day(period.to) })}
            </span>
            {" · "}
            {t("analytics.range.timeZone", { timeZone: period.timeZone, days: period.days })}
          </Text>
        ) : null}
      </BlockStack>
    </Card>
  );
}

/** The figures' stream failed (the page itself is fine). */
export function LoadFailed() {
  const { t } = useTranslation();
  return (
    <Banner tone="critical">
      <p>{t("analytics.loadFailed")}</p>
    </Banner>
  );
}

import { BlockStack, Card, InlineStack, Link, Text } from "@shopify/polaris";
import { useTranslation } from "react-i18next";
import type { UsagePeriod } from "~/domain/billing/usage.server";
import { EmptyMessage } from "~/ui/empty-message";
import { BillingTable } from "./billing-table";
import { useBillingFormat } from "./format";

/** The company's billing periods from our own records, newest first, or 'No statistics found!'. */
export function UsageList({ usage, shown }: { usage: UsagePeriod[]; shown: boolean }) {
  const { t } = useTranslation();
  const format = useBillingFormat();
  return (
    <Card>
      <BlockStack gap="200">
        <InlineStack align="space-between" blockAlign="center">
          <Text as="h2" variant="headingMd">
            {t("billing.usage.title")}
          </Text>
          <Link url="/">{t("billing.viewMoreUsage")}</Link>
        </InlineStack>
        {shown && usage.length > 0 ? (
          <BillingTable
            caption={t("billing.usage.title")}
            numericFrom={2}
            headings={[
              t("billing.usage.periodStart"),
              t("billing.usage.periodEnd"),
              t("billing.usage.totalUsage"),
              t("billing.usage.overageSms"),
            ]}
            rows={usage.map((period) => [
              format.day(period.periodStart),
              format.day(period.periodEnd),
              format.count(period.totalUsage),
              format.count(period.overageMessages),
            ])}
          />
        ) : (
          <EmptyMessage heading={t("billing.noStatistics")} />
        )}
      </BlockStack>
    </Card>
  );
}

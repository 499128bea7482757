import { BlockStack, Card, Text } from "@shopify/polaris";
import { useTranslation } from "react-i18next";
import { type BillingPlan, costTablePlans } from "~/domain/billing/plans";
import { BillingTable } from "./billing-table";
import { useBillingFormat } from "./format";

/** Cost per message, associated and overage, by tier up to 50,000 (spec 2 section 9). */
export function CostTable({ plans }: { plans: BillingPlan[] }) {
  const { t } = useTranslation();
  const format = useBillingFormat();
  const rows = costTablePlans(plans).map((plan) => [
    format.count(plan.touchpoints),
    format.cost(plan.associatedCostMillicents),
    format.cost(plan.overageCostMillicents),
  ]);
  return (
    <Card>
      <BlockStack gap="200">
        <Text as="h2" variant="headingMd">
          {t("billing.costs.title")}
        </Text>
        <BillingTable
          caption={t("billing.costs.title")}
          headings={[t("billing.costs.tier"), t("billing.costs.associated"), t("billing.costs.overage")]}
          rows={rows}
          numericFrom={0}
        />
        <Text as="p" tone="subdued" variant="bodySm">
          {t("billing.costs.note")}
        </Text>
      </BlockStack>
    </Card>
  );
}

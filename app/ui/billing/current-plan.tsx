import { BlockStack, Button, Card, InlineStack, Text } from "@shopify/polaris";
import { useTranslation } from "react-i18next";
import { Form } from "react-router";
import type { PlanChooserView } from "~/domain/billing/billing-tab.server";
import { planDisplayName } from "~/domain/billing/plans";
import { EmptyMessage } from "~/ui/empty-message";
import { BILLING_ACTION } from "./plan-action";

/** The plan the company is on (or 'No plan selected!'), and the billing portal when it has a customer. */
export function CurrentPlan({ data }: { data: PlanChooserView }) {
  const { t } = useTranslation();
  return (
    <Card>
      <BlockStack gap="300">
        <InlineStack align="space-between" blockAlign="center" gap="200">
          <Text as="h2" variant="headingMd">
            {t("billing.currentPlan")}
          </Text>
          {data.hasPortal ? (
            <Form method="post" action={BILLING_ACTION}>
              <input type="hidden" name="intent" value="portal" />
              <Button submit disabled={!data.can.billingWrite}>
                {t("billing.manageBilling")}
              </Button>
            </Form>
          ) : null}
        </InlineStack>
        {data.showsPlanAndUsage && data.currentPlan ? (
          <BlockStack gap="100">
            <Text as="p" variant="headingLg">
              {planDisplayName(data.currentPlan)}
            </Text>
            <Text as="p" tone="subdued">
              {data.hasPortal ? `${t("billing.manageBillingHelp")} ` : ""}
              {t("billing.downgradeHelp")}
            </Text>
          </BlockStack>
        ) : (
          <EmptyMessage heading={t("billing.noPlanSelected")} />
        )}
      </BlockStack>
    </Card>
  );
}

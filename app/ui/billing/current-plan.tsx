import { BlockStack, Button, Card, InlineStack, Text } from "@shopify/polaris";
import { useTranslation } from "react-i18next";
import { Form } from "react-router";
import type { PlanChooserView } from "~/domain/billing/billing-tab.server";
import { planDisplayName } from "~/domain/billing/plans";
import { EmptyMessage } from "~/ui/empty-message";
import { BILLING_ACTION } from "./billing-action";
import { CancelStorePlan, PendingStorePlan, StoreCancelAnswer } from "./store-billing";

/**
 * The plan the company is on (or 'No plan selected!'), and the billing portal when it has a
 * customer; for a store account, its plan's cancel and a change still awaiting approval in Shopify.
 */
export function CurrentPlan({ data }: { data: PlanChooserView }) {
  const { t } = useTranslation();
  const store = data.storePlan;
  const shown = data.showsPlanAndUsage && data.currentPlan;
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
          {shown && store?.cancellable ? (
            <CancelStorePlan planName={planDisplayName(shown)} canWrite={data.can.billingWrite} />
          ) : null}
        </InlineStack>
        {shown ? (
          <BlockStack gap="100">
            <Text as="p" variant="headingLg">
              <span data-testid="current-plan">{planDisplayName(shown)}</span>
            </Text>
            <Text as="p" tone="subdued">
              {store
                ? t("billing.store.billedThrough")
                : `${data.hasPortal ? `${t("billing.manageBillingHelp")} ` : ""}${t("billing.downgradeHelp")}`}
            </Text>
          </BlockStack>
        ) : (
          <EmptyMessage heading={t("billing.noPlanSelected")} />
        )}
        {store ? <PendingStorePlan pending={store.pending} /> : null}
        {store ? <StoreCancelAnswer /> : null}
      </BlockStack>
    </Card>
  );
}

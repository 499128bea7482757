import { BlockStack } from "@shopify/polaris";
import type { BillingTabData } from "~/domain/billing/billing-tab.server";
import { CostTable } from "./cost-table";
import { CurrentPlan } from "./current-plan";
import { CardBillingBanner, ManualBillingPlaceholder } from "./notices";
import { PlanCards } from "./plan-cards";
import { PlanSlider } from "./plan-slider";
import { ThankYou } from "./thank-you";
import { UsageList } from "./usage-list";

/**
 * The Billing tab's content, shared with /responsive-billingpage. `responsive`: the slider, and the
 * cards below 768 px (both rendered, one hidden by CSS, so the server's page is already right);
 * `cards`: always the cards.
 */
export function BillingView({ data, layout }: { data: BillingTabData; layout: "responsive" | "cards" }) {
  if (data.thankYou) return <ThankYou />;
  if (data.manualBilling) return <ManualBillingPlaceholder email={data.billingSupportEmail} />;
  return (
    <BlockStack gap="400">
      <CardBillingBanner cardBilling={data.cardBilling} />
      <CurrentPlan data={data} />
      {layout === "responsive" ? (
        <>
          <div className="billing-slider">
            <PlanSlider data={data} />
          </div>
          <div className="billing-cards">
            <PlanCards data={data} />
          </div>
        </>
      ) : (
        <PlanCards data={data} />
      )}
      <CostTable plans={data.choosablePlans} />
      <UsageList usage={data.usage} shown={data.showsPlanAndUsage} />
    </BlockStack>
  );
}

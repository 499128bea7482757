import type { BillingTabData } from "~/domain/billing/billing-tab.server";
import { BillingView } from "~/ui/billing/billing-view";

/** Settings › Billing: the plan chooser with usage, the manual-billing placeholder, or the thank-you. */
export function BillingTab({ data }: { data: BillingTabData }) {
  return <BillingView data={data} layout="responsive" />;
}

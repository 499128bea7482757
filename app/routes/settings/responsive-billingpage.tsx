import { Page } from "@shopify/polaris";
import { useTranslation } from "react-i18next";
import { requireMember } from "~/domain/access/guard.server";
import { loadBillingTab } from "~/domain/billing/billing-tab.server";
import { shopifyBoundaryHeaders } from "~/domain/shopify/boundary-headers.server";
import { BillingView } from "~/ui/billing/billing-view";
import { RouteErrorBoundary } from "~/ui/route-error-boundary";
import type { Route } from "./+types/responsive-billingpage";

/** The signed-in mobile plan chooser: the Billing tab's data, always as the Lite, Standard and Pro cards. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const member = await requireMember({ request, context });
  return loadBillingTab(member);
}

export default function ResponsiveBillingPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  return (
    <Page title={t("billing.title")}>
      <BillingView data={loaderData} layout="cards" />
    </Page>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
export const headers = shopifyBoundaryHeaders;

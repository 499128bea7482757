import { BlockStack, Button, Card, InlineStack, Page, Text } from "@shopify/polaris";
import { useTranslation } from "react-i18next";
import { isFramableByAnySite } from "~/domain/access/security.server";
import { listBillingPlans } from "~/domain/billing/catalogue.server";
import { choosablePlans, customersFor, planDisplayName } from "~/domain/billing/plans";
import { shopifyBoundaryHeaders } from "~/domain/shopify/boundary-headers.server";
import { BillingTable } from "~/ui/billing/billing-table";
import { useBillingFormat } from "~/ui/billing/format";
import { RouteErrorBoundary } from "~/ui/route-error-boundary";
import type { Route } from "./+types/billing-page";

/**
 * /billingpage and /billingiframe: the price list for visitors, no sign-in (spec 1 section 2, spec 3
 * section 9). /billingiframe is the same list made to sit in another site's frame: it alone may be
 * framed (security.server.ts), and its sign-up link opens outside the frame.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const plans = choosablePlans(await listBillingPlans(), false);
  return { plans, framed: isFramableByAnySite(new URL(request.url).pathname) };
}

export default function BillingPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const format = useBillingFormat();
  const notOffered = (
    <>
      <span aria-hidden="true">{t("billing.public.notOffered")}</span>
      <span className="visually-hidden">{t("billing.public.notOfferedLabel")}</span>
    </>
  );
  const rows = loaderData.plans.map((plan) => [
    planDisplayName(plan),
    format.count(plan.touchpoints),
    format.count(customersFor(plan.touchpoints)),
    format.price(plan.monthlyPriceCents),
    plan.yearlyPriceCents === null ? notOffered : format.price(plan.yearlyPriceCents),
    format.cost(plan.associatedCostMillicents),
    format.cost(plan.overageCostMillicents),
  ]);
  return (
    <Page title={t("billing.public.title")}>
      <BlockStack gap="400">
        <Text as="p">{t("billing.public.intro")}</Text>
        <Card padding="0">
          <BillingTable
            caption={t("billing.public.title")}
            headings={[
              t("billing.public.plan"),
              t("billing.public.messages"),
              t("billing.public.customers"),
              t("billing.public.monthly"),
              t("billing.public.yearly"),
              t("billing.public.associated"),
              t("billing.public.overage"),
            ]}
            rows={rows}
          />
        </Card>
        <Text as="p" tone="subdued" variant="bodySm">
          {t("billing.public.pricesInUsd")}
        </Text>
        <Card>
          <InlineStack align="space-between" blockAlign="center" gap="400">
            <Text as="h2" variant="headingMd">
              {t("billing.public.callToAction")}
            </Text>
            <Button
              url="/signup"
              variant="primary"
              external={loaderData.framed}
              target={loaderData.framed ? "_blank" : undefined}
            >
              {t("billing.public.signUp")}
            </Button>
          </InlineStack>
        </Card>
      </BlockStack>
    </Page>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
export const headers = shopifyBoundaryHeaders;

import { Banner, Page, Text } from "@shopify/polaris";
import { useTranslation } from "react-i18next";
import { redirect } from "react-router";
import { getEmbeddedAuth } from "~/domain/access/guard.server";
import { shopifyBoundaryHeaders } from "~/domain/shopify/boundary-headers.server";
import { embeddedTargetUrl } from "~/domain/shopify/embedded-setup";
import { provisionEmbeddedStaff } from "~/domain/shopify/embedded-staff.server";
import { shopifyAppOrNull } from "~/services/shopify/shopify.server";
import { RouteErrorBoundary } from "~/ui/route-error-boundary";
import { ShopifyNotConfigured } from "~/ui/shopify/not-configured";
import type { Route } from "./+types/app";

/**
 * The embedded app's set-up. Shopify opens the site root (shopify.app.toml's application_url), or a
 * deep link, in the admin's iframe with ?embedded=1&shop&host&id_token...; the guard sends a staff
 * member it cannot place yet here with that query, and / sends Shopify's links outside the admin that
 * carry the shop here too (home.tsx). The library verifies the token and
 * gets the store's offline session by token exchange; this records the store, maps the staff member
 * to our user and makes them a member of the shop's company, then sends them to the screen (/ for
 * /app, /contacts for /app/contacts) with the same query. Every screen then authenticates each
 * request by its token, through the guard.
 */
export async function loader(args: Route.LoaderArgs) {
  const app = shopifyAppOrNull();
  if (!app) return { problem: "notConfigured" as const };
  const auth = await getEmbeddedAuth(args);
  if (!auth) {
    // Shopify's own links outside the admin carry the shop: the library sends them into the admin.
    if (new URL(args.request.url).searchParams.has("shop")) await app.authenticate.admin(args.request);
    throw redirect("/");
  }
  const outcome = await provisionEmbeddedStaff(auth);
  if (!outcome.ok) return { problem: outcome.reason };
  throw redirect(embeddedTargetUrl(args.request));
}

export default function EmbeddedApp({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { problem } = loaderData;
  return (
    <Page title={t("embedded.pageTitle")} narrowWidth>
      {problem === "notConfigured" ? (
        <ShopifyNotConfigured />
      ) : (
        <Banner tone="critical" title={t(`embedded.${problem}Title`)}>
          <Text as="p">{t(`embedded.${problem}Body`)}</Text>
        </Banner>
      )}
    </Page>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
export const headers = shopifyBoundaryHeaders;

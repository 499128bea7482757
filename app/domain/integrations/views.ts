/**
 * The views of /integration (spec 3 section 2.5), kept in the URL's `view` search parameter so the
 * browser's back and forward buttons move between them. An unknown view shows the home.
 */
export const INTEGRATION_VIEWS = ["home", "shopify", "tritech", "tritech-events", "whatsapp"] as const;
export type IntegrationView = (typeof INTEGRATION_VIEWS)[number];

export function integrationViewOf(url: URL): IntegrationView {
  const view = url.searchParams.get("view");
  return (INTEGRATION_VIEWS as readonly string[]).includes(view ?? "") ? (view as IntegrationView) : "home";
}

export const integrationUrl = (view: IntegrationView) =>
  view === "home" ? "/integration" : `/integration?view=${view}`;

/**
 * Pages of the store's own admin that the Shopify view links to (opened in a new tab). The shop is
 * the store's permanent myshopify.com domain; Shopify sends /admin paths on it to admin.shopify.com.
 * - the store's admin;
 * - Settings > Checkout, whose Marketing options section has the SMS sign-up checkbox;
 * - the live theme's "Edit default theme content" page, where the Checkout & system texts hold the
 *   SMS checkbox label and its consent disclosure ('current' is Shopify's name for the live theme).
 */
export function shopifyAdminLinks(shop: string) {
  const admin = `https://${shop}/admin`;
  return {
    store: admin,
    smsOptInSettings: `${admin}/settings/checkout`,
    smsConsentLanguage: `${admin}/themes/current/language`,
  };
}

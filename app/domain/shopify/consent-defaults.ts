/**
 * The consent text a buyer sees at checkout, as the server, the Integrations page and the checkout
 * extension (extensions/sms-consent, which bundles this file) all read it. Plain data, no imports:
 * it runs in Shopify's checkout sandbox too.
 */

/** Spec 1 section 9: the default consent title (the checkbox's label). */
export const DEFAULT_CONSENT_TITLE = "Text me an interactive setup guide for my purchase.";

/**
 * Spec 1 section 9: "a marketing-text consent message naming the company", with what carriers and
 * the TCPA ask such a message to say: recurring automated marketing texts, consent is not a
 * condition of purchase, message frequency, rates, and the HELP and STOP keywords.
 */
export function defaultConsentText(company: string): string {
  const name = company.trim() || "us";
  return (
    `By checking this box, you agree to receive recurring automated marketing text messages ` +
    `(such as setup guides, tips and offers) from ${name} at the phone number provided. ` +
    `Consent is not a condition of purchase. Message frequency varies. ` +
    `Msg & data rates may apply. Reply HELP for help and STOP to unsubscribe.`
  );
}

/**
 * Where the texts live in the store: shop metafields in our app's reserved namespace ($app:...),
 * which only this app can write and the extension reads through shopify.appMetafields. Shopify
 * expands `$app:sms_consent` to `app--{app id}--sms_consent`; the extension sees the `$app` form.
 */
export const CONSENT_METAFIELD_NAMESPACE = "$app:sms_consent";
export const CONSENT_METAFIELD_KEYS = { title: "title", text: "text" } as const;

/** Limits of what a merchant may save (the title is one line: the checkbox label). */
export const CONSENT_TITLE_MAX = 150;
export const CONSENT_TEXT_MAX = 1000;

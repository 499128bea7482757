import "@shopify/ui-extensions/preact";
import { render } from "preact";
import { useState } from "preact/hooks";
import {
  CONSENT_METAFIELD_KEYS,
  CONSENT_METAFIELD_NAMESPACE,
  DEFAULT_CONSENT_TITLE,
  defaultConsentText,
} from "../../../app/domain/shopify/consent-defaults";

/**
 * The SMS consent block at checkout (target purchase.checkout.contact.render-after). The merchant's
 * title labels Shopify's consent checkbox for the sms-marketing policy; their text explains it.
 * The block itself sends us nothing: Shopify records the consent on the buyer's customer and, since
 * API 2025-01, tells the app through customers_marketing_consent/update (the order webhook no longer
 * carries it). That webhook may come before or after orders/create; the app keeps it per customer and
 * adds the buyer when both are in, or asks the Admin API when the order comes first (see
 * app/domain/shopify/commerce/customer-consents.server.ts). Without a saved text the
 * spec's defaults show, naming the shop. A buyer who gave no phone number and checks the box is
 * asked for one with Shopify's consent phone field.
 *
 * API 2025-10: the `shopify` global is the target's API; reading a signal's `.value` while rendering
 * subscribes the component to it (the import of @shopify/ui-extensions/preact wires Preact's signals).
 */
export default async () => {
  render(<Extension />, document.body);
};

/**
 * A shop metafield of ours, as the extension receives it (namespace in the `$app:` form).
 * @param {NonNullable<typeof shopify.appMetafields.value>} entries
 * @param {string} key
 * @returns {string | null}
 */
function shopMetafield(entries, key) {
  const entry = entries.find(
    (e) =>
      e.target.type === "shop" &&
      e.metafield.namespace === CONSENT_METAFIELD_NAMESPACE &&
      e.metafield.key === key,
  );
  const value = entry?.metafield.value;
  return typeof value === "string" && value.trim() ? value.trim() : null;
}

/**
 * The checkbox a change event came from (the package types the handler's event as a plain Event).
 * @param {Event} event
 */
function consentCheckboxOf(event) {
  return /** @type {HTMLElementTagNameMap["s-consent-checkbox"]} */ (event.currentTarget);
}

function Extension() {
  const [checked, setChecked] = useState(false);
  const entries = shopify.appMetafields.value ?? [];
  const title = shopMetafield(entries, CONSENT_METAFIELD_KEYS.title) ?? DEFAULT_CONSENT_TITLE;
  const text = shopMetafield(entries, CONSENT_METAFIELD_KEYS.text) ?? defaultConsentText(shopify.shop.name);
  // Undefined when the app may not read the buyer's contact details: then ask, as for no phone.
  const phone = shopify.buyerIdentity?.phone?.value;
  return (
    <s-stack gap="small-200">
      <s-consent-checkbox
        policy="sms-marketing"
        label={title}
        onChange={(event) => setChecked(Boolean(consentCheckboxOf(event).checked))}
      />
      {text.split(/\n+/).map((line, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the lines of one text, never reordered
        <s-paragraph key={i} type="small" color="subdued">
          {line}
        </s-paragraph>
      ))}
      {checked && !phone ? (
        <s-consent-phone-field
          policy="sms-marketing"
          type="mobile"
          label={shopify.i18n.translate("phoneLabel")}
        />
      ) : null}
    </s-stack>
  );
}

import { readFileSync } from "node:fs";
import path from "node:path";
import vm from "node:vm";
import { beforeAll, expect, test } from "vitest";
import {
  CONSENT_METAFIELD_KEYS,
  CONSENT_METAFIELD_NAMESPACE,
  DEFAULT_CONSENT_TITLE,
  defaultConsentText,
} from "../../app/domain/shopify/consent-defaults";
import { SHOPIFY_CHECKOUT_EXTENSION_API_VERSION } from "../../app/services/shopify/api-versions";
import {
  buildCheckoutExtension,
  COMPRESSED_LIMIT_BYTES,
  EXTENSION_DIR,
  type ExtensionBundle,
  extensionTargeting,
  sizeReport,
} from "../../scripts/build-checkout-extension";
import { FakeDocument, type FakeElement } from "../support/fake-dom";
import { parseTomlSubset } from "../support/toml-subset";

/**
 * The checkout extension as Shopify runs it: bundled like the Shopify CLI does (scripts/
 * build-checkout-extension.ts), evaluated in a sandbox of its own with a stand-in `shopify` global
 * (the 2026-07 API: extend, setSignals, appMetafields, buyerIdentity, shop, i18n) and a small DOM.
 */

let bundle: ExtensionBundle;
beforeAll(async () => {
  bundle = await buildCheckoutExtension();
});

const locale = JSON.parse(
  readFileSync(path.join(EXTENSION_DIR, "locales", "en.default.json"), "utf8"),
) as Record<string, string>;

type Signal<T> = { value: T };
type SignalClass = new <T>(value: T) => Signal<T>;
type MetafieldEntry = {
  target: { type: string; id: string };
  metafield: { namespace: string; key: string; value: string; valueType: string; type: string };
};

const shopMetafield = (key: string, value: string, namespace = "$app:sms_consent"): MetafieldEntry => ({
  target: { type: "shop", id: "42" },
  metafield: { namespace, key, value, valueType: "string", type: "single_line_text_field" },
});

/** Runs the bundle with a stand-in `shopify` global and renders its target into a fresh document. */
async function renderExtension(
  options: { metafields?: MetafieldEntry[]; phone?: string; shopName?: string } = {},
) {
  const document = new FakeDocument();
  const registered: Array<{ target: string; run: () => Promise<void> }> = [];
  const signals: { appMetafields?: Signal<MetafieldEntry[]>; phone?: Signal<string | undefined> } = {};
  const shopify = {
    extend: (target: string, run: () => Promise<void>) => registered.push({ target, run }),
    // The host's signals are made with the extension's own Preact Signal class, which it hands over
    // when it imports @shopify/ui-extensions/preact: reading `.value` while rendering subscribes.
    setSignals(Signal: SignalClass) {
      signals.appMetafields = new Signal(options.metafields ?? []);
      signals.phone = new Signal(options.phone);
      Object.assign(shopify, {
        appMetafields: signals.appMetafields,
        buyerIdentity: { phone: signals.phone },
      });
    },
    shop: {
      id: "gid://shopify/Shop/42",
      name: options.shopName ?? "Demo Shop",
      myshopifyDomain: "demo-shop.myshopify.com",
    },
    i18n: { translate: (key: string) => locale[key] ?? key },
  };
  vm.runInNewContext(bundle.code, { shopify, document, console, setTimeout, clearTimeout, queueMicrotask });
  expect(registered.map((r) => r.target)).toEqual(["purchase.checkout.contact.render-after"]);
  await registered[0]!.run();
  await settle();
  return { body: document.body, signals };
}

/** Lets Preact's debounced re-renders run. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

const prop = (element: FakeElement | undefined, name: string) =>
  element ? ((element as unknown as Record<string, unknown>)[name] ?? element.getAttribute(name)) : undefined;

function read(body: FakeElement) {
  const [checkbox, ...more] = body.findAll("s-consent-checkbox");
  expect(more).toEqual([]);
  const phoneField = body.findAll("s-consent-phone-field")[0];
  return {
    policy: prop(checkbox, "policy"),
    label: prop(checkbox, "label"),
    text: body.findAll("s-paragraph").map((p) => p.textContent),
    checkbox: checkbox!,
    phoneField: phoneField ? { policy: prop(phoneField, "policy"), label: prop(phoneField, "label") } : null,
  };
}

async function check(checkbox: FakeElement, checked: boolean) {
  (checkbox as unknown as { checked: boolean }).checked = checked;
  checkbox.dispatchEvent({ type: "change" });
  await settle();
}

test("builds without the Shopify CLI under Shopify's 64 KB compressed limit", () => {
  console.log(sizeReport(bundle));
  expect(bundle.gzipBytes).toBeLessThan(COMPRESSED_LIMIT_BYTES);
  expect(bundle.gzipBytes).toBeLessThan(bundle.bytes);
  expect(extensionTargeting()).toEqual({
    target: "purchase.checkout.contact.render-after",
    module: "./src/Checkout.jsx",
  });
});

test("shopify.extension.toml: the extension's API version, the contact target, SMS marketing consent, the metafields the app writes", () => {
  const toml = parseTomlSubset(readFileSync(path.join(EXTENSION_DIR, "shopify.extension.toml"), "utf8"));
  expect(toml).toMatchObject({
    api_version: SHOPIFY_CHECKOUT_EXTENSION_API_VERSION,
    extensions: [
      {
        type: "ui_extension",
        handle: "sms-consent",
        targeting: [{ target: "purchase.checkout.contact.render-after", module: "./src/Checkout.jsx" }],
        capabilities: { collect_buyer_consent: { sms_marketing: true } },
        metafields: [
          { namespace: CONSENT_METAFIELD_NAMESPACE, key: CONSENT_METAFIELD_KEYS.title },
          { namespace: CONSENT_METAFIELD_NAMESPACE, key: CONSENT_METAFIELD_KEYS.text },
        ],
      },
    ],
  });
});

test("the merchant's title labels Shopify's sms-marketing consent checkbox, with their text", async () => {
  const { body } = await renderExtension({
    metafields: [
      shopMetafield("title", "Text me tips for my new boots"),
      shopMetafield("text", "Acme sends 4 texts a month.\nReply STOP to stop."),
      // Not ours, or not the shop's: ignored.
      shopMetafield("title", "Another app's title", "$app:other"),
      { ...shopMetafield("text", "A product's text"), target: { type: "product", id: "7" } },
    ],
    phone: "+15555550123",
  });
  expect(read(body)).toMatchObject({
    policy: "sms-marketing",
    label: "Text me tips for my new boots",
    text: ["Acme sends 4 texts a month.", "Reply STOP to stop."],
    phoneField: null,
  });
});

test("without a saved text: the spec's default title and a default text naming the shop", async () => {
  const { body } = await renderExtension({ shopName: "Acme Outdoors", phone: "+15555550123" });
  const seen = read(body);
  expect(seen.policy).toBe("sms-marketing");
  expect(seen.label).toBe(DEFAULT_CONSENT_TITLE);
  expect(seen.text).toEqual([defaultConsentText("Acme Outdoors")]);
  expect(seen.text[0]).toContain("Acme Outdoors");
  // A blank saved value also falls back.
  const blank = await renderExtension({ metafields: [shopMetafield("title", "  ")], phone: "+15555550123" });
  expect(read(blank.body).label).toBe(DEFAULT_CONSENT_TITLE);
});

test("the consent phone field asks for a number only when the buyer gave none and checks the box", async () => {
  const withoutPhone = await renderExtension();
  expect(read(withoutPhone.body).phoneField).toBeNull();
  await check(read(withoutPhone.body).checkbox, true);
  expect(read(withoutPhone.body).phoneField).toEqual({ policy: "sms-marketing", label: locale.phoneLabel });
  await check(read(withoutPhone.body).checkbox, false);
  expect(read(withoutPhone.body).phoneField).toBeNull();

  const withPhone = await renderExtension({ phone: "+15555550123" });
  await check(read(withPhone.body).checkbox, true);
  expect(read(withPhone.body).phoneField).toBeNull();
  // The buyer removes their phone number from the contact details: the field appears.
  withPhone.signals.phone!.value = undefined;
  await settle();
  expect(read(withPhone.body).phoneField).toEqual({ policy: "sms-marketing", label: locale.phoneLabel });
});

test("a saved text arriving later re-renders the block (appMetafields is a signal)", async () => {
  const { body, signals } = await renderExtension({ phone: "+15555550123" });
  expect(read(body).label).toBe(DEFAULT_CONSENT_TITLE);
  signals.appMetafields!.value = [shopMetafield("title", "New title"), shopMetafield("text", "New text")];
  await settle();
  expect(read(body)).toMatchObject({ label: "New title", text: ["New text"] });
});

import { eq, sql } from "drizzle-orm";
import { expect, test, vi } from "vitest";
import { getDb } from "#db/client.server";
import { storeProfiles } from "#db/schema";
import { storeOfflineSession } from "../../../tests/support/shopify-sessions";
import { SHOPIFY_TEST_SHOP, setUpShopifyStandIn } from "../../../tests/support/shopify-test-env";
import { companyWithAdmin } from "../../../tests/support/team-factories";
import { describeEachDatabase } from "../../../tests/support/test-database";
import { waitFor } from "../../../tests/support/wait-for";
import { DEFAULT_CONSENT_TITLE, defaultConsentText } from "./consent-defaults";
import { readConsentText, saveConsentText } from "./consent-text.server";

// The consent text saved to the store (app-owned shop metafields, through the Shopify library's
// Admin API client against the local stand-in) and to the store profile, tenant by tenant.
const standIn = setUpShopifyStandIn();

/** A company with its store installed: the profile, and the offline session an install leaves. */
async function companyWithStore(company: string, shop = SHOPIFY_TEST_SHOP, enabled = true) {
  const owner = await companyWithAdmin(company);
  await getDb()
    .insert(storeProfiles)
    .values({ shopDomain: shop, storeName: company, accountId: owner.account.id, enabled });
  const { body } = await standIn().control("POST", "/access-tokens", { shop });
  const { accessToken, scope } = body as { accessToken: string; scope: string };
  await storeOfflineSession(shop, accessToken, scope);
  return owner.context;
}

const profileOf = async (accountId: string) =>
  (await getDb().select().from(storeProfiles).where(eq(storeProfiles.accountId, accountId)))[0];

/** The shop's consent metafields as the stand-in keeps them: key → [value, type]. */
const metafieldsOf = (shop = SHOPIFY_TEST_SHOP) =>
  Object.fromEntries(
    standIn()
      .store.metafields.filter((m) => m.shop === shop)
      .map((m) => [`${m.namespace}/${m.key}`, [m.value, m.type]]),
  );

const saved = {
  intent: "consent-text" as const,
  title: "Text me tips",
  text: "Line one\nReply STOP to stop.",
};

describeEachDatabase("the consent text at checkout", () => {
  test("the defaults name the company until something is saved; none without an installed store", async () => {
    const acme = await companyWithStore("Acme Outdoors");
    const defaults = { title: DEFAULT_CONSENT_TITLE, text: defaultConsentText("Acme Outdoors") };
    expect(await readConsentText(acme)).toEqual({ ...defaults, customised: false, defaults });
    expect(DEFAULT_CONSENT_TITLE).toBe("Text me an interactive setup guide for my purchase.");
    const text = defaultConsentText("Acme Outdoors");
    for (const words of [
      "Acme Outdoors",
      "STOP",
      "HELP",
      "Message frequency varies",
      "Msg & data rates may apply",
    ])
      expect(text).toContain(words);

    const uninstalled = await companyWithStore("Gone Co", "gone-shop.myshopify.com", false);
    expect(await readConsentText(uninstalled)).toBeNull();
    const storeless = (await companyWithAdmin("No Store Co")).context;
    expect(await readConsentText(storeless)).toBeNull();
    expect(await saveConsentText(storeless, saved)).toEqual({ status: "not-connected" });
  });

  test("saving writes both texts to the store's app metafields and to the company's own profile only", async () => {
    const acme = await companyWithStore("Acme Outdoors");
    const other = await companyWithStore("Other Co", "other-shop.myshopify.com");

    expect(await saveConsentText(acme, saved)).toEqual({ status: "saved" });
    expect(metafieldsOf()).toEqual({
      "app--1--sms_consent/title": [saved.title, "single_line_text_field"],
      "app--1--sms_consent/text": [saved.text, "multi_line_text_field"],
    });
    expect(await profileOf(acme.account.id)).toMatchObject({
      consentTitle: saved.title,
      consent: saved.text,
    });
    expect(await readConsentText(acme)).toEqual({
      title: saved.title,
      text: saved.text,
      customised: true,
      defaults: { title: DEFAULT_CONSENT_TITLE, text: defaultConsentText("Acme Outdoors") },
    });

    // The other company: its profile, its store and what it reads are untouched.
    expect(await profileOf(other.account.id)).toMatchObject({ consentTitle: null, consent: null });
    expect(metafieldsOf("other-shop.myshopify.com")).toEqual({});
    expect(await readConsentText(other)).toMatchObject({ title: DEFAULT_CONSENT_TITLE, customised: false });
    // What was asked of Shopify: the acme store, never the other one.
    expect(standIn().requests.map((r) => r.shop)).not.toContain("other-shop.myshopify.com");
  });

  test("when the Admin API fails or refuses, neither the store nor the profile changes", async () => {
    const acme = await companyWithStore("Acme Outdoors");
    await saveConsentText(acme, saved);
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});

    standIn().failNextGraphql({ status: 500 });
    expect(await saveConsentText(acme, { ...saved, title: "Changed" })).toEqual({ status: "failed" });

    // The second call of a save (metafieldsSet) fails: the first (the shop's id) went through.
    standIn().delayNextGraphql(0);
    standIn().failNextGraphql({ status: 503 });
    expect(await saveConsentText(acme, { ...saved, title: "Changed again" })).toEqual({ status: "failed" });

    // Shopify refuses one of the two (a title on two lines): neither metafield is written.
    expect(await saveConsentText(acme, { ...saved, title: "two\nlines", text: "new text" })).toEqual({
      status: "failed",
    });

    expect(warn).toHaveBeenCalledTimes(3);
    warn.mockRestore();
    expect(metafieldsOf()).toEqual({
      "app--1--sms_consent/title": [saved.title, "single_line_text_field"],
      "app--1--sms_consent/text": [saved.text, "multi_line_text_field"],
    });
    expect(await profileOf(acme.account.id)).toMatchObject({
      consentTitle: saved.title,
      consent: saved.text,
    });
  });

  test("when the profile cannot be written after the store took the text, the store gets the old text back", async () => {
    const acme = await companyWithStore("Acme Outdoors");
    // A database that refuses the profile update, as a failing disk or a dropped connection would.
    await getDb().execute(sql`
      create function refuse_consent_update() returns trigger language plpgsql as $$
      begin raise exception 'the database refused the update'; end $$`);
    await getDb().execute(sql`
      create trigger refuse_consent before update on store_profiles
      for each row execute function refuse_consent_update()`);
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    try {
      expect(await saveConsentText(acme, saved)).toEqual({ status: "failed" });
    } finally {
      await getDb().execute(sql`drop trigger refuse_consent on store_profiles`);
      await getDb().execute(sql`drop function refuse_consent_update()`);
      warn.mockRestore();
    }
    // The store shows again what it showed before: the defaults naming the company.
    expect(metafieldsOf()).toEqual({
      "app--1--sms_consent/title": [DEFAULT_CONSENT_TITLE, "single_line_text_field"],
      "app--1--sms_consent/text": [defaultConsentText("Acme Outdoors"), "multi_line_text_field"],
    });
    expect(await profileOf(acme.account.id)).toMatchObject({ consentTitle: null, consent: null });
  });

  test("two saves at once: the store ends with the text the profile kept, the later one answers failed", async () => {
    const acme = await companyWithStore("Acme Outdoors");
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const graphqlCalls = () => standIn().requests.filter((r) => r.path.includes("/graphql.json")).length;
    // The first save's metafieldsSet (its second call) answers late; the second save runs meanwhile.
    standIn().delayNextGraphql(0);
    standIn().delayNextGraphql(700);
    const first = saveConsentText(acme, { ...saved, title: "First" });
    await waitFor(
      async () => graphqlCalls(),
      (n) => n >= 2,
    );
    expect(await saveConsentText(acme, { ...saved, title: "Second" })).toMatchObject({ status: "saved" });
    expect(await first).toEqual({ status: "failed" });
    warn.mockRestore();
    expect(metafieldsOf()["app--1--sms_consent/title"]).toEqual(["Second", "single_line_text_field"]);
    expect(await profileOf(acme.account.id)).toMatchObject({ consentTitle: "Second" });
  });
});

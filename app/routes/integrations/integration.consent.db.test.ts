import { eq } from "drizzle-orm";
import { expect, test, vi } from "vitest";
import { getDb } from "#db/client.server";
import { storeProfiles } from "#db/schema";
import { DEFAULT_CONSENT_TITLE, defaultConsentText } from "~/domain/shopify/consent-defaults";
import { signedInRequest, thrownBy } from "../../../tests/support/factories";
import { storeOfflineSession } from "../../../tests/support/shopify-sessions";
import { SHOPIFY_TEST_SHOP, setUpShopifyStandIn } from "../../../tests/support/shopify-test-env";
import { companyWithAdmin, createMember } from "../../../tests/support/team-factories";
import { describeEachDatabase } from "../../../tests/support/test-database";
import { roAdminViewCookie } from "../../../tests/support/view-as";
import { action, loader } from "./integration";

// The consent-text modal's Save through the /integration action, against the Shopify stand-in.
const standIn = setUpShopifyStandIn();

const URL_SHOPIFY = "http://localhost:3000/integration?view=shopify";
const post = (fields: Record<string, string>) => ({
  method: "POST",
  body: new URLSearchParams(fields),
  headers: { "Content-Type": "application/x-www-form-urlencoded" },
});
// The SMS status is streamed: waited for here, so it does not run into the next test's stand-in.
const callLoader = async (request: Request) => {
  const data = await loader({ request, params: {}, context: {} } as never);
  await data.smsStatus;
  return data;
};
const callAction = (request: Request) => action({ request, params: {}, context: {} } as never);
type Answer = {
  data: { toast?: { message: string; error?: boolean }; result?: { error?: unknown } };
  init: ResponseInit;
};

async function installedStore(accountId: string) {
  await getDb()
    .insert(storeProfiles)
    .values({ shopDomain: SHOPIFY_TEST_SHOP, storeName: "Demo Shop", accountId });
  const { body } = await standIn().control("POST", "/access-tokens", { shop: SHOPIFY_TEST_SHOP });
  const { accessToken, scope } = body as { accessToken: string; scope: string };
  await storeOfflineSession(SHOPIFY_TEST_SHOP, accessToken, scope);
}

const titleMetafield = () =>
  standIn().store.metafields.find((m) => m.key === "title" && m.namespace === "app--1--sms_consent")?.value;
const profileOf = async (accountId: string) =>
  (await getDb().select().from(storeProfiles).where(eq(storeProfiles.accountId, accountId)))[0];

describeEachDatabase("/integration: the consent text", () => {
  test("the Shopify view shows the defaults; a member saves; the toast is the spec's", async () => {
    const acme = await companyWithAdmin("Acme Outdoors");
    await installedStore(acme.account.id);
    const member = await createMember(acme.account.id);

    const before = await callLoader(await signedInRequest(member.id, URL_SHOPIFY));
    expect(before.consent).toMatchObject({
      title: DEFAULT_CONSENT_TITLE,
      text: defaultConsentText("Acme Outdoors"),
      customised: false,
    });

    const saved = (await callAction(
      await signedInRequest(
        member.id,
        URL_SHOPIFY,
        post({ intent: "consent-text", title: "Text me tips", text: "Reply STOP to stop." }),
      ),
    )) as Answer;
    expect(saved.data.toast).toEqual({ message: "consent.saved" });
    expect(titleMetafield()).toBe("Text me tips");
    expect(await profileOf(acme.account.id)).toMatchObject({ consentTitle: "Text me tips" });
    const after = await callLoader(await signedInRequest(member.id, URL_SHOPIFY));
    expect(after.consent).toMatchObject({ title: "Text me tips", customised: true });
  });

  test("refused input answers 400 with the form's messages; a failing store answers the spec's failure (400, as the page's other refused writes)", async () => {
    const acme = await companyWithAdmin("Acme Outdoors");
    await installedStore(acme.account.id);

    const invalid = (await callAction(
      await signedInRequest(
        acme.admin.id,
        URL_SHOPIFY,
        post({ intent: "consent-text", title: " ", text: "" }),
      ),
    )) as Answer;
    expect(invalid.init.status).toBe(400);
    expect(invalid.data.result?.error).toEqual({
      title: ["consent.validation.titleRequired"],
      text: ["consent.validation.textRequired"],
    });

    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    standIn().failNextGraphql({ status: 500 });
    const failed = (await callAction(
      await signedInRequest(
        acme.admin.id,
        URL_SHOPIFY,
        post({ intent: "consent-text", title: "T", text: "X" }),
      ),
    )) as Answer;
    warn.mockRestore();
    expect(failed.init.status).toBe(400);
    expect(failed.data.toast).toEqual({ message: "consent.saveFailed", error: true });
    expect(titleMetafield()).toBeUndefined();
    expect(await profileOf(acme.account.id)).toMatchObject({ consentTitle: null, consent: null });
  });

  test("a read-only admin sees the text and is refused with 403; nothing reaches the store", async () => {
    const acme = await companyWithAdmin("Acme Outdoors");
    await installedStore(acme.account.id);
    const cookie = await roAdminViewCookie(acme.account.id);
    const headers = { Cookie: cookie };
    const data = await callLoader(new Request(URL_SHOPIFY, { headers }));
    expect(data.can.readOnly).toBe(true);
    expect(data.consent?.title).toBe(DEFAULT_CONSENT_TITLE);

    const init = post({ intent: "consent-text", title: "Hijacked", text: "Nope" });
    const refused = (await thrownBy(
      callAction(new Request(URL_SHOPIFY, { ...init, headers: { ...init.headers, ...headers } })),
    )) as { init?: ResponseInit } | Response;
    expect(refused instanceof Response ? refused.status : refused.init?.status).toBe(403);
    expect(standIn().requests.filter((r) => r.body.includes("metafieldsSet"))).toEqual([]);
    expect(await profileOf(acme.account.id)).toMatchObject({ consentTitle: null });
  });

  test("a company without a store is told so", async () => {
    const lone = await companyWithAdmin("No Store Co");
    const answer = (await callAction(
      await signedInRequest(
        lone.admin.id,
        URL_SHOPIFY,
        post({ intent: "consent-text", title: "T", text: "X" }),
      ),
    )) as Answer;
    expect(answer.init.status).toBe(400);
    expect(answer.data.toast).toEqual({ message: "consent.notConnected", error: true });
  });
});

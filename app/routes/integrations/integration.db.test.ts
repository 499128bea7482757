import { eq } from "drizzle-orm";
import { expect, test, vi } from "vitest";
import { storeProfiles } from "#db/schema";
import { cookieFrom, createUser, signedInRequest, thrownBy } from "../../../tests/support/factories";
import { companyWithAdmin, createMember } from "../../../tests/support/team-factories";
import { describeEachDatabase } from "../../../tests/support/test-database";
import { roAdminViewCookie } from "../../../tests/support/view-as";
import { action as viewAsAction } from "../resources/view-as";
import { action, loader } from "./integration";

// The Shopify plan is the billing work's (and Shopify's): here it is cancelled by a stand-in.
const cancelled = vi.hoisted(() => [] as string[]);
vi.mock("~/domain/billing/shopify-subscriptions.server", () => ({
  cancelShopifySubscription: async (scope: { account: { id: string } }) => {
    cancelled.push(scope.account.id);
  },
}));

const URL_BASE = "http://localhost:3000/integration";
const form = (fields: Record<string, string>) => ({
  method: "POST",
  body: new URLSearchParams(fields),
  headers: { "Content-Type": "application/x-www-form-urlencoded" },
});

function withCookie(cookie: string, url: string, init: RequestInit = {}) {
  const headers = new Headers(init.headers);
  headers.set("Cookie", cookie);
  return new Request(url, { ...init, headers });
}

const callLoader = (request: Request) => loader({ request, params: {}, context: {} } as never);
const callAction = (request: Request) => action({ request, params: {}, context: {} } as never);
const statusOf = async (answer: Promise<unknown>) => {
  const thrown = (await thrownBy(answer)) as { init?: ResponseInit } | Response;
  return thrown instanceof Response ? thrown.status : thrown.init?.status;
};

async function connectStore(accountId: string) {
  const shop = `shop-${Math.random().toString(36).slice(2, 10)}.myshopify.com`;
  const [profile] = await (await import("#db/client.server"))
    .getDb()
    .insert(storeProfiles)
    .values({ shopDomain: shop, storeName: "Route Test Store", accountId })
    .returning();
  return profile;
}

/** The session cookie of a platform admin viewing the company as Admin (made by /resources/view-as). */
async function adminViewCookie(accountId: string) {
  const admin = await createUser({ roles: ["admin"] });
  const answer = (await viewAsAction({
    request: await signedInRequest(
      admin.id,
      "http://localhost:3000/resources/view-as",
      form({ accountId, mode: "admin" }),
    ),
    params: {},
    context: {},
  } as never)) as Response;
  return cookieFrom(answer);
}

describeEachDatabase("/integration", (getDb) => {
  const profileOf = async (accountId: string) =>
    (await getDb().select().from(storeProfiles).where(eq(storeProfiles.accountId, accountId)))[0] ?? null;

  test("the home marks Shopify active once the company's store is connected", async () => {
    const a = await companyWithAdmin();
    const before = await callLoader(await signedInRequest(a.admin.id, URL_BASE));
    expect(before).toMatchObject({
      view: "home",
      active: { shopify: false, tritech: false, whatsapp: false },
    });
    await connectStore(a.account.id);
    const after = await callLoader(await signedInRequest(a.admin.id, URL_BASE));
    expect(after.active.shopify).toBe(true);
  });

  test("without SHOPIFY_API_KEY the Shopify view says so and asks the store nothing", async () => {
    const a = await companyWithAdmin();
    await connectStore(a.account.id);
    const data = await callLoader(await signedInRequest(a.admin.id, `${URL_BASE}?view=shopify`));
    expect(data).toMatchObject({ view: "shopify", configured: false, smsStatus: null });
    expect(data.store?.storeName).toBe("Route Test Store");
  });

  test("an RO Admin sees every control disabled and every write is refused with 403", async () => {
    const a = await companyWithAdmin();
    await connectStore(a.account.id);
    const cookie = await roAdminViewCookie(a.account.id);
    const data = await callLoader(withCookie(cookie, `${URL_BASE}?view=shopify`));
    expect(data.can).toEqual({
      connect: false,
      disconnect: false,
      automaticOptIn: false,
      readOnly: true,
      whatsapp: false,
    });
    const writes: Record<string, string>[] = [
      { intent: "automatic-opt-in", enabled: "true" },
      { intent: "disconnect" },
    ];
    for (const fields of writes)
      expect(await statusOf(callAction(withCookie(cookie, URL_BASE, form(fields))))).toBe(403);
    expect(await profileOf(a.account.id)).toMatchObject({ addContactsWithoutMarketingConsent: false });
    expect(cancelled).not.toContain(a.account.id);
  });

  test("the automatic opt-in is the admin group's: a company admin gets 403, a platform admin sets it", async () => {
    const a = await companyWithAdmin();
    await connectStore(a.account.id);
    const companyAdmin = await signedInRequest(
      a.admin.id,
      URL_BASE,
      form({ intent: "automatic-opt-in", enabled: "true" }),
    );
    expect(await statusOf(callAction(companyAdmin))).toBe(403);
    expect((await profileOf(a.account.id))?.addContactsWithoutMarketingConsent).toBe(false);

    const cookie = await adminViewCookie(a.account.id);
    const data = await callLoader(withCookie(cookie, `${URL_BASE}?view=shopify`));
    expect(data.can).toMatchObject({ automaticOptIn: true, readOnly: false });
    const answer = await callAction(
      withCookie(cookie, URL_BASE, form({ intent: "automatic-opt-in", enabled: "true" })),
    );
    expect(answer).toMatchObject({
      data: { toast: { message: "integrations.automaticOptInTurnedOn" }, automaticOptIn: true },
    });
    expect((await profileOf(a.account.id))?.addContactsWithoutMarketingConsent).toBe(true);
  });

  test("a member who is not a company admin cannot disconnect", async () => {
    const a = await companyWithAdmin();
    await connectStore(a.account.id);
    const member = await createMember(a.account.id);
    const request = await signedInRequest(member.id, URL_BASE, form({ intent: "disconnect" }));
    expect(await statusOf(callAction(request))).toBe(403);
    expect(await profileOf(a.account.id)).not.toBeNull();
  });

  test("a company admin disconnects: back to the home with the spec's message", async () => {
    const a = await companyWithAdmin();
    const b = await companyWithAdmin();
    await connectStore(a.account.id);
    await connectStore(b.account.id);
    const answer = (await callAction(
      await signedInRequest(a.admin.id, URL_BASE, form({ intent: "disconnect" })),
    )) as Response;
    expect(answer.status).toBe(302);
    expect(answer.headers.get("Location")).toBe("/integration");
    expect(cancelled).toContain(a.account.id);
    expect(await profileOf(a.account.id)).toBeNull();
    expect(await profileOf(b.account.id)).not.toBeNull();
    // The flash carries the toast to the home: read it back as the root loader does.
    const home = withCookie(cookieFrom(answer), URL_BASE);
    const { getCookieSession } = await import("~/domain/auth/session.server");
    expect((await getCookieSession(home)).get("toast")).toEqual({ message: "integrations.disconnected" });
  });

  test("an unknown intent is refused with 400", async () => {
    const a = await companyWithAdmin();
    const request = await signedInRequest(a.admin.id, URL_BASE, form({ intent: "uninstall" }));
    const answer = (await callAction(request)) as { init?: ResponseInit };
    expect(answer.init?.status).toBe(400);
  });
});

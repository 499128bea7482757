import { desc, eq } from "drizzle-orm";
import { RouterContextProvider } from "react-router";
import { beforeEach, expect, test } from "vitest";
import { accounts, memberships, products, storeProfiles } from "#db/schema";
import { seedReferenceData } from "#db/seed";
import { clientIpContext } from "~/context.server";
import { getCookieSession, sessionStorage } from "~/domain/auth/session.server";
import { storeDetailsValue } from "~/domain/shopify/onboarding.server";
import { fetchStoreProducts } from "~/domain/shopify/store-products.server";
import { i18nextMiddleware } from "~/i18n/i18n.server";
import {
  addMembership,
  createAccount,
  createUser,
  signedInRequest,
  thrownBy,
} from "../../../tests/support/factories";
import { installedStore } from "../../../tests/support/onboarding-factories";
import { SHOPIFY_TEST_SHOP, setUpShopifyStandIn } from "../../../tests/support/shopify-test-env";
import { companyWithAdmin } from "../../../tests/support/team-factories";
import { describeEachDatabase } from "../../../tests/support/test-database";
import { action as loginAction } from "../auth/login";
import { action, loader } from "./unboxing-tour";

/** /unboxing-tour's loader and intents as React Router calls them, with a real session cookie. */

const standIn = setUpShopifyStandIn();
const URL_ = "http://localhost:3000/unboxing-tour";

/** The cookie of a signed-in user (or a visitor) whose browser completed the install of `shop`. */
async function cookieWith(userId: string | null, shop: string | null = SHOPIFY_TEST_SHOP) {
  const base = userId ? await signedInRequest(userId, URL_) : new Request(URL_);
  const session = await getCookieSession(base);
  if (shop) session.set("storeDetails", storeDetailsValue(shop));
  return (await sessionStorage().commitSession(session)).split(";")[0];
}

const load = (cookie: string) =>
  loader({ request: new Request(URL_, { headers: { Cookie: cookie } }), params: {}, context: {} } as never);

async function post(cookie: string, fields: Record<string, string | string[]>) {
  const body = new URLSearchParams();
  for (const [k, v] of Object.entries(fields)) for (const value of [v].flat()) body.append(k, value);
  const request = new Request(URL_, {
    method: "POST",
    body,
    headers: { Cookie: cookie, "Content-Type": "application/x-www-form-urlencoded" },
  });
  try {
    return (await action({ request, params: {}, context: {} } as never)) as unknown;
  } catch (thrown) {
    return thrown;
  }
}

const locationOf = (answer: unknown) => (answer as Response).headers.get("Location");
async function storeDetailsAfter(answer: unknown) {
  const cookie = (answer as Response).headers.get("Set-Cookie")?.split(";")[0] ?? "";
  return (await getCookieSession(new Request(URL_, { headers: { Cookie: cookie } }))).get("storeDetails");
}

describeEachDatabase("/unboxing-tour", (getDb) => {
  beforeEach(async () => {
    await seedReferenceData(getDb());
  });
  const profileRow = async () =>
    (await getDb().select().from(storeProfiles).where(eq(storeProfiles.shopDomain, SHOPIFY_TEST_SHOP)))[0];

  test("signed out goes to /signin; with no store to onboard, to / with storeDetails cleared", async () => {
    expect(locationOf(await thrownBy(load(await cookieWith(null))))).toBe("/signin");
    const user = await createUser();
    const nothing = await thrownBy(load(await cookieWith(user.id)));
    expect(locationOf(nothing)).toBe("/");
    expect(await storeDetailsAfter(nothing)).toBeUndefined();
  });

  test("the hand-off's store shows LINK_STORE; Create Organization checks the spec's rules, then links", async () => {
    const user = await createUser();
    await installedStore(standIn());
    const cookie = await cookieWith(user.id);
    expect(((await load(cookie)) as { step: { step: string } }).step.step).toBe("LINK_STORE");

    const refused = (await post(cookie, { intent: "create", company: "O'Hara", url: "nope" })) as {
      data: { result: { error: Record<string, string[]> } };
      init: ResponseInit;
    };
    expect(refused.init.status).toBe(400);
    expect(refused.data.result.error).toEqual({
      company: ["validation.companyNameInvalid"],
      url: ["validation.urlInvalid"],
    });
    expect(await getDb().select().from(accounts)).toEqual([]);

    const created = await post(cookie, { intent: "create", company: "Demo Shop", url: SHOPIFY_TEST_SHOP });
    expect(locationOf(created)).toBe("/unboxing-tour");
    const [account] = await getDb().select().from(accounts);
    expect(account).toMatchObject({ company: "Demo Shop", source: "shopify", manualBilling: false });
    expect((await profileRow()).accountId).toBe(account.id);
    const next = (await load(cookie)) as { step: { step: string }; products: Promise<unknown[]> };
    expect(next.step.step).toBe("SHOW_STEPPERS");
    expect(await next.products).toHaveLength(5);
  });

  test("SHOW_STEPPERS streams the store's products; Submit creates them and moves on", async () => {
    const { account, admin } = await companyWithAdmin();
    await installedStore(standIn(), { accountId: account.id });
    const cookie = await cookieWith(admin.id);
    const page = (await load(cookie)) as { step: { step: string }; products: Promise<{ title: string }[]> };
    expect(page.step.step).toBe("SHOW_STEPPERS");
    expect((await page.products).map((p) => p.title)).toContain("Classic Tee");

    const [first, second] = await fetchStoreProducts(SHOPIFY_TEST_SHOP);
    const submitted = await post(cookie, { intent: "products", productIds: [first.id, second.id] });
    expect(locationOf(submitted)).toBe("/unboxing-tour");
    expect(await getDb().select().from(products).where(eq(products.accountId, account.id))).toHaveLength(2);
    // New store profile, unlocked: the welcome pop-up is next.
    expect(((await load(cookie)) as { step: { step: string } }).step.step).toBe("WELCOME");

    const welcomed = await post(cookie, { intent: "welcome" });
    expect(locationOf(welcomed)).toBe("/touchpoints");
    expect(await storeDetailsAfter(welcomed)).toBeUndefined();
    expect((await profileRow()).showWelcomePopUp).toBe(false);
  });

  test("a submitted pick with a malformed product id is refused before Shopify is asked", async () => {
    const { account, admin } = await companyWithAdmin();
    await installedStore(standIn(), { accountId: account.id });
    const answer = (await post(await cookieWith(admin.id), {
      intent: "products",
      productIds: "drop table",
    })) as {
      init: ResponseInit;
    };
    expect(answer.init.status).toBe(400);
    expect((await profileRow()).showStepper).toBe(true);
  });

  test("done: the store's company becomes active, storeDetails cleared, on to /", async () => {
    const { account, admin } = await companyWithAdmin();
    await getDb()
      .update(memberships)
      .set({ activatedAt: new Date(Date.now() - 60_000) })
      .where(eq(memberships.userId, admin.id));
    const other = await createAccount();
    await addMembership(admin.id, other.id, { activatedAt: new Date(Date.now() - 30_000) });
    await installedStore(standIn(), {
      accountId: account.id,
      flags: { showStepper: false, showWelcomePopUp: false },
    });
    const done = await thrownBy(load(await cookieWith(admin.id)));
    expect(locationOf(done)).toBe("/");
    expect(await storeDetailsAfter(done)).toBeUndefined();
    const [active] = await getDb()
      .select()
      .from(memberships)
      .where(eq(memberships.userId, admin.id))
      .orderBy(desc(memberships.activatedAt))
      .limit(1);
    expect(active.accountId).toBe(account.id);
  });

  test("Skip clears storeDetails and goes to /", async () => {
    const user = await createUser();
    await installedStore(standIn());
    const skipped = await post(await cookieWith(user.id), { intent: "skip" });
    expect(locationOf(skipped)).toBe("/");
    expect(await storeDetailsAfter(skipped)).toBeUndefined();
    expect((await profileRow()).accountId).toBeNull();
  });

  test("a read-only admin may look but not link, create or submit (403)", async () => {
    const roadmin = await createUser({ roles: ["roadmin"] });
    const account = await createAccount();
    await addMembership(roadmin.id, account.id, { isCompanyAdmin: true });
    await installedStore(standIn());
    const cookie = await cookieWith(roadmin.id);
    const attempts: Record<string, string | string[]>[] = [
      { intent: "link", accountId: account.id },
      { intent: "create", company: "Demo Shop", url: SHOPIFY_TEST_SHOP },
      { intent: "products", productIds: [] },
    ];
    for (const fields of attempts) {
      const refused = (await post(cookie, fields)) as { init: ResponseInit };
      expect(refused.init.status).toBe(403);
    }
    expect((await profileRow()).accountId).toBeNull();
  });

  test("login with store details in the session lands on /unboxing-tour", async () => {
    const user = await createUser({ password: "store-password-1" });
    const cookie = await cookieWith(null);
    const context = new RouterContextProvider();
    context.set(clientIpContext, "203.0.113.30");
    const request = new Request("http://localhost:3000/signin", {
      method: "POST",
      body: new URLSearchParams({ email: user.email, password: "store-password-1" }),
      headers: { Cookie: cookie, "Content-Type": "application/x-www-form-urlencoded" },
    });
    // The login action reads the language the i18next middleware puts in the context.
    await i18nextMiddleware({ request, context, params: {} } as never, async () => new Response(null));
    const answer = (await loginAction({ request, params: {}, context } as never)) as Response;
    expect(answer.headers.get("Location")).toBe("/unboxing-tour");
    expect(await storeDetailsAfter(answer)).toBe(storeDetailsValue(SHOPIFY_TEST_SHOP));
  });
});

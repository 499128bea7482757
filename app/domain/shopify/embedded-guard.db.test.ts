import { API_KEY, setUpValidSession } from "@shopify/shopify-api/test-helpers";
import { eq } from "drizzle-orm";
import { RouterContextProvider } from "react-router";
import { expect, test } from "vitest";
import { getDb } from "#db/client.server";
import { accounts, memberships, storeProfiles, users } from "#db/schema";
import { requireMember, requireViewer, viewerMiddleware } from "~/domain/access/guard.server";
import { verifyPassword } from "~/domain/auth/password.server";
import { shopifySessionStorage } from "~/services/shopify/shopify.server";
import {
  APP,
  bearerRequest,
  documentRequest,
  openApp,
  openAs,
  sessionToken,
  setUpEmbeddedShopify,
} from "../../../tests/support/embedded-shopify";
import {
  addMembership,
  createAccount,
  createUser,
  redirectTarget,
  signedInRequest,
  thrownBy,
} from "../../../tests/support/factories";
import { describeEachDatabase } from "../../../tests/support/test-database";
import { adminHostFor } from "./embedded-setup";
import { NO_PASSWORD } from "./embedded-staff.server";

const SHOP = "demo-shop.myshopify.com";
const OTHER_SHOP = "other-shop.myshopify.com";

const count = async (table: typeof users | typeof accounts | typeof memberships) =>
  (await getDb().select().from(table)).length;

describeEachDatabase("the embedded app's guard", () => {
  const shopify = setUpEmbeddedShopify();

  test("/app maps the store's owner to a new user without a password, made company admin of a company created for the store", async () => {
    await createAccount(); // the default dashboard new companies point at
    shopify().storeName(SHOP, "Demo Shop's Finest!");

    const opened = await openAs(shopify(), SHOP, { id: 7, email: "Owner@Demo.example", account_owner: true });

    // Then to the home screen, with Shopify's query (a document load keeps its token).
    const target = new URL(opened.location ?? "", APP);
    expect(target.pathname).toBe("/");
    expect(Object.fromEntries(target.searchParams)).toMatchObject({ embedded: "1", shop: SHOP });
    expect(target.searchParams.get("id_token")).toBeTruthy();
    const [user] = await getDb().select().from(users).where(eq(users.email, "owner@demo.example"));
    expect(user.passwordHash).toBe(NO_PASSWORD);
    expect(await verifyPassword("any-password-1", user.passwordHash)).toBe(false);
    const [profile] = await getDb().select().from(storeProfiles).where(eq(storeProfiles.shopDomain, SHOP));
    expect(profile.enabled).toBe(true);
    expect(profile.storeName).toBe("Demo Shop's Finest!");
    const [account] = await getDb()
      .select()
      .from(accounts)
      .where(eq(accounts.id, profile.accountId ?? ""));
    expect(account).toMatchObject({
      company: "Demo Shops Finest",
      url: SHOP,
      source: "shopify",
      manualBilling: false,
      ownerUserId: user.id,
      createdForStoreProfileId: profile.id,
    });
    const [membership] = await getDb().select().from(memberships).where(eq(memberships.userId, user.id));
    expect(membership).toMatchObject({ accountId: account.id, isCompanyAdmin: true });
  });

  test("a valid bearer token resolves the mapped user and the shop's account; the cookie is not consulted", async () => {
    await createAccount();
    await openAs(shopify(), SHOP, { id: 7, email: "owner@demo.example", account_owner: true });
    const stranger = await createUser();
    const strangerCompany = await createAccount();
    await addMembership(stranger.id, strangerCompany.id, { isCompanyAdmin: true });
    const cookie = (await signedInRequest(stranger.id)).headers.get("Cookie") ?? "";

    const token = await sessionToken(SHOP, { sub: "7" });
    const member = await requireMember(bearerRequest(token, "/contacts", { headers: { Cookie: cookie } }));

    expect(member.user.email).toBe("owner@demo.example");
    const [profile] = await getDb().select().from(storeProfiles).where(eq(storeProfiles.shopDomain, SHOP));
    expect(member.account.id).toBe(profile.accountId);
    expect(member.isCompanyAdmin).toBe(true);
    expect(member.readOnly).toBe(false);
    expect(member.viewAs).toBeNull();
  });

  test("the user, the company and the membership are made once, however often the app is opened", async () => {
    await createAccount();
    const before = { users: await count(users), accounts: await count(accounts) };

    for (let i = 0; i < 3; i++)
      await openAs(shopify(), SHOP, { id: 7, email: "owner@demo.example", account_owner: true });
    // The offline and online sessions last: only the first open exchanged tokens for them.
    expect(shopify().exchanges).toEqual([
      { shop: SHOP, online: false },
      { shop: SHOP, online: true },
    ]);
    // Two staff members opening at the same moment still share one company.
    shopify().staff(SHOP, { id: 8, email: "clerk@demo.example" });
    await Promise.all([
      openApp(SHOP, await sessionToken(SHOP, { sub: "8" })),
      openApp(SHOP, await sessionToken(SHOP, { sub: "8" })),
    ]);

    expect(await count(users)).toBe(before.users + 2);
    expect(await count(accounts)).toBe(before.accounts + 1);
    expect(await count(memberships)).toBe(2);
    const [clerk] = await getDb().select().from(users).where(eq(users.email, "clerk@demo.example"));
    const [clerkMembership] = await getDb()
      .select()
      .from(memberships)
      .where(eq(memberships.userId, clerk.id));
    expect(clerkMembership.isCompanyAdmin).toBe(false);
  });

  test("an existing user with the staff member's verified email is mapped (password kept), and the owner becomes company admin", async () => {
    const existing = await createUser({ email: "owner@demo.example", password: "kept-password-1" });
    const company = await createAccount({ company: "Linked Co" });
    await addMembership(existing.id, company.id, { isCompanyAdmin: false });
    await getDb()
      .insert(storeProfiles)
      .values({ shopDomain: SHOP, storeName: "Demo Shop", accountId: company.id });

    await openAs(shopify(), SHOP, { id: 7, email: "owner@demo.example", account_owner: true });

    const [user] = await getDb().select().from(users).where(eq(users.id, existing.id));
    expect(await verifyPassword("kept-password-1", user.passwordHash)).toBe(true);
    const [membership] = await getDb().select().from(memberships).where(eq(memberships.userId, existing.id));
    expect(membership).toMatchObject({ accountId: company.id, isCompanyAdmin: true });
    expect(await count(accounts)).toBe(1);
  });

  test("an unverified Shopify email never takes over the user who owns that address", async () => {
    const existing = await createUser({ email: "victim@example.com" });
    await createAccount();

    const opened = await openAs(shopify(), SHOP, {
      id: 9,
      email: "victim@example.com",
      email_verified: false,
    });

    expect(opened.shown).toEqual({ problem: "emailUnverified" });
    expect(await getDb().select().from(memberships).where(eq(memberships.userId, existing.id))).toEqual([]);
    const token = await sessionToken(SHOP, { sub: "9" });
    expect(await redirectTarget(requireViewer(bearerRequest(token)))).toBe("/app/contacts");
  });

  test("a token for another shop never sees another company's data", async () => {
    await createAccount();
    await openAs(shopify(), SHOP, { id: 7, email: "both@example.com", account_owner: true });
    await openAs(shopify(), OTHER_SHOP, { id: 7, email: "both@example.com", account_owner: true });
    const [demo] = await getDb().select().from(storeProfiles).where(eq(storeProfiles.shopDomain, SHOP));
    const [other] = await getDb()
      .select()
      .from(storeProfiles)
      .where(eq(storeProfiles.shopDomain, OTHER_SHOP));
    expect(demo.accountId).not.toBe(other.accountId);

    const member = await requireMember(bearerRequest(await sessionToken(OTHER_SHOP, { sub: "7" })));
    expect(member.account.id).toBe(other.accountId);
    // The same person belongs to both companies, but inside one shop's admin only that shop's exists.
    expect(member.memberships.map((m) => m.accountId)).toEqual([other.accountId]);

    // A link naming another shop than the token's is refused.
    const mixed = documentRequest(SHOP, await sessionToken(OTHER_SHOP, { sub: "7" }), "/contacts");
    const refused = await thrownBy(requireMember(mixed));
    expect((refused as Response).status).toBe(401);
  });

  test("expired, forged and wrong-audience tokens are refused: 401 with Shopify's retry header for fetches", async () => {
    await createAccount();
    await openAs(shopify(), SHOP, { id: 7, email: "owner@demo.example", account_owner: true });
    const now = Date.now() / 1000;
    const bad = [
      await sessionToken(SHOP, { sub: "7", exp: now - 120, nbf: now - 600 }),
      await sessionToken(SHOP, { sub: "7", aud: "someone-elses-app" }),
      (await sessionToken(SHOP, { sub: "7" })).replace(/\.[^.]+$/, ".Zm9yZ2Vk"),
    ];
    const { getJwt } = await import("@shopify/shopify-api/test-helpers");
    bad.push((await getJwt("demo-shop", API_KEY, "not-the-app-secret", { sub: "7" })).token);

    for (const token of bad) {
      const thrown = await thrownBy(requireViewer(bearerRequest(token)));
      expect(thrown).toBeInstanceOf(Response);
      expect((thrown as Response).status).toBe(401);
      expect((thrown as Response).headers.get("X-Shopify-Retry-Invalid-Session-Request")).toBe("1");
    }
  });

  test("every guard of one request throws its own readable copy of the refusal (React Router reads each body)", async () => {
    await createAccount();
    await openAs(shopify(), SHOP, { id: 7, email: "owner@demo.example", account_owner: true });
    // A link naming another shop than its token's: our own refusal, which has a body.
    const request = bearerRequest(await sessionToken(SHOP, { sub: "7" }), `/contacts?shop=${OTHER_SHOP}`);
    const context = new RouterContextProvider();
    const bodies: string[] = [];
    await viewerMiddleware({ request, context } as never, async () => {
      // The layout's guard, then the screen's: each asks the request's one lazily resolved viewer.
      for (const guard of [requireViewer, requireViewer, requireMember, requireMember]) {
        const thrown = await thrownBy(guard({ request, context }));
        expect((thrown as Response).status).toBe(401);
        bodies.push(await (thrown as Response).text());
      }
      return new Response(null);
    });
    expect(bodies).toEqual(["Unauthorized", "Unauthorized", "Unauthorized", "Unauthorized"]);
  });

  test("a document load with a stale id_token goes to the library's bounce page, which reloads it with a new token", async () => {
    await createAccount();
    await openAs(shopify(), SHOP, { id: 7, email: "owner@demo.example", account_owner: true });
    const now = Date.now() / 1000;
    const stale = await sessionToken(SHOP, { sub: "7", exp: now - 120, nbf: now - 600 });

    const location = await redirectTarget(requireViewer(documentRequest(SHOP, stale, "/contacts")));

    const bounce = new URL(location ?? "", APP);
    expect(bounce.pathname).toBe("/auth/session-token");
    expect(bounce.searchParams.get("id_token")).toBeNull();
    const reload = new URL(bounce.searchParams.get("shopify-reload") ?? "");
    expect(reload.pathname).toBe("/contacts");
    expect(reload.searchParams.get("shop")).toBe(SHOP);
  });

  test("a staff member /app has not set up yet is sent to /app first, to the same screen and query", async () => {
    shopify().staff(SHOP, { id: 7, email: "owner@demo.example" });
    const token = await sessionToken(SHOP, { sub: "7" });

    expect(await redirectTarget(requireViewer(documentRequest(SHOP, token, "/touchpoints")))).toBe(
      `/app/touchpoints?${new URLSearchParams({ embedded: "1", shop: SHOP, host: adminHostFor(SHOP), id_token: token })}`,
    );
    expect(await redirectTarget(requireViewer(bearerRequest(token, "/?_routes=root")))).toBe("/app");
  });

  test("after the app is uninstalled (sessions deleted), a token no longer opens the company", async () => {
    await createAccount();
    await openAs(shopify(), SHOP, { id: 7, email: "owner@demo.example", account_owner: true });
    await shopifySessionStorage.deleteSessions(
      (await shopifySessionStorage.findSessionsByShop(SHOP)).map((s) => s.id),
    );
    // A stored offline session keeps the library from exchanging; the online one is gone.
    await shopifySessionStorage.storeSession(setUpValidSession({ shop: SHOP }));

    const token = await sessionToken(SHOP, { sub: "7" });
    expect(await redirectTarget(requireViewer(bearerRequest(token)))).toBe("/app/contacts");
  });
});

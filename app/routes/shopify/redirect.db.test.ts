import { eq } from "drizzle-orm";
import { RouterContextProvider } from "react-router";
import { expect, test, vi } from "vitest";
import { storeProfiles } from "#db/schema";
import { resetConfigForTests } from "~/config.server";
import { clientIpContext } from "~/context.server";
import { getCookieSession } from "~/domain/auth/session.server";
import { adminGraphql } from "~/domain/shopify/admin-api.server";
import { shopifySessionStorage } from "~/services/shopify/shopify.server";
import { createUser, signedInRequest } from "../../../tests/support/factories";
import { signedInstallQuery } from "../../../tests/support/onboarding-factories";
import {
  SHOPIFY_TEST_API_SECRET,
  SHOPIFY_TEST_SHOP,
  setUpShopifyStandIn,
} from "../../../tests/support/shopify-test-env";
import { oauthQueryHmac } from "../../../tests/support/stand-ins/shopify-signing";
import { describeEachDatabase } from "../../../tests/support/test-database";
import { loader as installLoader } from "./install";
import { action, loader } from "./redirect";

/**
 * /shopify-redirect with the real library against the Shopify stand-in: /shopify-install's 302 and
 * state cookie, the stand-in's Install button (code, hmac, state as Shopify signs them), then the
 * callback posted back as the page does.
 */

const standIn = setUpShopifyStandIn();

function contextFor(ip = "203.0.113.20") {
  const context = new RouterContextProvider();
  context.set(clientIpContext, ip);
  return context;
}

/** The merchant installs: our 302, Shopify's install page, Install → the callback URL and this browser's cookies. */
async function install() {
  const request = new Request(`http://localhost:3000/shopify-install?${signedInstallQuery()}`);
  const begun = (await installLoader({ request, params: {}, context: contextFor() } as never)) as Response;
  const cookie = begun.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
  const authorize = new URL(begun.headers.get("Location") ?? "");
  const approved = await fetch(`${authorize.origin}${authorize.pathname}`, {
    method: "POST",
    body: authorize.searchParams,
    redirect: "manual",
  });
  expect(approved.status).toBe(302);
  return { callbackUrl: approved.headers.get("Location") ?? "", cookie };
}

async function postCallback(url: string, cookie: string) {
  const request = new Request(url, { method: "POST", headers: { Cookie: cookie } });
  try {
    return await action({ request, params: {}, context: contextFor() } as never);
  } catch (thrown) {
    return thrown;
  }
}

const problemOf = (answer: unknown) => (answer as { data?: { problem?: string } }).data?.problem;
const statusOf = (answer: unknown) =>
  answer instanceof Response ? answer.status : ((answer as { init?: ResponseInit }).init?.status ?? 200);
const tokenExchanges = () =>
  standIn().requests.filter((r) => r.path.startsWith("/admin/oauth/access_token")).length;

describeEachDatabase("/shopify-redirect", (getDb) => {
  test("the page says it is checking and posts itself back; a link without Shopify's answer is refused", async () => {
    const { callbackUrl } = await install();
    expect(
      await loader({ request: new Request(callbackUrl), params: {}, context: contextFor() } as never),
    ).toEqual({
      problem: null,
    });
    const bare = await loader({
      request: new Request("http://localhost:3000/shopify-redirect?shop=demo-shop.myshopify.com"),
      params: {},
      context: contextFor(),
    } as never);
    expect(statusOf(bare)).toBe(400);
    expect(problemOf(bare)).toBe("missing_params");
  });

  test("a verified callback stores the offline session and the store profile, and sends a visitor to sign in", async () => {
    const { callbackUrl, cookie } = await install();

    const answer = (await postCallback(callbackUrl, cookie)) as Response;

    expect(answer.status).toBe(302);
    expect(answer.headers.get("Location")).toBe("/signin");
    const cookies = answer.headers.getSetCookie();
    // The state cookie is expired where it lives, so the browser cannot send it again.
    expect(cookies).toContainEqual(
      expect.stringMatching(/^shopify_app_state=;.*Path=\/shopify-redirect.*1970/),
    );
    const sessionCookie = cookies.find((c) => c.startsWith("__session="))?.split(";")[0] ?? "";
    const session = await getCookieSession(
      new Request("http://localhost:3000/", { headers: { Cookie: sessionCookie } }),
    );
    expect(JSON.parse(session.get("storeDetails") ?? "{}")).toEqual({ shop: SHOPIFY_TEST_SHOP });
    expect(session.get("feedback")).toBe("shopifyOnboarding.redirect.signInToConnect");

    const offline = await shopifySessionStorage.loadSession(`offline_${SHOPIFY_TEST_SHOP}`);
    expect(offline?.accessToken).toMatch(/^shpat_/);
    // The stored token works: the Admin API answers with it.
    const { shop } = await adminGraphql<{ shop: { name: string } }>(SHOPIFY_TEST_SHOP, "{ shop { name } }");
    expect(shop.name).toBe("Demo Shop");
    const [profile] = await getDb()
      .select()
      .from(storeProfiles)
      .where(eq(storeProfiles.shopDomain, SHOPIFY_TEST_SHOP));
    expect(profile).toMatchObject({
      storeName: "Demo Shop",
      shopEmail: "owner@demo-shop.example",
      accountId: null,
      enabled: true,
      showStepper: true,
      showWelcomePopUp: true,
    });
    expect(profile.shopifyStoreId).toMatch(/^\d+$/);
    expect(profile.scopes).toContain("read_products");
  });

  test("a signed-in user goes straight to /unboxing-tour", async () => {
    const user = await createUser();
    const { callbackUrl, cookie } = await install();
    const signedIn = (await signedInRequest(user.id)).headers.get("Cookie") ?? "";

    const answer = (await postCallback(callbackUrl, `${cookie}; ${signedIn}`)) as Response;

    expect(answer.headers.get("Location")).toBe("/unboxing-tour");
  });

  test("a replayed callback is refused in words and exchanges nothing", async () => {
    const { callbackUrl, cookie } = await install();
    expect(statusOf(await postCallback(callbackUrl, cookie))).toBe(302);
    expect(tokenExchanges()).toBe(1);
    // The library logs each refusal it makes (no cookie, bad callback) as an error.
    vi.spyOn(console, "warn").mockImplementation(() => {});
    vi.spyOn(console, "error").mockImplementation(() => {});

    // As a browser replays it: the state cookie was expired, so it is not sent.
    const replayed = await postCallback(callbackUrl, "");
    expect(statusOf(replayed)).toBe(400);
    expect(problemOf(replayed)).toBe("replayed");
    // Even with the old cookie kept by hand: Shopify spends a code once, and the state is used.
    const forcedReplay = await postCallback(callbackUrl, cookie);
    expect(statusOf(forcedReplay)).toBe(400);
    expect(["replayed", "exchange_failed"]).toContain(problemOf(forcedReplay));
    expect(tokenExchanges()).toBe(2);
    expect(await getDb().select().from(storeProfiles)).toHaveLength(1);
  });

  test("a forged callback (wrong HMAC, or a state this browser did not start) is refused", async () => {
    const { callbackUrl, cookie } = await install();
    const url = new URL(callbackUrl);
    vi.spyOn(console, "error").mockImplementation(() => {});

    const badHmac = new URL(url);
    badHmac.searchParams.set("hmac", "0".repeat(64));
    expect(problemOf(await postCallback(badHmac.href, cookie))).toBe("forged");

    // Signed correctly (as if by Shopify) but for another state than this browser's cookie.
    const query = Object.fromEntries(url.searchParams);
    delete query.hmac;
    query.state = "someone-elses-state";
    const otherState = new URL(url.pathname, url.origin);
    for (const [k, v] of Object.entries({ ...query, hmac: oauthQueryHmac(SHOPIFY_TEST_API_SECRET, query) }))
      otherState.searchParams.set(k, v);
    expect(problemOf(await postCallback(otherState.href, cookie))).toBe("forged");

    // Another browser (no state cookie at all).
    expect(problemOf(await postCallback(callbackUrl, ""))).toBe("replayed");

    expect(tokenExchanges()).toBe(0);
    expect(await getDb().select().from(storeProfiles)).toEqual([]);
    // The merchant's own browser still completes.
    expect(statusOf(await postCallback(callbackUrl, cookie))).toBe(302);
  });

  test("a shop that is not a Shopify store is refused before anything else", async () => {
    const answer = await postCallback(
      `http://localhost:3000/shopify-redirect?${signedInstallQuery({ shop: "evil.example.com", code: "x", state: "y" })}`,
      "",
    );
    expect(statusOf(answer)).toBe(400);
    expect(problemOf(answer)).toBe("bad_shop");
  });

  test("unconfigured, the page says so", async () => {
    delete process.env.SHOPIFY_API_KEY;
    resetConfigForTests();
    const { callbackUrl } = {
      callbackUrl: `http://localhost:3000/shopify-redirect?${signedInstallQuery({ code: "c", state: "s" })}`,
    };
    const page = await loader({
      request: new Request(callbackUrl),
      params: {},
      context: contextFor(),
    } as never);
    expect(problemOf(page)).toBe("not_configured");
    expect(problemOf(await postCallback(callbackUrl, ""))).toBe("not_configured");
  });
});

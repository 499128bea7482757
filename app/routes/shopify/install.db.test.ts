import { AuthScopes } from "@shopify/shopify-api";
import { RouterContextProvider } from "react-router";
import { expect, test } from "vitest";
import { resetConfigForTests } from "~/config.server";
import { clientIpContext } from "~/context.server";
import { SHOPIFY_SCOPES } from "~/services/shopify/shopify.server";
import { signedInstallQuery } from "../../../tests/support/onboarding-factories";
import {
  SHOPIFY_TEST_API_KEY,
  SHOPIFY_TEST_SHOP,
  setUpShopifyStandIn,
} from "../../../tests/support/shopify-test-env";
import { describeEachDatabase } from "../../../tests/support/test-database";
import { loader } from "./install";

/** /shopify-install as React Router calls its loader, with Shopify's signed query. */

const standIn = setUpShopifyStandIn();

async function open(query: URLSearchParams, ip = "203.0.113.7") {
  const context = new RouterContextProvider();
  context.set(clientIpContext, ip);
  const request = new Request(`http://localhost:3000/shopify-install?${query}`);
  return loader({ request, params: {}, context } as never) as Promise<unknown>;
}

const statusOf = (answer: unknown) =>
  answer instanceof Response ? answer.status : ((answer as { init?: ResponseInit }).init?.status ?? 200);
const problemOf = (answer: unknown) => (answer as { data?: { problem?: string } }).data?.problem;

describeEachDatabase("/shopify-install", () => {
  test("a signed request starts Shopify's OAuth: authorize page, scopes, our callback, a state bound to this browser", async () => {
    const answer = (await open(signedInstallQuery())) as Response;

    expect(answer.status).toBe(302);
    const location = new URL(answer.headers.get("Location") ?? "");
    // Tests reach Shopify through the stand-in (SHOPIFY_API_URL), as the library's own calls do.
    expect(`${location.origin}${location.pathname}`).toBe(
      `${standIn().url}/${SHOPIFY_TEST_SHOP}/admin/oauth/authorize`,
    );
    expect(location.searchParams.get("client_id")).toBe(SHOPIFY_TEST_API_KEY);
    // The library writes the scopes compactly (write_customers implies read_customers): the same grant.
    expect(new AuthScopes(location.searchParams.get("scope") ?? "").equals([...SHOPIFY_SCOPES])).toBe(true);
    expect(location.searchParams.get("redirect_uri")).toBe("http://localhost:3000/shopify-redirect");
    const state = location.searchParams.get("state") ?? "";
    expect(state).toMatch(/^[0-9a-f]{20,}$/);
    expect(state).not.toBe("shopify");
    const cookies = answer.headers.getSetCookie();
    const stateCookie = cookies.find((c) => c.startsWith("shopify_app_state="));
    expect(stateCookie).toContain(`shopify_app_state=${state};`);
    expect(stateCookie).toContain("path=/shopify-redirect");
    expect(cookies.some((c) => c.startsWith("shopify_app_state.sig="))).toBe(true);

    // Each install gets its own state.
    const again = (await open(signedInstallQuery())) as Response;
    expect(new URL(again.headers.get("Location") ?? "").searchParams.get("state")).not.toBe(state);
  });

  test("a wrong, missing or stale HMAC is refused in words", async () => {
    const forged = signedInstallQuery({}, "not-the-app-secret");
    expect(statusOf(await open(forged))).toBe(400);
    expect(problemOf(await open(forged))).toBe("bad_hmac");

    const stale = signedInstallQuery({ timestamp: String(Math.floor(Date.now() / 1000) - 3600) });
    expect(problemOf(await open(stale))).toBe("bad_hmac");

    const tampered = signedInstallQuery();
    tampered.set("shop", "other-shop.myshopify.com");
    expect(problemOf(await open(tampered))).toBe("bad_hmac");

    const unsigned = signedInstallQuery();
    unsigned.delete("hmac");
    expect(problemOf(await open(unsigned))).toBe("missing_params");
    expect(problemOf(await open(new URLSearchParams()))).toBe("missing_params");
  });

  test("a shop that is not a myshopify.com domain is refused, even when signed", async () => {
    for (const shop of [
      "evil.example.com",
      "demo-shop.myshopify.com.evil.example",
      "https://demo-shop.myshopify.com",
    ]) {
      const answer = await open(signedInstallQuery({ shop }));
      expect(statusOf(answer)).toBe(400);
      expect(problemOf(answer)).toBe("bad_shop");
    }
  });

  test("a request that already carries a code goes on to /shopify-redirect with its query", async () => {
    const query = signedInstallQuery({ code: "abc", state: "123" });
    const answer = (await open(query)) as Response;
    expect(answer.status).toBe(302);
    expect(answer.headers.get("Location")).toBe(`/shopify-redirect?${query}`);
  });

  test("one address is limited; others still get through", async () => {
    for (let i = 0; i < 60; i++) expect(statusOf(await open(signedInstallQuery(), "198.51.100.9"))).toBe(302);
    const limited = await open(signedInstallQuery(), "198.51.100.9");
    expect(statusOf(limited)).toBe(429);
    expect(problemOf(limited)).toBe("rate_limited");
    expect(statusOf(await open(signedInstallQuery(), "198.51.100.10"))).toBe(302);
  });

  test("without SHOPIFY_API_KEY and SHOPIFY_API_SECRET it says Shopify is not configured", async () => {
    delete process.env.SHOPIFY_API_KEY;
    delete process.env.SHOPIFY_API_SECRET;
    resetConfigForTests();
    const answer = await open(signedInstallQuery());
    expect(statusOf(answer)).toBe(503);
    expect(problemOf(answer)).toBe("not_configured");
  });
});

import { RouterContextProvider } from "react-router";
import { afterEach, describe, expect, test } from "vitest";
import { resetConfigForTests } from "~/config.server";
import { adminHostFor } from "~/domain/shopify/embedded-setup";
import { i18nextMiddleware } from "~/i18n/i18n.server";
import { APP, sessionToken, setUpEmbeddedShopify } from "../../../tests/support/embedded-shopify";
import { createAccount } from "../../../tests/support/factories";
import { describeEachDatabase } from "../../../tests/support/test-database";
import { middleware as homeMiddleware } from "../home";
import type { Route as AppRoute } from "./+types/app";
import type { Route as AuthRoute } from "./+types/auth";
import { loader as appLoader } from "./app";
import { loader as authLoader } from "./auth";

const SHOP = "demo-shop.myshopify.com";

async function answer<T>(call: () => Promise<T>) {
  try {
    return { data: await call() };
  } catch (thrown) {
    if (thrown instanceof Response) return { response: thrown };
    throw thrown;
  }
}

/**
 * The app's address (/, shopify.app.toml's application_url) as its own middleware answers it: where it
 * sends the request, or null when it lets the layout and the home screen answer (React Router goes on
 * when a middleware returns without calling next).
 */
async function openRoot(url: string, init: RequestInit = {}) {
  const next = async () => new Response(null);
  const { response } = await answer(async () => {
    for (const middleware of homeMiddleware)
      await middleware(
        { request: new Request(url, init), context: new RouterContextProvider(), params: {} } as never,
        next,
      );
  });
  return response ? response.headers.get("Location") : null;
}

const openApp = (url: string) =>
  answer(() =>
    appLoader({
      request: new Request(url),
      context: new RouterContextProvider(),
      params: {},
    } as unknown as AppRoute.LoaderArgs),
  );

/** The /auth/* loader as React Router calls it, after the root's i18n middleware. */
async function openAuth(url: string) {
  const request = new Request(url);
  const context = new RouterContextProvider();
  let result: Awaited<ReturnType<typeof answer>> | undefined;
  await i18nextMiddleware(
    { request, context } as unknown as Parameters<typeof i18nextMiddleware>[0],
    async () => {
      result = await answer(() =>
        authLoader({ request, context, params: {} } as unknown as AuthRoute.LoaderArgs),
      );
      return new Response(null);
    },
  );
  return result as Awaited<ReturnType<typeof answer>>;
}

describe("/app and /auth/* on a server without Shopify", () => {
  afterEach(() => resetConfigForTests());

  test("/app shows that the Shopify integration is not configured", async () => {
    delete process.env.SHOPIFY_API_KEY;
    delete process.env.SHOPIFY_API_SECRET;
    resetConfigForTests();

    expect((await openApp(`${APP}/app?embedded=1&shop=${SHOP}`)).data).toEqual({ problem: "notConfigured" });
    const auth = await openAuth(`${APP}/auth/session-token?shop=${SHOP}`);
    expect(auth.data).toBeInstanceOf(Response);
    const response = auth.data as Response;
    expect(response.status).toBe(404);
    expect(await response.text()).toMatch(
      /not configured on this server.*SHOPIFY_API_KEY and SHOPIFY_API_SECRET/,
    );
  });
});

describeEachDatabase("/app and /auth/* with Shopify configured", () => {
  const shopify = setUpEmbeddedShopify();

  test("/app opened outside the admin without a shop goes to the standalone home", async () => {
    expect((await openApp(`${APP}/app`)).response?.headers.get("Location")).toBe("/");
  });

  test("/app opened outside the admin with a shop is sent into that shop's admin by the library", async () => {
    const { response } = await openApp(`${APP}/app?shop=${SHOP}&host=${adminHostFor(SHOP)}`);
    expect(response?.status).toBe(302);
    expect(response?.headers.get("Location")).toMatch(
      /^https:\/\/admin\.shopify\.com\/store\/demo-shop\/apps\//,
    );
  });

  test("Shopify's link to the app's address with the shop goes on to /app, and from there into the shop's admin", async () => {
    // As after an install or from the Partner Dashboard: the site root with Shopify's signed query.
    const query = `shop=${SHOP}&host=${adminHostFor(SHOP)}&hmac=abc&timestamp=1700000000`;
    const entry = await openRoot(`${APP}/?${query}`);
    expect(entry).toBe(`/app?${query}`);
    const { response } = await openApp(`${APP}${entry}`);
    expect(response?.headers.get("Location")).toMatch(
      /^https:\/\/admin\.shopify\.com\/store\/demo-shop\/apps\//,
    );
    // The host alone is Shopify's too.
    expect(await openRoot(`${APP}/?host=${adminHostFor(SHOP)}`)).toBe(`/app?host=${adminHostFor(SHOP)}`);
  });

  test("the app's address inside the admin, and without Shopify's query, is the home screen", async () => {
    const token = await sessionToken(SHOP, { sub: "7" });
    const embedded = new URLSearchParams({
      embedded: "1",
      shop: SHOP,
      host: adminHostFor(SHOP),
      id_token: token,
    });
    // Shopify opening the app in the admin, and /app's own redirect back: the guard takes it from there.
    expect(await openRoot(`${APP}/?${embedded}`)).toBeNull();
    // App Bridge's fetches carry the token as a bearer header.
    expect(
      await openRoot(`${APP}/?shop=${SHOP}`, { headers: { Authorization: `Bearer ${token}` } }),
    ).toBeNull();
    expect(await openRoot(`${APP}/`)).toBeNull();
    expect(await openRoot(`${APP}/?range=last7`)).toBeNull();
  });

  test("a deep link /app/{path} sets the staff member up, then opens /{path} with the same query", async () => {
    await createAccount();
    shopify().staff(SHOP, { id: 7, email: "owner@demo.example", account_owner: true });
    const token = await sessionToken(SHOP, { sub: "7" });
    const query = new URLSearchParams({
      embedded: "1",
      shop: SHOP,
      host: adminHostFor(SHOP),
      id_token: token,
    });

    const { response } = await openApp(`${APP}/app/contacts/create-contact?${query}`);

    expect(response?.headers.get("Location")).toBe(`/contacts/create-contact?${query}`);
  });

  test("/auth/session-token is the library's bounce page: App Bridge's script, framable by the shop's admin only", async () => {
    const { response } = await openAuth(
      `${APP}/auth/session-token?embedded=1&shop=${SHOP}&host=${adminHostFor(SHOP)}&shopify-reload=${encodeURIComponent(`${APP}/contacts?shop=${SHOP}`)}`,
    );

    expect(response?.status).toBe(200);
    expect(await response?.text()).toContain('src="https://cdn.shopify.com/shopifycloud/app-bridge.js"');
    expect(response?.headers.get("Content-Security-Policy")).toContain(
      `frame-ancestors https://${SHOP} https://admin.shopify.com`,
    );
    // A shop that is not a Shopify domain is never written into the page's frame-ancestors.
    const evil = await openAuth(
      `${APP}/auth/session-token?embedded=1&shop=evil.example&host=${adminHostFor(SHOP)}`,
    );
    expect(evil.response?.headers.get("Content-Security-Policy") ?? "").not.toContain("evil.example");
  });
});

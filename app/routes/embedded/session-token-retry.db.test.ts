import { expect, test } from "vitest";
import {
  bearerRequest,
  openAs,
  sessionToken,
  setUpEmbeddedShopify,
} from "../../../tests/support/embedded-shopify";
import { createAccount } from "../../../tests/support/factories";
import { type AppRoute, appRequestHandler } from "../../../tests/support/route-handler";
import { describeEachDatabase } from "../../../tests/support/test-database";

const SHOP = "demo-shop.myshopify.com";
const RETRY = "X-Shopify-Retry-Invalid-Session-Request";

/** A URL of the route (parameters filled in), its parents' paths included. */
function urlOf(route: AppRoute, routes: Record<string, AppRoute>): string {
  const segments: string[] = [];
  for (let at: AppRoute | undefined = route; at; at = at.parentId ? routes[at.parentId] : undefined)
    if (at.path) segments.unshift(at.path);
  return `/${segments.join("/")}`.replace(/:\w+/g, "x").replace(/\*$/, "x");
}

/** React Router's data request for the route's loaders, or its action (an index route says so). */
function dataUrl(route: AppRoute, routes: Record<string, AppRoute>) {
  const url = urlOf(route, routes);
  return `${url === "/" ? "/_root" : url}.data${route.index ? "?index" : ""}`;
}

/** Every request App Bridge could send a page with an expired token, and what came back. */
async function expiredTokenAnswers(handler: Awaited<ReturnType<typeof appRequestHandler>>, token: string) {
  const answers: { request: string; status: number; retry: string | null }[] = [];
  const pages = Object.values(handler.routes).filter((route) => route.id !== "root" && route.module.default);
  for (const route of pages) {
    const url = dataUrl(route, handler.routes);
    const requests = [bearerRequest(token, url)];
    if (route.module.action)
      requests.push(
        bearerRequest(token, url, { method: "POST", body: new URLSearchParams({ intent: "save" }) }),
      );
    for (const request of requests) {
      const response = await handler.handle(request);
      answers.push({
        request: `${request.method} ${url} (${route.id})`,
        status: response.status,
        retry: response.headers.get(RETRY),
      });
    }
  }
  return answers;
}

describeEachDatabase("an expired session token from inside the Shopify admin", () => {
  const shopify = setUpEmbeddedShopify();

  test("every page's data request and action answers 401 with Shopify's retry header, through React Router", async () => {
    await createAccount();
    await openAs(shopify(), SHOP, { id: 7, email: "owner@demo.example", account_owner: true });
    const now = Date.now() / 1000;
    const expired = await sessionToken(SHOP, { sub: "7", exp: now - 120, nbf: now - 600 });
    const handler = await appRequestHandler();

    const answers = await expiredTokenAnswers(handler, expired);

    const refused = answers.filter((answer) => answer.status === 401);
    expect(refused.map((answer) => answer.request)).toEqual(
      expect.arrayContaining([
        "GET /contacts.data (routes/contacts/contacts)",
        "POST /product.data (routes/products/products)",
        "GET /_root.data?index (routes/home)",
        "POST /setup.data (routes/setup/setup)",
      ]),
    );
    expect(refused.filter((answer) => answer.retry !== "1")).toEqual([]);

    // The same requests with a fresh token are answered (App Bridge's retry succeeds).
    const fresh = await sessionToken(SHOP, { sub: "7" });
    const retried = await handler.handle(bearerRequest(fresh, "/contacts.data"));
    expect(retried.status).toBe(200);
  });

  test("without the layout's headers export the screens' data would lose the header (what the test above catches)", async () => {
    await createAccount();
    await openAs(shopify(), SHOP, { id: 7, email: "owner@demo.example", account_owner: true });
    const now = Date.now() / 1000;
    const expired = await sessionToken(SHOP, { sub: "7", exp: now - 120, nbf: now - 600 });
    const handler = await appRequestHandler({
      withoutExports: { "routes/app-layout": ["headers"], "routes/products/products": ["headers"] },
    });

    const screen = await handler.handle(bearerRequest(expired, "/contacts.data"));
    const action = await handler.handle(
      bearerRequest(expired, "/product.data", { method: "POST", body: new URLSearchParams({ name: "x" }) }),
    );

    expect([screen.status, screen.headers.get(RETRY)]).toEqual([401, null]);
    expect([action.status, action.headers.get(RETRY)]).toEqual([401, null]);
  });
});

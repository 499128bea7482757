/**
 * The embedded app's URLs. Shopify opens the site root (shopify.app.toml's application_url), or
 * /{path} for a deep link; inside the admin the screens keep their own URLs (/contacts,
 * /touchpoints...), served by the same route modules as the standalone app. The guard sends a staff
 * member not set up yet to /app or /app/{path}, which set them up, then send them to / or /{path}
 * with the query Shopify gave (embedded, shop, host, id_token...), so a deep link into the admin
 * lands on its screen.
 */
export const EMBEDDED_ENTRY = "/app";

/** Parameters React Router adds to its own data requests; never part of a screen's URL. */
const ROUTER_PARAMS = ["_routes", "index"];

function searchWithout(url: URL, names: string[]): string {
  const params = new URLSearchParams(url.search);
  for (const name of names) params.delete(name);
  const search = params.toString();
  return search ? `?${search}` : "";
}

/** Where a request the guard cannot place yet goes: /app in front of its own path and query. */
export function embeddedSetupUrl(request: Request): string {
  const url = new URL(request.url);
  const path = url.pathname === "/" ? "" : url.pathname;
  return `${EMBEDDED_ENTRY}${path}${searchWithout(url, ROUTER_PARAMS)}`;
}

/** The screen /app or /app/{path} leads to, with the request's query. */
export function embeddedTargetUrl(request: Request): string {
  const url = new URL(request.url);
  const rest = url.pathname.slice(EMBEDDED_ENTRY.length).replace(/^\/+/, "");
  return `/${rest}${searchWithout(url, ROUTER_PARAMS)}`;
}

/** The query parameter a redirect's toast travels in inside the admin (embedded-flash.server.ts). */
export const EMBEDDED_FLASH_PARAM = "_toast";

/** The parameters a document load inside the admin must keep, so the library can fetch a new token. */
export const EMBEDDED_QUERY_PARAMS = ["embedded", "shop", "host"] as const;

/** A path of ours with the embedded query added (kept as is when it already has one). */
export function withEmbeddedQuery(
  path: string,
  query: Partial<Record<(typeof EMBEDDED_QUERY_PARAMS)[number], string>>,
) {
  const url = new URL(path, "http://embedded.invalid");
  for (const name of EMBEDDED_QUERY_PARAMS) {
    const value = query[name];
    if (value && !url.searchParams.has(name)) url.searchParams.set(name, value);
  }
  return `${url.pathname}${url.search}${url.hash}`;
}

/** Shopify's App Bridge, loaded first in the head of every embedded page (never from a copy of ours). */
export const APP_BRIDGE_SCRIPT_URL = "https://cdn.shopify.com/shopifycloud/app-bridge.js";

/**
 * The admin's host parameter of a shop (base64 of admin.shopify.com/store/{handle}), for requests
 * that did not carry it (App Bridge's fetches): document links need it to load inside the admin.
 */
export function adminHostFor(shop: string): string {
  return btoa(`admin.shopify.com/store/${shop.replace(/\.myshopify\.com$/, "")}`);
}

/**
 * The frame-ancestors of an embedded page: the shop's own admin domain and Shopify's admin, the two
 * origins Shopify frames apps from (exactly what the issue and Shopify's own checks ask for).
 */
export function embeddedFrameAncestors(shop: string): string {
  return `https://${shop} https://admin.shopify.com`;
}

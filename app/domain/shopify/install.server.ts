import {
  BotActivityDetected,
  CookieNotFound,
  HttpResponseError,
  InvalidHmacError,
  InvalidOAuthError,
  InvalidShopError,
  type Session,
} from "@shopify/shopify-api";
import { config } from "~/config.server";
import { hitRateLimit } from "~/domain/auth/rate-limit.server";
import type { RateRule } from "~/services/http/memory-rate-limit.server";
import { shopifyApiOrNull, shopifyOriginFor, shopifySessionStorage } from "~/services/shopify/shopify.server";
import { adminGraphql } from "./admin-api.server";
import type { InstallProblem } from "./install-problems";
import { normaliseShopDomain, recordInstalledStore, type StoreProfile } from "./store-profiles.server";

/**
 * The standalone install hand-off (spec 3 section 2.6): /shopify-install starts Shopify's
 * authorization-code OAuth, /shopify-redirect finishes it. Both go through @shopify/shopify-api
 * (auth.begin, auth.callback): the OAuth state is a random nonce the library signs into a cookie of
 * this browser (the spec's fixed state 'shopify' would let anyone forge a callback), and the callback
 * is accepted only with Shopify's HMAC, that state and a code Shopify exchanges once.
 */

export const SHOPIFY_CALLBACK_PATH = "/shopify-redirect";
const STATE_COOKIE = "shopify_app_state";

// Public endpoints anyone can hit: generous for a merchant retrying, a wall for a flood. The window is
// shorter than the longest rule in rate-limit.server.ts, so the hourly prune clears these counters too.
export const installRateLimit: RateRule = { limit: 60, windowMs: 15 * 60_000 };
// Each OAuth state is accepted once, whatever the library's cookie says (see completeStoreInstall).
const stateOnce: RateRule = { limit: 1, windowMs: 15 * 60_000 };

export type Refusal = { ok: false; problem: InstallProblem; status: number };
const refuse = (problem: InstallProblem, status: number): Refusal => ({ ok: false, problem, status });

function queryOf(request: Request): Record<string, string> {
  return Object.fromEntries(new URL(request.url).searchParams.entries());
}

/** Counts the request against its address; true when over the limit. */
async function overLimit(kind: string, clientIp: string) {
  return (await hitRateLimit(`shopify${kind}:ip:${clientIp}`, installRateLimit)).limited;
}

/**
 * /shopify-install?shop&hmac&timestamp (Shopify opens it when a merchant installs the app): checks
 * Shopify's HMAC and the shop, then answers the library's 302 to the shop's OAuth authorize page with
 * the signed state cookie. A request that already carries a code is a callback that came to the wrong
 * address: it goes on to /shopify-redirect with its query.
 */
export async function beginStoreInstall(
  request: Request,
  clientIp: string,
): Promise<{ ok: true; response: Response } | Refusal> {
  const api = shopifyApiOrNull();
  if (!api) return refuse("not_configured", 503);
  if (await overLimit("Install", clientIp)) return refuse("rate_limited", 429);
  const query = queryOf(request);
  const shop = normaliseShopDomain(query.shop);
  if (!shop) return refuse(query.shop ? "bad_shop" : "missing_params", 400);
  if (!query.hmac) return refuse("missing_params", 400);
  if (!(await validHmac(query))) return refuse("bad_hmac", 400);
  if (query.code) {
    const search = new URL(request.url).search;
    return {
      ok: true,
      response: new Response(null, {
        status: 302,
        headers: { Location: `${SHOPIFY_CALLBACK_PATH}${search}` },
      }),
    };
  }
  const response = await api.auth.begin({
    shop,
    callbackPath: SHOPIFY_CALLBACK_PATH,
    isOnline: false,
    rawRequest: request,
  });
  if (response.status === 410) return refuse("bot", 410);
  return { ok: true, response: withShopOrigin(response, shop) };
}

async function validHmac(query: Record<string, string>): Promise<boolean> {
  const api = shopifyApiOrNull();
  if (!api) return false;
  try {
    return await api.utils.validateHmac(query);
  } catch (error) {
    // No hmac, or a timestamp outside Shopify's 90-second tolerance: not a valid request either.
    if (error instanceof InvalidHmacError) return false;
    throw error;
  }
}

/**
 * Tests only (SHOPIFY_API_URL): the library always sends the browser to https://{shop}/admin/...; the
 * stand-in lives at {SHOPIFY_API_URL}/{shop}/admin/..., as every server-side call is rewritten.
 */
function withShopOrigin(response: Response, shop: string): Response {
  const location = response.headers.get("Location");
  if (!config().SHOPIFY_API_URL || !location?.startsWith(`https://${shop}/`)) return response;
  const headers = new Headers(response.headers);
  headers.set("Location", `${shopifyOriginFor(shop)}${location.slice(`https://${shop}`.length)}`);
  return new Response(response.body, { status: response.status, headers });
}

const SHOP_QUERY = `#graphql
  query ShopForOnboarding { shop { id name email } }`;

type ShopAnswer = { shop: { id: string; name: string; email: string | null } };

export type CompletedInstall = { ok: true; shop: string; profile: StoreProfile; headers: Headers };

/**
 * /shopify-redirect: the library checks Shopify's HMAC, the state against this browser's signed
 * cookie, and exchanges the code for the offline token. Then the session is stored (the Admin API
 * client reads it from there) and the store profile written with the shop's name, id and email.
 * Every refusal is a reason, never a throw: the page says it in words.
 */
export async function completeStoreInstall(
  request: Request,
  clientIp: string,
): Promise<CompletedInstall | Refusal> {
  const api = shopifyApiOrNull();
  if (!api) return refuse("not_configured", 503);
  if (await overLimit("Callback", clientIp)) return refuse("rate_limited", 429);
  const query = queryOf(request);
  const shop = normaliseShopDomain(query.shop);
  if (!shop) return refuse(query.shop ? "bad_shop" : "missing_params", 400);
  if (!query.code || !query.hmac || !query.state) return refuse("missing_params", 400);
  let callback: { session: Session; headers: Headers };
  try {
    callback = await api.auth.callback<Headers>({ rawRequest: request });
  } catch (error) {
    const refusal = callbackRefusal(error);
    if (refusal) return refusal;
    throw error;
  }
  // A replayed callback is stopped by Shopify (a code is exchanged once) and by the browser (the state
  // cookie is expired below). The library expires its cookie on "/" instead of the callback path, so
  // the expiry is ours; and each state is accepted once here too, after the library checked it (so a
  // stranger who saw the URL cannot spend it first).
  if ((await hitRateLimit(`shopifyState:${query.state.slice(0, 128)}`, stateOnce)).limited)
    return refuse("replayed", 400);
  const { session } = callback;
  await shopifySessionStorage.storeSession(session);
  const details = await shopDetails(shop);
  const profile = await recordInstalledStore({
    shop,
    storeName: details?.name || shop.replace(/\.myshopify\.com$/, ""),
    shopifyStoreId: details?.id ? numericId(details.id) : null,
    shopEmail: details?.email ?? null,
    scopes: session.scope ?? null,
  });
  const headers = new Headers(callback.headers);
  expireStateCookie(headers);
  return { ok: true, shop, profile, headers };
}

function callbackRefusal(error: unknown): Refusal | null {
  // No signed state cookie: this browser did not start the install, or the callback was already used
  // here, or the minute the state lives is over.
  if (error instanceof CookieNotFound) return refuse("replayed", 400);
  // The HMAC or the state does not match: not Shopify's answer to this browser's request.
  if (error instanceof InvalidOAuthError || error instanceof InvalidHmacError) return refuse("forged", 400);
  if (error instanceof InvalidShopError) return refuse("bad_shop", 400);
  if (error instanceof BotActivityDetected) return refuse("bot", 410);
  // Shopify refused the code (already exchanged, expired) or did not answer as expected.
  if (error instanceof HttpResponseError) {
    console.warn("Shopify refused the OAuth code exchange", error.response?.code, error.message);
    return refuse("exchange_failed", 400);
  }
  return null;
}

/** The cookie as the library set it (path = the callback path), expired, with its signature. */
function expireStateCookie(headers: Headers) {
  // Secure like the library's own cookie (browsers treat http://localhost as a secure context).
  for (const name of [STATE_COOKIE, `${STATE_COOKIE}.sig`])
    headers.append(
      "Set-Cookie",
      `${name}=; Path=${SHOPIFY_CALLBACK_PATH}; Expires=Thu, 01 Jan 1970 00:00:00 GMT; SameSite=Lax; Secure`,
    );
}

/** The shop's name, id and email from the Admin API; an install still succeeds without them. */
async function shopDetails(shop: string) {
  try {
    return (await adminGraphql<ShopAnswer>(shop, SHOP_QUERY)).shop;
  } catch (error) {
    console.warn(`Reading the shop details of ${shop} failed`, error);
    return null;
  }
}

/** gid://shopify/Shop/123 → 123 (the spec's shopifyStoreId). */
export function numericId(gid: string): string {
  return gid.split("/").pop() ?? gid;
}

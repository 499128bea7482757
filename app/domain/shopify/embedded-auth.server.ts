import type { JwtPayload } from "@shopify/shopify-api";
import { shopifyApiOrNull, shopifyAppOrNull } from "~/services/shopify/shopify.server";
import { embeddedSetupUrl } from "./embedded-setup";

/**
 * A request from inside the Shopify admin: fetches carry App Bridge's session token as a bearer
 * header, document loads carry it as id_token with embedded=1 (or only embedded=1 and shop/host,
 * when the library must first fetch a token through its bounce page). Our own pages never send either.
 */
export function isEmbeddedRequest(request: Request): boolean {
  if (/^Bearer\s/i.test(request.headers.get("Authorization") ?? "")) return true;
  const { searchParams } = new URL(request.url);
  return searchParams.has("id_token") || searchParams.get("embedded") === "1";
}

/**
 * Where a request for the app's address (/, shopify.app.toml's application_url) goes when it carries
 * Shopify's shop or host but does not come from inside the admin: a link of Shopify's outside it
 * (after an install, from the Partner Dashboard). /app with the same query, whose library sends it
 * into the shop's admin, as the root route of Shopify's React Router template does. Null for any
 * other request: inside the admin / is the home screen (the guard sends a staff member not set up
 * yet through /app, which comes back here), and our own pages carry neither parameter.
 */
export function embeddedEntryForShopifyLink(request: Request): string | null {
  const { searchParams } = new URL(request.url);
  if (isEmbeddedRequest(request) || !(searchParams.has("shop") || searchParams.has("host"))) return null;
  return embeddedSetupUrl(request);
}

type AdminContext = Awaited<
  ReturnType<NonNullable<ReturnType<typeof shopifyAppOrNull>>["authenticate"]["admin"]>
>;

/** Who Shopify says is asking: the shop of the token and its staff member (the token's sub). */
export type EmbeddedAuth = {
  shop: string;
  /** Shopify's id of the staff member (the token's sub): the key of their online session. */
  staffId: string;
  /** The raw session token, for the online token exchange. */
  sessionToken: string;
  payload: JwtPayload;
  /** The store's Admin API, through the offline session the library loaded or exchanged. */
  admin: AdminContext["admin"];
};

/**
 * Authenticates an embedded request through the library's authenticate.admin: it verifies the session
 * token (HS256 with the app secret, aud = our API key, exp and nbf), loads the store's offline session
 * or gets one by token exchange, and answers by throwing a Response when the token is missing or
 * stale (the bounce page /auth/session-token for a document, 401 with Shopify's retry header for a
 * fetch, which App Bridge retries with a fresh token). Null when Shopify is not configured or the
 * request does not come from the admin: the caller then uses the cookie session.
 */
export async function authenticateEmbedded(request: Request): Promise<EmbeddedAuth | null> {
  const app = shopifyAppOrNull();
  const api = shopifyApiOrNull();
  if (!app || !api || !isEmbeddedRequest(request)) return null;
  const context = await app.authenticate.admin(request);
  const payload = context.sessionToken;
  const sessionToken = rawSessionToken(request);
  if (!payload || !sessionToken) throw unauthorized();
  const shop = api.utils.sanitizeShop(new URL(payload.dest).hostname);
  // The library takes the shop from dest; the issuer must be the same shop's admin, and a shop named
  // in the URL must be that shop, so no link can point one store's token at another store.
  const issuerHost = issuerHostname(payload.iss);
  const urlShop = new URL(request.url).searchParams.get("shop");
  if (!shop || shop !== context.session.shop || issuerHost !== shop || !payload.sub) throw unauthorized();
  if (urlShop !== null && urlShop.toLowerCase() !== shop) throw unauthorized();
  return { shop, staffId: String(payload.sub), sessionToken, payload, admin: context.admin };
}

function rawSessionToken(request: Request): string | null {
  const header = request.headers.get("Authorization");
  if (header && /^Bearer\s/i.test(header)) return header.replace(/^Bearer\s+/i, "").trim() || null;
  return new URL(request.url).searchParams.get("id_token");
}

/** The host of Shopify's iss, `https://{shop}/admin` (the library's test tokens leave out the scheme). */
function issuerHostname(iss: string | undefined): string | null {
  const host = iss
    ?.replace(/^https:\/\//i, "")
    .split("/")[0]
    ?.toLowerCase();
  return host || null;
}

function unauthorized() {
  return new Response("Unauthorized", { status: 401 });
}

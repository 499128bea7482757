import { randomBytes } from "node:crypto";
import { escapeHtml, page } from "./shopify-pages";
import { oauthQueryHmac, verifyIdToken } from "./shopify-signing";
import { type ShopifyStore, type StoredShop, type StoredToken, shopName } from "./shopify-store";

/**
 * Shopify's OAuth, as the official library speaks it:
 *   GET  /{shop}/admin/oauth/authorize   the install page (scopes, "Install app" button)
 *   POST /{shop}/admin/oauth/authorize   pressing Install: 302 to redirect_uri with code, hmac, host,
 *                                        shop, state, timestamp (hmac as Shopify computes it)
 *   POST /{shop}/admin/oauth/access_token  (JSON or form) authorization code (once), token exchange
 *                                        of an id_token (offline or online), or refresh_token
 */

export type ShopifyApp = { apiKey: string; secret: string; name: string };
export type HttpAnswer = {
  status: number;
  body: string;
  headers?: Record<string, string>;
  contentType?: string;
};

const OFFLINE = "urn:shopify:params:oauth:token-type:offline-access-token";
const ONLINE = "urn:shopify:params:oauth:token-type:online-access-token";
const TOKEN_EXCHANGE = "urn:ietf:params:oauth:grant-type:token-exchange";
const ID_TOKEN = "urn:ietf:params:oauth:token-type:id_token";

const json = (status: number, body: unknown): HttpAnswer => ({
  status,
  body: JSON.stringify(body),
  contentType: "application/json",
});
const oauthError = (error: string, description: string, status = 400) =>
  json(status, { error, error_description: description });

/** The staff member an online token is for (the id_token's sub). */
export function associatedUser(userId: number, shop: string, emailVerified = true) {
  return {
    id: userId,
    first_name: "Staff",
    last_name: `Member ${userId}`,
    email: `staff${userId}@${shopName(shop)}.example`,
    account_owner: userId === 1,
    locale: "en",
    collaborator: false,
    email_verified: emailVerified,
  };
}

function tokenAnswer(token: StoredToken, expiring: boolean, shop: StoredShop) {
  if (token.online) {
    return {
      access_token: token.token,
      scope: token.scope,
      expires_in: 86399,
      associated_user_scope: token.scope,
      session: randomBytes(16).toString("hex"),
      account_number: 0,
      associated_user: associatedUser(
        token.userId ?? 1,
        token.shop,
        !shop.unverifiedStaffIds.includes(token.userId ?? 1),
      ),
    };
  }
  if (expiring && token.refreshToken)
    return {
      access_token: token.token,
      scope: token.scope,
      expires_in: 3600,
      refresh_token: token.refreshToken,
      refresh_token_expires_in: 90 * 86400,
    };
  return { access_token: token.token, scope: token.scope };
}

export function authorizePage(
  app: ShopifyApp | undefined,
  shop: string,
  query: URLSearchParams,
  storeName: string,
) {
  const clientId = query.get("client_id") ?? "";
  if (!app || clientId !== app.apiKey)
    return {
      status: 400,
      html: page(
        "Oauth error",
        `<h1>Oauth error invalid_request: The client_id ${escapeHtml(clientId)} is not a known app</h1>`,
      ),
    };
  const redirectUri = query.get("redirect_uri") ?? "";
  if (!/^https?:\/\//.test(redirectUri))
    return {
      status: 400,
      html: page(
        "Oauth error",
        "<h1>Oauth error invalid_request: The redirect_uri is missing or not an absolute URL</h1>",
      ),
    };
  const scopes = (query.get("scope") ?? "").split(",").filter(Boolean);
  const hidden = [...query.entries()]
    .map(([k, v]) => `<input type="hidden" name="${escapeHtml(k)}" value="${escapeHtml(v)}">`)
    .join("");
  return {
    status: 200,
    html: page(
      `Install ${app.name}`,
      `<h1>Install ${escapeHtml(app.name)} on ${escapeHtml(storeName)}</h1>
<p>${escapeHtml(shop)}</p>
<h2>This app will be able to</h2>
<ul>${scopes.map((s) => `<li>${escapeHtml(s)}</li>`).join("")}</ul>
<form method="post" action="/${escapeHtml(shop)}/admin/oauth/authorize">${hidden}
<button type="submit">Install app</button></form>
<form method="post" action="/${escapeHtml(shop)}/admin/oauth/authorize">${hidden}<input type="hidden" name="cancel" value="1">
<button type="submit">Cancel</button></form>`,
    ),
  };
}

/** Pressing Install (or Cancel): back to the app's redirect_uri, signed as Shopify signs it. */
export function approveInstall(
  app: ShopifyApp | undefined,
  store: ShopifyStore,
  shop: string,
  form: URLSearchParams,
): HttpAnswer {
  if (!app || form.get("client_id") !== app.apiKey)
    return { status: 400, body: "Unknown client_id", contentType: "text/plain" };
  const redirect = new URL(form.get("redirect_uri") ?? "");
  if (form.get("cancel")) {
    redirect.searchParams.set("error", "access_denied");
    return { status: 302, body: "", headers: { Location: redirect.href } };
  }
  const code = randomBytes(16).toString("hex");
  const scope = form.get("scope") ?? "";
  store.codes.set(code, {
    shop,
    clientId: app.apiKey,
    scope,
    online: form.get("grant_options[]") === "per-user",
    used: false,
  });
  const query: Record<string, string> = {
    code,
    host: Buffer.from(`admin.shopify.com/store/${shopName(shop)}`)
      .toString("base64")
      .replace(/=+$/, ""),
    shop,
    state: form.get("state") ?? "",
    timestamp: String(Math.floor(Date.now() / 1000)),
  };
  query.hmac = oauthQueryHmac(app.secret, query);
  for (const [k, v] of Object.entries(query)) redirect.searchParams.set(k, v);
  return { status: 302, body: "", headers: { Location: redirect.href } };
}

function readBody(body: string, contentType: string): Record<string, string> {
  if (contentType.includes("application/json")) {
    try {
      const parsed = JSON.parse(body) as Record<string, unknown>;
      return Object.fromEntries(Object.entries(parsed).map(([k, v]) => [k, v == null ? "" : String(v)]));
    } catch {
      return {};
    }
  }
  return Object.fromEntries(new URLSearchParams(body));
}

export function accessToken(
  app: ShopifyApp | undefined,
  store: ShopifyStore,
  shop: string,
  body: string,
  contentType: string,
  imageBase: string,
): HttpAnswer {
  const params = readBody(body, contentType);
  if (!app || params.client_id !== app.apiKey || params.client_secret !== app.secret)
    return oauthError(
      "invalid_client",
      "Client authentication failed due to unknown client, no client authentication included, or unsupported authentication method.",
    );
  const expiring = params.expiring === "1";
  const shopRecord = store.ensureShop(shop, imageBase);
  const issue = (scope: string, online: boolean, userId?: number) => {
    const token = store.issueToken({
      shop,
      clientId: app.apiKey,
      scope,
      online,
      userId,
      expiresAt: online ? Date.now() + 86399_000 : expiring ? Date.now() + 3600_000 : undefined,
      refreshToken: !online && expiring ? `shprt_${randomBytes(16).toString("hex")}` : undefined,
    });
    if (!online) shopRecord.grantedScopes = scope.split(",").filter(Boolean);
    return json(200, tokenAnswer(token, expiring, shopRecord));
  };

  if (params.grant_type === TOKEN_EXCHANGE) {
    if (params.subject_token_type !== ID_TOKEN)
      return oauthError("invalid_request", `subject_token_type must be ${ID_TOKEN}`);
    const verified = verifyIdToken(params.subject_token ?? "", app.secret, app.apiKey);
    if (!verified.ok) return oauthError("invalid_subject_token", `Invalid subject token: ${verified.reason}`);
    if (verified.payload.dest !== `https://${shop}`)
      return oauthError("invalid_subject_token", "The subject token is for another shop");
    const requested = params.requested_token_type ?? OFFLINE;
    if (requested !== OFFLINE && requested !== ONLINE)
      return oauthError("invalid_request", `Unsupported requested_token_type ${requested}`);
    // Managed installation: the scopes are the app's (toml) ones; the stand-in grants what the shop was
    // granted before, or the app's usual ones.
    const scope = shopRecord.grantedScopes.length
      ? shopRecord.grantedScopes.join(",")
      : "read_orders,read_customers,write_customers,read_products,read_checkouts";
    return issue(scope, requested === ONLINE, Number(verified.payload.sub ?? 1));
  }
  if (params.grant_type === "refresh_token") {
    const previous = [...store.tokens.values()].find(
      (t) => t.refreshToken && t.refreshToken === params.refresh_token && t.shop === shop,
    );
    if (!previous) return oauthError("invalid_grant", "The refresh token is invalid or was already used");
    store.tokens.delete(previous.token);
    return issue(previous.scope, false);
  }
  const code = store.codes.get(params.code ?? "");
  if (!code || code.used || code.shop !== shop)
    return oauthError("invalid_request", "The authorization code was not found or was already used");
  code.used = true;
  return issue(code.scope, code.online, code.online ? 1 : undefined);
}

/**
 * Shopify-managed installation (/admin/oauth/install, where the library sends a merchant to grant
 * scopes, e.g. optional ones): the same page; Install grants the scopes. Shopify would then open the
 * app in its admin, which the stand-in has not, so it says so on a page of its own.
 */
export function managedInstall(
  app: ShopifyApp | undefined,
  store: ShopifyStore,
  shop: string,
  method: string,
  params: URLSearchParams,
  imageBase: string,
): { status: number; html: string } {
  const clientId = params.get("client_id") ?? "";
  if (!app || clientId !== app.apiKey)
    return {
      status: 400,
      html: page(
        "Oauth error",
        `<h1>Oauth error invalid_request: The client_id ${escapeHtml(clientId)} is not a known app</h1>`,
      ),
    };
  const shopRecord = store.ensureShop(shop, imageBase);
  const scopes = [params.get("scope") ?? "", params.get("optional_scopes") ?? ""]
    .join(",")
    .split(",")
    .filter(Boolean);
  if (method === "POST") {
    shopRecord.grantedScopes = [...new Set([...shopRecord.grantedScopes, ...scopes])];
    return {
      status: 200,
      html: page(
        "Installed",
        `<h1>${escapeHtml(app.name)} is installed on ${escapeHtml(shopRecord.name)}</h1>`,
      ),
    };
  }
  const hidden = [...params.entries()]
    .map(([k, v]) => `<input type="hidden" name="${escapeHtml(k)}" value="${escapeHtml(v)}">`)
    .join("");
  return {
    status: 200,
    html: page(
      `Install ${app.name}`,
      `<h1>Install ${escapeHtml(app.name)} on ${escapeHtml(shopRecord.name)}</h1>
<h2>This app will be able to</h2>
<ul>${scopes.map((s) => `<li>${escapeHtml(s)}</li>`).join("")}</ul>
<form method="post" action="/${escapeHtml(shop)}/admin/oauth/install">${hidden}<button type="submit">Install app</button></form>`,
    ),
  };
}

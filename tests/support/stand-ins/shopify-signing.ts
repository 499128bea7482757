import { createHmac, randomUUID, timingSafeEqual } from "node:crypto";
import { SHOPIFY_WEBHOOK_API_VERSION } from "~/services/shopify/api-versions";

/**
 * Shopify's signatures, as the stand-in makes and checks them: the OAuth redirect's query HMAC,
 * App Bridge's id_token (a JWT, HS256 with the app secret), and webhooks' body HMAC.
 */

/** Hex HMAC-SHA256 over the query without hmac/signature, keys sorted, as `key=value&...` (URL-encoded). */
export function oauthQueryHmac(secret: string, query: Record<string, string>): string {
  const params = new URLSearchParams();
  for (const key of Object.keys(query).sort((a, b) => a.localeCompare(b)))
    if (key !== "hmac" && key !== "signature") params.append(key, query[key]!);
  return createHmac("sha256", secret).update(params.toString()).digest("hex");
}

export type IdTokenClaims = {
  shop: string;
  /** The staff member's user id (sub). */
  userId?: number | string;
  apiKey: string;
  secret: string;
  /** Seconds from now; negative makes an expired token. Default 60, as App Bridge's. */
  expiresIn?: number;
  /** Session id (sid); default a new one. */
  sessionId?: string;
};

const b64url = (data: string | Buffer) => Buffer.from(data).toString("base64url");

/** An id_token as App Bridge hands the app: iss https://{shop}/admin, dest https://{shop}, aud = API key. */
export function mintIdToken(claims: IdTokenClaims): string {
  const now = Math.floor(Date.now() / 1000);
  const payload = {
    iss: `https://${claims.shop}/admin`,
    dest: `https://${claims.shop}`,
    aud: claims.apiKey,
    sub: String(claims.userId ?? 1),
    exp: now + (claims.expiresIn ?? 60),
    nbf: now - 5,
    iat: now - 5,
    jti: randomUUID(),
    sid: claims.sessionId ?? randomUUID(),
    sig: randomUUID().replaceAll("-", ""),
  };
  const head = `${b64url(JSON.stringify({ alg: "HS256", typ: "JWT" }))}.${b64url(JSON.stringify(payload))}`;
  return `${head}.${createHmac("sha256", claims.secret).update(head).digest("base64url")}`;
}

export type IdTokenPayload = {
  iss: string;
  dest: string;
  aud: string;
  sub?: string;
  exp: number;
  nbf?: number;
};

/** The payload, or why it is refused (bad signature, expired, not for this app). */
export function verifyIdToken(
  token: string,
  secret: string,
  apiKey: string,
): { ok: true; payload: IdTokenPayload } | { ok: false; reason: string } {
  const parts = token.split(".");
  if (parts.length !== 3) return { ok: false, reason: "not a JWT" };
  const expected = createHmac("sha256", secret).update(`${parts[0]}.${parts[1]}`).digest();
  const given = Buffer.from(parts[2]!, "base64url");
  if (given.length !== expected.length || !timingSafeEqual(given, expected))
    return { ok: false, reason: "signature verification failed" };
  let payload: IdTokenPayload;
  try {
    const header = JSON.parse(Buffer.from(parts[0]!, "base64url").toString("utf8"));
    if (header.alg !== "HS256") return { ok: false, reason: "alg must be HS256" };
    payload = JSON.parse(Buffer.from(parts[1]!, "base64url").toString("utf8"));
  } catch {
    return { ok: false, reason: "malformed JWT" };
  }
  const now = Math.floor(Date.now() / 1000);
  if (typeof payload.exp !== "number" || payload.exp + 10 < now)
    return { ok: false, reason: "token expired" };
  if (typeof payload.nbf === "number" && payload.nbf - 10 > now)
    return { ok: false, reason: "token not yet valid" };
  if (payload.aud !== apiKey) return { ok: false, reason: "aud does not match the client_id" };
  return { ok: true, payload };
}

/** Base64 HMAC-SHA256 of the raw body: X-Shopify-Hmac-Sha256. */
export function webhookHmac(secret: string, body: string): string {
  return createHmac("sha256", secret).update(body, "utf8").digest("base64");
}

export type WebhookInput = {
  url: string;
  topic: string;
  shop: string;
  secret: string;
  payload: unknown;
  apiVersion?: string;
  /** Default a new one; give the id of an earlier delivery to replay it. */
  webhookId?: string;
  eventId?: string;
  /** Signs with another secret, so the HMAC is wrong. */
  badHmac?: boolean;
  triggeredAt?: string;
};

export type WebhookDelivery = {
  url: string;
  topic: string;
  shop: string;
  webhookId: string;
  eventId: string;
  headers: Record<string, string>;
  body: string;
  /** The app's answer; null when it could not be reached. */
  status: number | null;
  response?: string;
  error?: string;
};

/** The headers and body Shopify sends a webhook with. */
export function signedWebhook(input: WebhookInput): { headers: Record<string, string>; body: string } {
  const body = typeof input.payload === "string" ? input.payload : JSON.stringify(input.payload);
  const hmac = webhookHmac(input.badHmac ? `${input.secret}-wrong` : input.secret, body);
  return {
    body,
    headers: {
      "Content-Type": "application/json",
      "X-Shopify-Topic": input.topic,
      "X-Shopify-Hmac-Sha256": hmac,
      "X-Shopify-Shop-Domain": input.shop,
      "X-Shopify-Webhook-Id": input.webhookId ?? randomUUID(),
      "X-Shopify-Event-Id": input.eventId ?? randomUUID(),
      "X-Shopify-API-Version": input.apiVersion ?? SHOPIFY_WEBHOOK_API_VERSION,
      "X-Shopify-Triggered-At": input.triggeredAt ?? new Date().toISOString(),
    },
  };
}

/** Posts a signed webhook and reports the app's answer. */
export async function postWebhook(input: WebhookInput): Promise<WebhookDelivery> {
  const { headers, body } = signedWebhook(input);
  const delivery: WebhookDelivery = {
    url: input.url,
    topic: input.topic,
    shop: input.shop,
    webhookId: headers["X-Shopify-Webhook-Id"]!,
    eventId: headers["X-Shopify-Event-Id"]!,
    headers,
    body,
    status: null,
  };
  try {
    const response = await fetch(input.url, { method: "POST", headers, body, redirect: "manual" });
    delivery.status = response.status;
    delivery.response = (await response.text()).slice(0, 2000);
  } catch (error) {
    delivery.error = String(error);
  }
  return delivery;
}

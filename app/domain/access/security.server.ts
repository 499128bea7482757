import type { MiddlewareFunction } from "react-router";
import { config } from "~/config.server";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/** Provider webhooks (Twilio...) post from their servers; each checks its own signature instead. */
const WEBHOOK_PATH = /^\/webhooks\//;

/** Refuses writes that come from another site: the Origin must be ours (or, without one, not cross-site). */
export function isCrossOriginWrite(request: Request): boolean {
  if (SAFE_METHODS.has(request.method)) return false;
  if (WEBHOOK_PATH.test(new URL(request.url).pathname)) return false;
  const origin = request.headers.get("Origin");
  if (origin) {
    const allowed = new Set([config().appOrigin, new URL(request.url).origin]);
    return !allowed.has(origin);
  }
  return request.headers.get("Sec-Fetch-Site") === "cross-site";
}

/**
 * Pages any site may show in a frame: the public price list made for embedding. Exact paths, so
 * every other page (and the signed-in app above all) stays unframable against clickjacking.
 */
const FRAMABLE_BY_ANY_SITE = new Set(["/billingiframe"]);

export function isFramableByAnySite(pathname: string): boolean {
  return FRAMABLE_BY_ANY_SITE.has(pathname.replace(/\/+$/, "") || "/");
}

export const baseSecurityHeaders: Record<string, string> = {
  "X-Content-Type-Options": "nosniff",
  "Referrer-Policy": "strict-origin-when-cross-origin",
  "X-Frame-Options": "DENY",
  "Permissions-Policy": "camera=(), microphone=(), geolocation=()",
  "Cross-Origin-Opener-Policy": "same-origin",
};

// A year, the value HSTS preload lists ask for. Not includeSubDomains: a company's link and chat
// subdomains, or other hosts under APP_URL's domain, are not ours to pin to https.
const STRICT_TRANSPORT_SECURITY = "max-age=31536000";

/** The headers every answer carries; with an https APP_URL, browsers are also told to stay on https. */
export function securityHeaders(): Record<string, string> {
  if (!config().appOrigin.startsWith("https:")) return baseSecurityHeaders;
  return { ...baseSecurityHeaders, "Strict-Transport-Security": STRICT_TRANSPORT_SECURITY };
}

/**
 * The policy of every HTML page: scripts only from us (or inline with this request's nonce). Only a
 * page listed in FRAMABLE_BY_ANY_SITE may be framed, by any site.
 */
export function contentSecurityPolicy(
  nonce: string,
  { framable = false }: { framable?: boolean } = {},
): string {
  // Tests only (SHOPIFY_API_URL): the Shopify stand-in serves product pictures over plain http.
  const standIn = config().SHOPIFY_API_URL;
  const standInImages = standIn ? ` ${new URL(standIn).origin}` : "";
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}'`,
    // Polaris sets inline style attributes.
    "style-src 'self' 'unsafe-inline'",
    `img-src 'self' data: https:${standInImages}`,
    "font-src 'self' data:",
    "connect-src 'self'",
    // Legal PDFs and analytics dashboards may be hosted elsewhere.
    "frame-src 'self' https:",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    framable ? "frame-ancestors *" : "frame-ancestors 'none'",
  ].join("; ");
}

export const securityMiddleware: MiddlewareFunction<Response> = async ({ request }, next) => {
  if (isCrossOriginWrite(request)) {
    return new Response("Cross-origin request refused", { status: 403, headers: securityHeaders() });
  }
  const response = await next();
  const framable = isFramableByAnySite(new URL(request.url).pathname);
  for (const [name, value] of Object.entries(securityHeaders())) {
    if (framable && name === "X-Frame-Options") continue;
    if (!response.headers.has(name)) response.headers.set(name, value);
  }
  return response;
};

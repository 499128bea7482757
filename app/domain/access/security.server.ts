import type { MiddlewareFunction } from "react-router";
import { config } from "~/config.server";
import { APP_BRIDGE_SCRIPT_URL, embeddedFrameAncestors } from "~/domain/shopify/embedded-setup";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * Provider webhooks (Twilio...) post from their servers; each checks its own signature instead. Tri-Tech's
 * contract events keep the address the spec shows users (/integrations/tritech/events).
 */
const WEBHOOK_PATH = /^\/(webhooks\/|integrations\/tritech\/events$)/;

/** GET, HEAD and OPTIONS write nothing: the cross-origin refusal never applies to them. */
export function isSafeMethod(method: string): boolean {
  return SAFE_METHODS.has(method);
}

/** Refuses writes that come from another site: the Origin must be ours (or, without one, not cross-site). */
export function isCrossOriginWrite(request: Request): boolean {
  const url = new URL(request.url);
  return isCrossOriginWriteOf({
    method: request.method,
    pathname: url.pathname,
    origin: request.headers.get("Origin"),
    secFetchSite: request.headers.get("Sec-Fetch-Site"),
    ownOrigin: url.origin,
  });
}

/** isCrossOriginWrite from a request's parts (the Express front checks every post without building a Request). */
export function isCrossOriginWriteOf(parts: {
  method: string;
  pathname: string;
  origin: string | null | undefined;
  secFetchSite: string | null | undefined;
  /** The origin the request was addressed to (scheme and Host). */
  ownOrigin: string;
}): boolean {
  if (isSafeMethod(parts.method)) return false;
  if (WEBHOOK_PATH.test(parts.pathname)) return false;
  if (parts.origin) return parts.origin !== config().appOrigin && parts.origin !== parts.ownOrigin;
  return parts.secFetchSite === "cross-site";
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

/**
 * The policy of every script we serve (the chat's service worker /c/{subdomain}/sw.js, the chat's and
 * forms' scripts, the captcha's worker, the build's bundles). A worker runs under its own script's
 * policy, not its page's: with this one it can load no other code (importScripts, nested workers)
 * and reach only its own origin. A script a page includes is governed by the page's policy instead.
 */
export const SCRIPT_CONTENT_SECURITY_POLICY = "default-src 'none'; connect-src 'self'";

/** A path that serves a script (every script URL of ours ends so; the policy goes on its answer). */
export function isScriptPath(pathname: string): boolean {
  return /\.m?js$/i.test(pathname);
}

// A year, the value HSTS preload lists ask for. Not includeSubDomains: a company's link and chat
// subdomains, or other hosts under APP_URL's domain, are not ours to pin to https.
const STRICT_TRANSPORT_SECURITY = "max-age=31536000";

/** The headers every answer carries; with an https APP_URL, browsers are also told to stay on https. */
export function securityHeaders(): Record<string, string> {
  if (!config().appOrigin.startsWith("https:")) return baseSecurityHeaders;
  return { ...baseSecurityHeaders, "Strict-Transport-Security": STRICT_TRANSPORT_SECURITY };
}

/** Who may frame a page: nobody (the default), any site (FRAMABLE_BY_ANY_SITE), or a shop's admin. */
export type FramePolicy = { framable?: boolean; embeddedShop?: string | null };

function frameAncestors({ framable = false, embeddedShop = null }: FramePolicy): string {
  if (framable) return "frame-ancestors *";
  if (embeddedShop) return `frame-ancestors ${embeddedFrameAncestors(embeddedShop)}`;
  return "frame-ancestors 'none'";
}

/**
 * The policy of every HTML page: scripts only from us (or inline with this request's nonce). Only a
 * page listed in FRAMABLE_BY_ANY_SITE may be framed, by any site; a page answering a valid session
 * token of a shop's admin may be framed by that admin only, and loads Shopify's App Bridge script.
 */
export function contentSecurityPolicy(nonce: string, policy: FramePolicy = {}): string {
  const appBridge = policy.embeddedShop && !policy.framable ? ` ${APP_BRIDGE_SCRIPT_URL}` : "";
  // Tests only (SHOPIFY_API_URL): the Shopify stand-in serves product pictures over plain http.
  const standIn = config().SHOPIFY_API_URL;
  const standInImages = standIn ? ` ${new URL(standIn).origin}` : "";
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}'${appBridge}`,
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
    frameAncestors(policy),
  ].join("; ");
}

/**
 * Vite's dev server injects scripts without our nonce, so in development a page carries only who
 * may frame it (the embedded app runs under `shopify app dev` too).
 */
export function frameOnlyPolicy(policy: FramePolicy = {}): string {
  return frameAncestors(policy);
}

/**
 * True when the response itself names who may frame it other than nobody: our embedded pages and
 * the library's bounce page (/auth/session-token) say `frame-ancestors https://{shop} ...`. Browsers
 * let frame-ancestors override X-Frame-Options; leaving DENY out as well keeps older ones in step.
 */
function responseAllowsFraming(response: Response): boolean {
  const policy = response.headers.get("Content-Security-Policy") ?? "";
  const directive = policy
    .split(";")
    .map((d) => d.trim())
    .find((d) => d.toLowerCase().startsWith("frame-ancestors"));
  return Boolean(directive) && !/'none'/i.test(directive ?? "");
}

export const securityMiddleware: MiddlewareFunction<Response> = async ({ request }, next) => {
  if (isCrossOriginWrite(request)) {
    return new Response("Cross-origin request refused", { status: 403, headers: securityHeaders() });
  }
  const response = await next();
  const framable = isFramableByAnySite(new URL(request.url).pathname) || responseAllowsFraming(response);
  for (const [name, value] of Object.entries(securityHeaders())) {
    if (framable && name === "X-Frame-Options") continue;
    if (!response.headers.has(name)) response.headers.set(name, value);
  }
  return response;
};

import { config } from "~/config.server";

/**
 * Where a company's chat app lives: {APP_URL}/c/{subdomain}, and {subdomain}.{CHAT_DOMAIN} when
 * CHAT_DOMAIN is set (express-app.server.ts serves that host's paths as /c/{subdomain}/...).
 */

const SUBDOMAIN_PATTERN = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;

/** A ChatStream subdomain as the URL gives it, lowercased; null when it cannot be one. */
export function cleanSubdomain(raw: string | undefined): string | null {
  const value = (raw ?? "").toLowerCase();
  return SUBDOMAIN_PATTERN.test(value) ? value : null;
}

/** The company's chat app address, used in emailed links (no trailing slash). */
export function chatAppUrl(subdomain: string, chatDomain = config().CHAT_DOMAIN): string {
  const app = new URL(config().APP_URL);
  if (chatDomain) return `${app.protocol}//${subdomain}.${chatDomain}${app.port ? `:${app.port}` : ""}`;
  return `${app.origin}/c/${subdomain}`;
}

/**
 * The branding editor's preview frame: the company's chat app in preview mode, where the chat app
 * lives (a path of this origin without CHAT_DOMAIN, the chat host with it).
 */
export function chatPreviewUrl(subdomain: string): string {
  return config().CHAT_DOMAIN ? `${chatAppUrl(subdomain)}/?preview=1` : `/c/${subdomain}?preview=1`;
}

/**
 * With CHAT_DOMAIN set, the app's own host serves no chat app: /c/{subdomain}/... is sent to the same
 * path and query on {subdomain}.{CHAT_DOMAIN}, so the contact-facing pages (and their service worker)
 * never share an origin with the staff app's session cookie (issue 32). Null: served as it is.
 */
export function chatHostRedirect(url: string, chatDomain = config().CHAT_DOMAIN): string | null {
  if (!chatDomain) return null;
  const match = /^\/c\/([^/?#]*)(.*)$/s.exec(url);
  const subdomain = match ? cleanSubdomain(match[1]) : null;
  if (!match || !subdomain) return null;
  const rest = match[2];
  return `${chatAppUrl(subdomain, chatDomain)}${rest.startsWith("/") ? rest : `/${rest}`}`;
}

/** /c/{subdomain}/sw.js, the chat app's service worker (with or without a query). */
export function isChatServiceWorkerPath(url: string): boolean {
  return /^\/c\/[^/?#]+\/sw\.js(?:\?|$)/.test(url);
}

/** The subdomain a request's host names under CHAT_DOMAIN (one label), or null. */
export function chatSubdomainOfHost(
  host: string | undefined,
  chatDomain = config().CHAT_DOMAIN,
): string | null {
  if (!chatDomain || !host) return null;
  const hostname = host.toLowerCase().replace(/:\d+$/, "");
  const suffix = `.${chatDomain}`;
  if (!hostname.endsWith(suffix)) return null;
  return cleanSubdomain(hostname.slice(0, -suffix.length));
}

/**
 * The path the chat app's pages and endpoints sit under for this request: "" on the company's own
 * chat host, "/c/{subdomain}" on the app's host.
 */
export function chatBasePath(request: Request, subdomain: string): string {
  const host = request.headers.get("Host") ?? new URL(request.url).host;
  return chatSubdomainOfHost(host) === subdomain ? "" : `/c/${subdomain}`;
}

/**
 * Paths on a chat host that are not rewritten under /c/{subdomain}: the app's shared static files,
 * and the branding's images (so the chat's page and service worker load them from their own origin).
 */
const SHARED_PATHS =
  /^\/(?:(?:chat-app|assets)(?:\/|$)|healthz(?:\?|$)|webchat\/default-[a-z0-9-]+\.png(?:\?|$)|webchat-assets\/[^/?]+(?:\?|$))/;

/** The path a chat host's request is served at, or null when it is left as it is. */
export function rewriteChatHostPath(
  host: string | undefined,
  url: string,
  chatDomain = config().CHAT_DOMAIN,
): string | null {
  const subdomain = chatSubdomainOfHost(host, chatDomain);
  if (!subdomain || SHARED_PATHS.test(url) || url.startsWith(`/c/${subdomain}/`)) return null;
  // "/" and "/?preview=1" are the app's page itself (its folder: the service worker's scope).
  if (url === "/" || url.startsWith("/?")) return `/c/${subdomain}/${url.slice(1)}`;
  return `/c/${subdomain}${url}`;
}

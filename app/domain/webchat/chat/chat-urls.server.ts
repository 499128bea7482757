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
export function chatAppUrl(subdomain: string): string {
  const { CHAT_DOMAIN, APP_URL } = config();
  const app = new URL(APP_URL);
  if (CHAT_DOMAIN) return `${app.protocol}//${subdomain}.${CHAT_DOMAIN}${app.port ? `:${app.port}` : ""}`;
  return `${app.origin}/c/${subdomain}`;
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

/** Paths on a chat host that are not rewritten under /c/{subdomain}: the app's shared static files. */
const SHARED_PATHS = /^\/(chat-app|assets|healthz)(\/|$)/;

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

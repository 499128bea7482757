import { scriptLiteral } from "~/domain/kernel/script-literal";
import { CHAT_APP_VERSION, CHAT_SCRIPT, CHAT_STYLE, HEX_COLOUR, type PageContext } from "./chat-page.server";

/**
 * What makes the chat app installable: its web app manifest (the branding's names, colours and icons)
 * and its service worker (the shell cached, the conversation always from the network).
 */

/** The web app manifest: names, colours and icons of the branding (installable as its own app). */
export function chatManifest(ctx: PageContext) {
  const { branding } = ctx.company;
  const main = HEX_COLOUR.test(branding.mainElementColor) ? branding.mainElementColor : "#1F5199";
  const scope = `${ctx.base}/`;
  return {
    id: scope,
    name: branding.longAppName,
    short_name: branding.shortAppName,
    description: branding.pageTitle,
    lang: ctx.language,
    start_url: scope,
    scope,
    display: "standalone",
    background_color: "#FFFFFF",
    theme_color: main,
    icons: [
      {
        src: branding.favicon,
        sizes: "192x192",
        type: imageType(branding.favicon),
        purpose: "any",
      },
      {
        src: branding.homeScreenIcon,
        sizes: "512x512",
        type: imageType(branding.homeScreenIcon),
        purpose: "any",
      },
    ],
  };
}

function imageType(path: string): string {
  const extension = path.split(".").pop()?.toLowerCase();
  if (extension === "jpg" || extension === "jpeg") return "image/jpeg";
  if (extension === "webp") return "image/webp";
  if (extension === "gif") return "image/gif";
  if (extension === "ico") return "image/x-icon";
  return "image/png";
}

/**
 * The service worker: caches the shell (styles, script, manifest, icons, offline page); pages go to the
 * network. No company text is written into it (a name in a comment once ran as code, issue 32): the
 * only values are paths and the cache's name, each a JSON literal. It is served with SCRIPT_CSP.
 */
export function serviceWorkerScript(ctx: PageContext): string {
  const { branding } = ctx.company;
  const shell = [
    `${ctx.base}/offline`,
    CHAT_STYLE,
    CHAT_SCRIPT,
    `${ctx.base}/manifest.webmanifest`,
    branding.favicon,
    branding.homeScreenIcon,
    branding.headerIcon,
    branding.brandMessageIcon,
  ];
  const cachePrefix = `blusteam-chat-${ctx.company.subdomain}-`;
  const cacheName = `${cachePrefix}v${CHAT_APP_VERSION}`;
  return `// The chat app's service worker.
const CACHE = ${scriptLiteral(cacheName)};
const CACHE_PREFIX = ${scriptLiteral(cachePrefix)};
const SHELL = ${scriptLiteral([...new Set(shell)])};
const OFFLINE = ${scriptLiteral(`${ctx.base}/offline`)};
self.addEventListener("install", (event) => {
  event.waitUntil(caches.open(CACHE).then((cache) => cache.addAll(SHELL)).then(() => self.skipWaiting()));
});
self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches.keys()
      .then((keys) => Promise.all(keys.filter((k) => k.startsWith(CACHE_PREFIX) && k !== CACHE).map((k) => caches.delete(k))))
      .then(() => self.clients.claim()),
  );
});
self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET") return;
  if (request.mode === "navigate") {
    // Pages hold the conversation: always from the network, never kept; offline, the shell's page.
    event.respondWith(fetch(request).catch(() => caches.match(OFFLINE)));
    return;
  }
  const url = new URL(request.url);
  const path = url.origin === self.location.origin ? url.pathname + url.search : url.href;
  if (SHELL.includes(path)) {
    event.respondWith(caches.match(path).then((cached) => cached || fetch(request)));
  }
});
`;
}

/**
 * What /c/{subdomain}/sw.js answers on the app's own host once CHAT_DOMAIN moved the chat away: a
 * worker registered there before (perhaps a tampered one, issue 32) is replaced by this one at the
 * browser's next update check, which removes itself and its caches, then reloads its pages (they are
 * redirected to the chat host). A redirect would not do: a browser keeps the old worker when the
 * update check is redirected.
 */
export const RETIRED_SERVICE_WORKER = `// The chat app moved to its own address: this worker removes itself.
self.addEventListener("install", () => self.skipWaiting());
self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches.keys()
      .then((keys) => Promise.all(keys.filter((k) => k.startsWith("blusteam-chat-")).map((k) => caches.delete(k))))
      .then(() => self.registration.unregister())
      .then(() => self.clients.matchAll({ type: "window" }))
      .then((clients) => Promise.all(clients.map((client) => client.navigate(client.url)))),
  );
});
`;

import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { Page } from "@playwright/test";
import { shopifyStandIn } from "./e2e-shopify";

/**
 * The Shopify admin, played in the browser for the embedded app's specs: Playwright answers
 * https://admin.shopify.com/store/{handle}/apps/blusteam with a small page (another origin than the
 * app) that frames the app's /app with a signed id_token, as Shopify does, and answers App Bridge's
 * CDN script with tests/support/app-bridge-stand-in.js. The page mints every later token through the
 * Shopify stand-in (which knows the e2e app's secret), shows the app's menu, title and toasts, and
 * sends menu clicks back to the frame.
 */

const here = path.dirname(fileURLToPath(import.meta.url));
const appBridgeStandIn = readFileSync(path.join(here, "app-bridge-stand-in.js"), "utf8");
export const APP_BRIDGE_URL = "https://cdn.shopify.com/shopifycloud/app-bridge.js";

export const adminUrl = (shop: string) =>
  `https://admin.shopify.com/store/${shop.replace(/\.myshopify\.com$/, "")}/apps/blusteam`;
export const hostParam = (shop: string) =>
  Buffer.from(`admin.shopify.com/store/${shop.replace(/\.myshopify\.com$/, "")}`).toString("base64");

function adminPage(shop: string, appOrigin: string, frameSrc: string) {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Shopify admin · ${shop}</title>
<style>
  body { margin: 0; font-family: sans-serif; display: grid; grid-template-columns: 200px 1fr; height: 100vh; background: #f1f1f1; }
  nav { background: #1a1a1a; color: #fff; padding: 12px; }
  nav p { color: #aaa; font-size: 12px; margin: 0 0 8px; }
  nav button { display: block; width: 100%; text-align: left; background: none; border: 0; color: #fff; padding: 6px 8px; cursor: pointer; }
  nav button[aria-current="page"] { background: #333; border-radius: 6px; }
  main { display: flex; flex-direction: column; min-width: 0; }
  header { padding: 8px 16px; background: #fff; border-bottom: 1px solid #ddd; }
  h1 { font-size: 18px; margin: 0; }
  iframe { flex: 1; border: 0; width: 100%; }
  #toasts { position: fixed; bottom: 16px; left: 50%; transform: translateX(-50%); }
  #toasts div { background: #1a1a1a; color: #fff; padding: 8px 16px; border-radius: 8px; margin-top: 4px; }
  #toasts div[data-error="true"] { background: #8e1f0b; }
</style></head>
<body>
  <nav aria-label="Shopify admin"><p>${shop}</p><div id="app-nav"></div></nav>
  <main>
    <header><h1 id="app-title">Blusteam</h1></header>
    <iframe id="app" title="Blusteam" src="${frameSrc}"></iframe>
  </main>
  <div id="toasts" role="status" aria-label="Admin toasts"></div>
<script>
  const appOrigin = ${JSON.stringify(appOrigin)};
  const frame = document.getElementById("app");
  window.addEventListener("message", async (event) => {
    if (event.origin !== appOrigin || !event.data) return;
    const data = event.data;
    const reply = (message) => event.source.postMessage(message, appOrigin);
    if (data.type === "ab:token") reply({ type: "ab:token", id: data.id, token: await window.mintIdToken() });
    if (data.type === "ab:title") document.getElementById("app-title").textContent = data.title || "Blusteam";
    if (data.type === "ab:toast") {
      const toast = document.createElement("div");
      toast.textContent = data.message;
      toast.dataset.error = String(data.isError);
      document.getElementById("toasts").append(toast);
    }
    if (data.type === "ab:nav") {
      const nav = document.getElementById("app-nav");
      nav.replaceChildren(...data.links.map((link) => {
        const button = document.createElement("button");
        button.textContent = link.home ? "Blusteam" : link.label;
        button.addEventListener("click", () => {
          for (const other of nav.children) other.removeAttribute("aria-current");
          button.setAttribute("aria-current", "page");
          frame.contentWindow.postMessage({ type: "ab:navigate", href: link.href }, appOrigin);
        });
        return button;
      }));
    }
  });
</script>
</body></html>`;
}

const expiredTokensDue = new WeakMap<Page, number>();

/**
 * The next `count` session tokens the played admin hands App Bridge are expired already (a token
 * lives a minute; an app left open past it sends one), to see the app's 401 and App Bridge's retry.
 */
export function expireNextTokens(page: Page, count = 1) {
  expiredTokensDue.set(page, (expiredTokensDue.get(page) ?? 0) + count);
}

/**
 * Opens the app inside the played admin as staff member `userId` of `shop` (1 is the store's owner
 * in the stand-in), at the app's address (the site root, shopify.app.toml's application_url) or a
 * deep link /{path} as Shopify opens them (or /app/{path}, the set-up, directly); answers the frame's
 * locator.
 */
export async function openInShopifyAdmin(
  page: Page,
  options: { shop: string; userId?: number; appPath?: string; baseURL: string },
) {
  const { shop, userId = 1, appPath = "/", baseURL } = options;
  const appOrigin = new URL(baseURL).origin;
  await allowFramingLocalhost(page);
  await page.exposeFunction("mintIdToken", () => {
    const expired = expiredTokensDue.get(page) ?? 0;
    if (expired > 0) expiredTokensDue.set(page, expired - 1);
    return shopifyStandIn.idToken(shop, { userId, ...(expired > 0 ? { expiresIn: -120 } : {}) });
  });
  await page
    .context()
    .route(APP_BRIDGE_URL, (route) =>
      route.fulfill({ contentType: "text/javascript", body: appBridgeStandIn }),
    );
  const query = new URLSearchParams({
    embedded: "1",
    hmac: "not-checked-by-token-exchange",
    host: hostParam(shop),
    id_token: await shopifyStandIn.idToken(shop, { userId }),
    locale: "en",
    session: "admin-session",
    shop,
    timestamp: String(Math.floor(Date.now() / 1000)),
  });
  const frameSrc = `${appOrigin}${appPath}?${query}`;
  await page.route(`${adminUrl(shop)}**`, (route) =>
    route.fulfill({ contentType: "text/html", body: adminPage(shop, appOrigin, frameSrc) }),
  );
  await page.goto(adminUrl(shop));
  return page.frameLocator("#app");
}

/**
 * Chromium's Local Network Access checks stop a public site (admin.shopify.com) from loading the
 * test server on localhost in a frame unless the user allowed it: the played admin gets that
 * permission, as a developer's browser would for `shopify app dev` on localhost. (A deployed app has
 * a public address, which the checks leave alone.)
 */
async function allowFramingLocalhost(page: Page) {
  await page.context().grantPermissions(["local-network-access"], { origin: "https://admin.shopify.com" });
}

/** A page of the played admin framing any URL of the app (to see what a standalone page does). */
export async function frameInShopifyAdmin(page: Page, shop: string, url: string) {
  await allowFramingLocalhost(page);
  await page.route(`${adminUrl(shop)}/framed`, (route) =>
    route.fulfill({
      contentType: "text/html",
      body: `<!doctype html><title>admin</title><iframe id="app" title="framed" src="${url}"></iframe>`,
    }),
  );
  await page.goto(`${adminUrl(shop)}/framed`);
}

// A stand-in for Shopify's App Bridge (https://cdn.shopify.com/shopifycloud/app-bridge.js), served
// to the app's frame by the browser tests (tests/support/e2e-shopify-admin.ts routes the CDN URL
// here). It does what the real script does for our app, talking to the page that plays the admin
// (its parent) with postMessage, as the real one talks to admin.shopify.com:
// - window.shopify: config, idToken() (asked of the admin, which mints it), toast.show (shown by the admin);
// - fetch to the app's own origin carries `Authorization: Bearer <id token>`, and a 401 carrying
//   X-Shopify-Retry-Invalid-Session-Request is retried once with a fresh token;
// - the library's bounce page (?shopify-reload=...) reloads that URL with a new id_token;
// - <ui-nav-menu> and <ui-title-bar> are hidden here and shown by the admin; a click on an admin
//   menu item comes back as a `shopify:navigate` event on the matching link.
(() => {
  const admin = window.parent;
  if (admin === window) return;
  const params = new URLSearchParams(window.location.search);
  const pending = new Map();
  let next = 0;

  const ask = (type) =>
    new Promise((resolve, reject) => {
      const id = ++next;
      pending.set(id, { resolve, reject });
      admin.postMessage({ type, id }, "*");
    });

  window.addEventListener("message", (event) => {
    if (event.source !== admin || !event.data || typeof event.data !== "object") return;
    const data = event.data;
    if (data.type === "ab:token" && pending.has(data.id)) {
      const waiting = pending.get(data.id);
      pending.delete(data.id);
      if (data.token) waiting.resolve(data.token);
      else waiting.reject(new Error("the admin gave no token"));
    }
    if (data.type === "ab:navigate") {
      const link = [...document.querySelectorAll("ui-nav-menu a")].find(
        (a) => a.getAttribute("href") === data.href,
      );
      if (link) link.dispatchEvent(new CustomEvent("shopify:navigate", { bubbles: true }));
    }
  });

  const idToken = () => ask("ab:token");
  const meta = document.querySelector('meta[name="shopify-api-key"]');
  window.shopify = {
    config: {
      apiKey: meta ? meta.getAttribute("content") : null,
      shop: params.get("shop"),
      host: params.get("host"),
    },
    idToken,
    toast: {
      show(message, options = {}) {
        admin.postMessage({ type: "ab:toast", message, isError: Boolean(options.isError) }, "*");
        return `toast-${++next}`;
      },
      hide() {},
    },
  };

  const realFetch = window.fetch.bind(window);
  const urlOf = (input) =>
    new URL(
      typeof input === "string" ? input : input instanceof URL ? input.href : input.url,
      window.location.href,
    );
  const withToken = async (input, init) => {
    const headers = new Headers(init?.headers ?? (input instanceof Request ? input.headers : undefined));
    headers.set("Authorization", `Bearer ${await idToken()}`);
    return realFetch(input, { ...init, headers });
  };
  window.fetch = async (input, init) => {
    if (urlOf(input).origin !== window.location.origin) return realFetch(input, init);
    const response = await withToken(input, init);
    if (response.status === 401 && response.headers.get("X-Shopify-Retry-Invalid-Session-Request") === "1")
      return withToken(input, init);
    return response;
  };

  const reload = params.get("shopify-reload");
  if (reload) {
    idToken().then((token) => {
      const target = new URL(reload, window.location.href);
      if (target.origin !== window.location.origin) return;
      target.searchParams.set("id_token", token);
      window.location.replace(target.href);
    });
  }

  // The admin shows the app's menu and title; they are not part of the app's own page. An empty
  // shadow root hides their children without touching the page React hydrates.
  let scheduled = false;
  const announce = () => {
    if (scheduled) return;
    scheduled = true;
    setTimeout(() => {
      scheduled = false;
      const links = [...document.querySelectorAll("ui-nav-menu a")].map((a) => ({
        label: a.textContent.trim(),
        href: a.getAttribute("href"),
        home: a.getAttribute("rel") === "home",
      }));
      const bar = document.querySelector("ui-title-bar");
      admin.postMessage({ type: "ab:nav", links }, "*");
      admin.postMessage({ type: "ab:title", title: bar ? bar.getAttribute("title") : null }, "*");
    }, 20);
  };
  for (const name of ["ui-nav-menu", "ui-title-bar"]) {
    customElements.define(
      name,
      class extends HTMLElement {
        static get observedAttributes() {
          return ["title"];
        }
        constructor() {
          super();
          this.attachShadow({ mode: "open" });
        }
        connectedCallback() {
          announce();
        }
        attributeChangedCallback() {
          announce();
        }
      },
    );
  }
  new MutationObserver(announce).observe(document, { childList: true, subtree: true, characterData: true });
})();

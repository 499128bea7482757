import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import type { Browser } from "@playwright/test";
import { writeFixture } from "../support/e2e-fixture";
import { expect, newCompanyDetails, newUserDetails, test } from "../support/e2e-helpers";

// Issue 32, critical: the chat app's service worker (/c/{subdomain}/sw.js) carried the branding's app
// name in a comment, and a name with a line break ran as code: importScripts() of another site's
// script, on the app's origin. Now no company text is written into it, and every script we serve
// has the policy default-src 'none'; connect-src 'self', under which Chromium refuses importScripts()
// from another origin. A local server on another port stands for the other site.

const SCRIPT_POLICY = "default-src 'none'; connect-src 'self'";

type ForeignSite = { url: string; hits: string[]; close: () => Promise<void> };

/** Another origin serving a script that would run in the worker; it notes every request it gets. */
async function startForeignSite(): Promise<ForeignSite> {
  const hits: string[] = [];
  const server: Server = createServer((req, res) => {
    hits.push(req.url ?? "");
    res.writeHead(200, { "Content-Type": "text/javascript", "Access-Control-Allow-Origin": "*" });
    res.end("self.foreignScriptRan = true;");
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/p.js`,
    hits,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

async function companyWithChat(page: import("@playwright/test").Page, longAppName?: string) {
  const company = newCompanyDetails("Worker");
  await writeFixture(page, {
    user: newUserDetails(),
    company,
    signIn: false,
    ...(longAppName ? { chatBranding: { longAppName } } : {}),
  });
  return company;
}

async function contactPage(browser: Browser, baseURL: string | undefined) {
  const context = await browser.newContext({ baseURL, serviceWorkers: "allow" });
  return { context, page: await context.newPage() };
}

test("a branding saved with a line break and importScripts() before the checks runs nothing in the chat's service worker", async ({
  page,
  browser,
  baseURL,
}) => {
  const foreign = await startForeignSite();
  try {
    const company = await companyWithChat(page, `Demo\nimportScripts(${JSON.stringify(foreign.url)})//`);
    const worker = await page.request.get(`/c/${company.chat}/sw.js`);
    expect(worker.headers()["content-security-policy"]).toBe(SCRIPT_POLICY);
    const script = await worker.text();
    expect(script).not.toContain("importScripts");
    expect(script).not.toContain("Demo");

    // The contact opens the chat: its worker installs and takes over, and the other site hears nothing.
    const contact = await contactPage(browser, baseURL);
    await contact.page.goto(`/c/${company.chat}/`);
    await expect(contact.page.getByRole("heading", { name: "Demo importScripts" })).toBeVisible();
    const active = await contact.page.evaluate(async () => {
      const registration = await navigator.serviceWorker.ready;
      return registration.active?.scriptURL ?? null;
    });
    expect(active).toMatch(new RegExp(`/c/${company.chat}/sw\\.js$`));
    expect(foreign.hits).toEqual([]);
    await contact.context.close();
  } finally {
    await foreign.close();
  }
});

/**
 * A stand-in for whatever text might one day get into a worker we serve: a local reverse proxy in
 * front of the app that passes every answer through with its headers (hence its policy) as served,
 * but puts a line in front of the chat's sw.js. (Playwright's own routing cannot be used: it makes
 * every importScripts() of a routed worker fail, policy or not.)
 */
async function startTamperingProxy(target: string, line: (url: URL) => string) {
  const server: Server = createServer(async (req, res) => {
    const url = new URL(req.url ?? "/", target);
    const answer = await fetch(url, {
      headers: { Accept: req.headers.accept ?? "*/*", "Accept-Encoding": "identity" },
      redirect: "manual",
    });
    const headers = Object.fromEntries(answer.headers);
    delete headers["content-length"];
    delete headers["content-encoding"];
    const body = await answer.text();
    res.writeHead(answer.status, headers);
    res.end(/\/sw\.js$/.test(url.pathname) ? `${line(url)}\n${body}` : body);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://localhost:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

test("Chromium refuses importScripts() from another origin in a worker we serve (its script policy)", async ({
  page,
  browser,
  baseURL,
}) => {
  const foreign = await startForeignSite();
  // ?control=1 gets a harmless line, which shows the altered worker runs; any other an importScripts().
  const proxy = await startTamperingProxy(baseURL ?? "", (url) =>
    url.searchParams.has("control")
      ? "self.tampered = true;"
      : `importScripts(${JSON.stringify(foreign.url)});`,
  );
  try {
    const company = await companyWithChat(page);
    const contact = await contactPage(browser, proxy.origin);
    await contact.page.goto(`/c/${company.chat}/`);
    const register = (script: string, scope: string) =>
      contact.page.evaluate(
        async ({ script, scope }) => {
          try {
            const registration = await navigator.serviceWorker.register(script, { scope });
            return `registered: ${registration.installing || registration.waiting || registration.active ? "yes" : "no"}`;
          } catch (error) {
            return `refused: ${String(error)}`;
          }
        },
        { script, scope },
      );
    const path = `/c/${company.chat}/`;
    expect(await register(`${path}sw.js?control=1`, `${path}control/`)).toBe("registered: yes");
    expect(await register(`${path}sw.js?foreign=1`, `${path}foreign/`)).toMatch(
      /^refused: .*ServiceWorker script evaluation failed/,
    );
    expect(foreign.hits).toEqual([]);
    await contact.context.close();
  } finally {
    await proxy.close();
    await foreign.close();
  }
});

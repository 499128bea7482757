import { readFileSync } from "node:fs";
import path from "node:path";
import { matchRoutes, type RouteObject } from "react-router";
import { describe, expect, test } from "vitest";
import {
  SHOPIFY_COMPLIANCE_TOPICS,
  SHOPIFY_WEBHOOK_TOPICS,
  topicOfSegment,
  webhookPathOf,
} from "../../app/domain/shopify/webhooks/topics";
import routes from "../../app/routes";
import { SHOPIFY_SCOPES } from "../../app/services/shopify/shopify.server";
import { parseTomlSubset, type TomlTable } from "../support/toml-subset";

/**
 * shopify.app.toml is what the Shopify CLI deploys: the scopes merchants grant, the addresses Shopify
 * calls. It must say what the code does: the same scopes as SHOPIFY_SCOPES, and every address served
 * by app/routes.ts (a webhook address by the Shopify webhook route, for the very topic the file
 * subscribes there). Its webhook API version is checked with the others in shopify-api-versions.test.ts.
 */
const root = path.resolve(import.meta.dirname, "../..");
const toml = parseTomlSubset(readFileSync(path.join(root, "shopify.app.toml"), "utf8"));

type ConfigRoute = { path?: string; index?: boolean; file: string; children?: ConfigRoute[] };
const toRouteObject = (route: ConfigRoute): RouteObject =>
  route.index
    ? { index: true, id: route.file }
    : { path: route.path, id: route.file, children: route.children?.map(toRouteObject) };
const routeObjects = (routes as ConfigRoute[]).map(toRouteObject);

/** The module serving a path and the splat it got, ignoring the catch-all that redirects to /. */
function servedBy(pathname: string) {
  const matches = matchRoutes(routeObjects, pathname) ?? [];
  const leaf = matches[matches.length - 1];
  if (!leaf || leaf.route.id === "routes/catch-all.tsx") return null;
  return { file: leaf.route.id, splat: leaf.params["*"] };
}

const applicationUrl = toml.application_url as string;
const subscriptions = () => (toml.webhooks as TomlTable).subscriptions as TomlTable[];

/**
 * How the Shopify CLI turns a subscription's `uri` into the address it registers: a path starting
 * with "/" is written straight after application_url (its trailing slashes removed), anything else is
 * taken as it is (prependApplicationUrl in packages/app/src/cli/models/extensions/specifications/
 * validation/url_prepender.ts of github Shopify/cli, read at a0798d198d1c; its own test of
 * "https://my-app.com/api" gives "https://my-app.com/api/webhooks").
 */
function joinedTheCliWay(uri: string, appUrl: string): string {
  if (!uri.startsWith("/")) return uri;
  return `${appUrl.replace(/\/+$/, "")}${uri}`;
}

/** The same `uri` read as a URL relative to application_url (as a browser or a reader would). */
const resolvedAsUrl = (uri: string, appUrl: string) => new URL(uri, appUrl).href;

/** Both readings of a `uri`: each must land on the app's own origin, at a path app/routes.ts serves. */
function readingsOf(uri: string, appUrl: string) {
  return [joinedTheCliWay(uri, appUrl), resolvedAsUrl(uri, appUrl)].map((href) => new URL(href));
}

/** What is wrong with a subscription's `uri` for `topic` under either reading (none: both reach it). */
function webhookAddressProblems(uri: string, topic: string, appUrl: string): string[] {
  const problems: string[] = [];
  const [joined, resolved] = readingsOf(uri, appUrl);
  if (joined?.href !== resolved?.href)
    problems.push(`the CLI's ${joined?.href} and the URL reading ${resolved?.href} differ`);
  for (const url of [...new Map([joined, resolved].map((u) => [u?.href, u])).values()]) {
    if (!url) continue;
    if (url.origin !== new URL(appUrl).origin)
      problems.push(`${url.href} is not on ${new URL(appUrl).origin}`);
    else if (url.search || url.hash) problems.push(`${url.href} has a query or fragment`);
    const served = servedBy(url.pathname);
    if (served?.file !== "routes/webhooks/shopify.tsx") {
      problems.push(`${url.href} is served by ${served?.file ?? "no route"}`);
      continue;
    }
    const servedTopic = topicOfSegment(served.splat);
    if (servedTopic !== topic) problems.push(`${url.href} serves ${servedTopic}, not ${topic}`);
  }
  return problems;
}

describe("shopify.app.toml", () => {
  test("declares the app: its client id, name, embedded, and the site root as its address", () => {
    expect(typeof toml.client_id).toBe("string");
    expect(toml.name).toBeTruthy();
    expect(toml.embedded).toBe(true);
    const url = new URL(applicationUrl);
    expect(url.protocol).toBe("https:");
    expect(url.pathname).toBe("/");
    expect(url.search + url.hash).toBe("");
    // The root is the home screen (the embedded home inside the admin; a link with the shop outside
    // it goes on to /app, the embedded app's set-up, as in Shopify's template).
    expect(servedBy("/")?.file).toBe("routes/home.tsx");
    expect(servedBy("/app")?.file).toBe("routes/embedded/app.tsx");
  });

  test("its access scopes are exactly SHOPIFY_SCOPES", () => {
    const scopes = ((toml.access_scopes as TomlTable).scopes as string).split(",").map((s) => s.trim());
    expect(new Set(scopes).size).toBe(scopes.length);
    expect([...scopes].sort()).toEqual([...SHOPIFY_SCOPES].sort());
  });

  test("its redirect URLs are the install hand-off's and the library's /auth/callback, on the app's origin", () => {
    const urls = ((toml.auth as TomlTable).redirect_urls as string[]).map((href) => new URL(href));
    for (const url of urls) expect(url.origin, url.href).toBe(new URL(applicationUrl).origin);
    expect(urls.map((url) => url.pathname).sort()).toEqual(["/auth/callback", "/shopify-redirect"]);
    expect(servedBy("/shopify-redirect")?.file).toBe("routes/shopify/redirect.tsx");
    expect(servedBy("/auth/callback")?.file).toBe("routes/embedded/auth.tsx");
  });

  test("every topic the app handles is subscribed once, the privacy ones as compliance topics", () => {
    const topics = subscriptions().flatMap((s) => (s.topics as string[] | undefined) ?? []);
    const compliance = subscriptions().flatMap((s) => (s.compliance_topics as string[] | undefined) ?? []);
    expect([...topics].sort()).toEqual([...SHOPIFY_WEBHOOK_TOPICS].sort());
    expect([...compliance].sort()).toEqual([...SHOPIFY_COMPLIANCE_TOPICS].sort());
  });

  test("every webhook address, read either way, is served by the Shopify webhook route for its topic", () => {
    for (const subscription of subscriptions()) {
      const declared = [
        ...((subscription.topics as string[] | undefined) ?? []),
        ...((subscription.compliance_topics as string[] | undefined) ?? []),
      ];
      const uri = subscription.uri as string;
      expect(declared, uri).toHaveLength(1);
      expect(webhookAddressProblems(uri, declared[0] as string, applicationUrl), uri).toEqual([]);
      expect(uri).toBe(webhookPathOf(declared[0] as (typeof SHOPIFY_WEBHOOK_TOPICS)[number]));
    }
  });

  test("the old application_url (/app) or an address off the route would be caught", () => {
    // The CLI would have registered https://example.com/app/webhooks/shopify/orders-create, which
    // app/routes.ts hands to the embedded app.
    expect(
      webhookAddressProblems("/webhooks/shopify/orders-create", "orders/create", "https://example.com/app"),
    ).toEqual([
      "the CLI's https://example.com/app/webhooks/shopify/orders-create and the URL reading https://example.com/webhooks/shopify/orders-create differ",
      "https://example.com/app/webhooks/shopify/orders-create is served by routes/embedded/app.tsx",
    ]);
    expect(
      webhookAddressProblems(
        "https://elsewhere.example/webhooks/shopify/orders-create",
        "orders/create",
        "https://example.com",
      ),
    ).toEqual(["https://elsewhere.example/webhooks/shopify/orders-create is not on https://example.com"]);
    expect(
      webhookAddressProblems("/webhooks/shopify/orders-create", "orders/updated", "https://example.com"),
    ).toEqual([
      "https://example.com/webhooks/shopify/orders-create serves orders/create, not orders/updated",
    ]);
  });

  test("an address the route does not serve would be caught", () => {
    expect(servedBy("/webhooks/shopify/carts-create")?.file).toBe("routes/webhooks/shopify.tsx");
    expect(topicOfSegment(servedBy("/webhooks/shopify/carts-create")?.splat)).toBeNull();
    expect(servedBy("/no-such-page")).toBeNull();
  });
});

describe("the TOML subset reader", () => {
  test("reads tables, arrays of tables, strings, booleans, integers and multi-line arrays", () => {
    const parsed = parseTomlSubset(
      [
        'a = "x\\"y" # comment',
        "[t.u]",
        "b = true",
        "n = -3",
        "list = [",
        '  "one", # first',
        "  'two',",
        "]",
        "[[t.items]]",
        "k = 1",
        "[[t.items]]",
        "k = 2",
      ].join("\n"),
    );
    expect(parsed).toEqual({
      a: 'x"y',
      t: { u: { b: true, n: -3, list: ["one", "two"] }, items: [{ k: 1 }, { k: 2 }] },
    });
  });

  test.each([
    ["a = 1.5", "unsupported value"],
    ["a = { b = 1 }", "unsupported value"],
    ["a.b = 1", "dotted keys"],
    ['a = """x"""', "multi-line strings"],
    ["a = 1\na = 2", "defined twice"],
    ['a = "x" b = 1', "more than one definition"],
  ])("refuses what it does not read: %s", (text, message) => {
    expect(() => parseTomlSubset(text)).toThrow(message);
  });
});

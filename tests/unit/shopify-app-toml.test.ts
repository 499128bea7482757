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

const pathOf = (url: string) => new URL(url, "https://example.com").pathname;
const subscriptions = () => (toml.webhooks as TomlTable).subscriptions as TomlTable[];

describe("shopify.app.toml", () => {
  test("declares the app: its client id, name, embedded, and the /app address", () => {
    expect(typeof toml.client_id).toBe("string");
    expect(toml.name).toBeTruthy();
    expect(toml.embedded).toBe(true);
    expect(pathOf(toml.application_url as string)).toBe("/app");
    expect(servedBy("/app")?.file).toBe("routes/embedded/app.tsx");
  });

  test("its access scopes are exactly SHOPIFY_SCOPES", () => {
    const scopes = ((toml.access_scopes as TomlTable).scopes as string).split(",").map((s) => s.trim());
    expect(new Set(scopes).size).toBe(scopes.length);
    expect([...scopes].sort()).toEqual([...SHOPIFY_SCOPES].sort());
  });

  test("its redirect URLs are the install hand-off's and the library's /auth/callback", () => {
    const urls = ((toml.auth as TomlTable).redirect_urls as string[]).map(pathOf);
    expect(urls.sort()).toEqual(["/auth/callback", "/shopify-redirect"]);
    expect(servedBy("/shopify-redirect")?.file).toBe("routes/shopify/redirect.tsx");
  });

  test("every topic the app handles is subscribed once, the privacy ones as compliance topics", () => {
    const topics = subscriptions().flatMap((s) => (s.topics as string[] | undefined) ?? []);
    const compliance = subscriptions().flatMap((s) => (s.compliance_topics as string[] | undefined) ?? []);
    expect([...topics].sort()).toEqual([...SHOPIFY_WEBHOOK_TOPICS].sort());
    expect([...compliance].sort()).toEqual([...SHOPIFY_COMPLIANCE_TOPICS].sort());
  });

  test("every webhook address is served by the Shopify webhook route, for the topic subscribed there", () => {
    for (const subscription of subscriptions()) {
      const declared = [
        ...((subscription.topics as string[] | undefined) ?? []),
        ...((subscription.compliance_topics as string[] | undefined) ?? []),
      ];
      const uri = subscription.uri as string;
      expect(declared, uri).toHaveLength(1);
      const served = servedBy(pathOf(uri));
      expect(served?.file, uri).toBe("routes/webhooks/shopify.tsx");
      expect(topicOfSegment(served?.splat), uri).toBe(declared[0]);
      expect(uri).toBe(webhookPathOf(declared[0] as (typeof SHOPIFY_WEBHOOK_TOPICS)[number]));
    }
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

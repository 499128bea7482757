import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, test } from "vitest";
import {
  SHOPIFY_ADMIN_API_VERSION,
  SHOPIFY_CHECKOUT_EXTENSION_API_VERSION,
  SHOPIFY_WEBHOOK_API_VERSION,
  shopifyVersionUnsupportedFrom,
} from "../../app/services/shopify/api-versions";
import { parseTomlSubset, type TomlTable } from "../support/toml-subset";

/**
 * Every Shopify API version the app is pinned to: the three constants of api-versions.ts, and what the
 * Shopify CLI deploys from the two TOML files. Shopify supports a version for 12 months after its
 * release, so this fails, on the day it happens, once any of them needs moving up; and it fails when a
 * TOML file says something other than the constant the code and tests use.
 */
const root = path.resolve(import.meta.dirname, "../..");
const readToml = (file: string) => parseTomlSubset(readFileSync(path.join(root, file), "utf8"));
const appToml = readToml("shopify.app.toml");
const extensionToml = readToml("extensions/sms-consent/shopify.extension.toml");
const packageJson = JSON.parse(readFileSync(path.join(root, "package.json"), "utf8")) as {
  devDependencies: Record<string, string>;
};

const configured: [where: string, version: string][] = [
  ["the Admin API (SHOPIFY_ADMIN_API_VERSION)", SHOPIFY_ADMIN_API_VERSION],
  ["webhook payloads (SHOPIFY_WEBHOOK_API_VERSION)", SHOPIFY_WEBHOOK_API_VERSION],
  ["the checkout extension (SHOPIFY_CHECKOUT_EXTENSION_API_VERSION)", SHOPIFY_CHECKOUT_EXTENSION_API_VERSION],
  ["shopify.app.toml [webhooks] api_version", (appToml.webhooks as TomlTable).api_version as string],
  ["extensions/sms-consent/shopify.extension.toml api_version", extensionToml.api_version as string],
];

/** Why a version is no longer usable on `today`, or null while Shopify still supports it. */
function outOfSupport(where: string, version: string, today: Date): string | null {
  const unsupportedFrom = shopifyVersionUnsupportedFrom(version);
  if (today < unsupportedFrom) return null;
  const day = unsupportedFrom.toISOString().slice(0, 10);
  return `${where} is ${version}, which Shopify supports only until ${day}: move it to a newer version`;
}

describe("Shopify API versions", () => {
  test.each(configured)("%s (%s) is inside Shopify's 12-month support window today", (where, version) => {
    expect(outOfSupport(where, version, new Date())).toBeNull();
  });

  test("shopify.app.toml's webhook version is SHOPIFY_WEBHOOK_API_VERSION", () => {
    expect((appToml.webhooks as TomlTable).api_version).toBe(SHOPIFY_WEBHOOK_API_VERSION);
  });

  test("the extension's TOML says SHOPIFY_CHECKOUT_EXTENSION_API_VERSION, and @shopify/ui-extensions is that version's release", () => {
    expect(extensionToml.api_version).toBe(SHOPIFY_CHECKOUT_EXTENSION_API_VERSION);
    // The package is versioned YEAR.MONTH.PATCH after the API it serves: 2026-07 is 2026.7.x.
    const [year, month] = SHOPIFY_CHECKOUT_EXTENSION_API_VERSION.split("-").map(Number);
    expect(packageJson.devDependencies["@shopify/ui-extensions"]).toMatch(
      new RegExp(`^${year}\\.${month}\\.\\d+$`),
    );
  });

  test("a version is supported from the 1st of its month until the same day a year later", () => {
    expect(shopifyVersionUnsupportedFrom("2026-07").toISOString()).toBe("2027-07-01T00:00:00.000Z");
    expect(shopifyVersionUnsupportedFrom("2025-10").toISOString()).toBe("2026-10-01T00:00:00.000Z");
    expect(outOfSupport("x", "2025-10", new Date("2026-09-30T23:59:59Z"))).toBeNull();
    expect(outOfSupport("the Admin API", "2025-10", new Date("2026-10-01T00:00:00Z"))).toBe(
      "the Admin API is 2025-10, which Shopify supports only until 2026-10-01: move it to a newer version",
    );
    expect(() => shopifyVersionUnsupportedFrom("unstable")).toThrow("Not a Shopify API version");
  });
});

import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { expect, test } from "vitest";

/**
 * Issue 32: Shopify's tokens are sealed in shopify_sessions, so a module that reads them straight from
 * the table would get a sealed value (or, from an old row, a token in clear that is never sealed). Only
 * the session storage reads them; every other module that touches the table is listed here with what
 * it may do (read identity columns, update the scope, delete rows), and a new one fails this test
 * until it is checked and added.
 */

const root = path.resolve(import.meta.dirname, "../../..");
const STORAGE = "app/services/shopify/session-storage.server.ts";
const CHECKED = [
  // The staff member's identity: email and shop of the online session, no token.
  "app/domain/shopify/embedded-staff.server.ts",
  // Deletes the shop's sessions on shop/redact, returning their ids.
  "app/domain/shopify/webhooks/shop-redact.server.ts",
  // Deletes them on app/uninstalled and sets the scope on app/scopes_update, returning ids.
  "app/domain/shopify/webhooks/app-events.server.ts",
];

function sourceFiles(dir: string): string[] {
  return readdirSync(path.join(root, dir), { withFileTypes: true }).flatMap((entry) => {
    const relative = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(relative);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [relative] : [];
  });
}

const TOKEN_READ = [
  /shopifySessions\.(accessToken|refreshToken)/,
  // A whole row (select() or returning() with no columns) carries the tokens.
  /select\(\)\s*\.from\(shopifySessions\)/,
  /\.(insert|update|delete)\(shopifySessions\)[\s\S]{0,200}?\.returning\(\)/,
  /"accessToken"|"refreshToken"/,
];

test("only the session storage reads Shopify tokens from shopify_sessions", () => {
  const touching = ["app", "db", "scripts"]
    .flatMap(sourceFiles)
    .concat("server.ts")
    .filter((file) => !file.startsWith("db/schema/") && !file.startsWith("db/migrations/"))
    .filter((file) => /shopifySessions|shopify_sessions/.test(readFileSync(path.join(root, file), "utf8")));
  expect(touching.sort()).toEqual([...CHECKED, STORAGE].sort());
  for (const file of CHECKED) {
    const text = readFileSync(path.join(root, file), "utf8");
    for (const pattern of TOKEN_READ)
      expect({ file, reads: pattern.test(text) }).toEqual({ file, reads: false });
  }
});

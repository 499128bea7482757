import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { expect, test } from "vitest";

/**
 * Every module app/routes.ts maps is one of two kinds, and this test keeps each kind whole:
 * - a screen (it has a default export, the component) exports an ErrorBoundary, so an error keeps the
 *   shell and shows 'Something went wrong' with Try Again, and `headers` from the Shopify library's
 *   boundary (app/domain/shopify/boundary-headers.server.ts), so the 401 of an expired session token
 *   keeps the header App Bridge retries on (app/routes/embedded/session-token-retry.db.test.ts sends
 *   one to every screen);
 * - a resource route (no component: JSON, redirects, event streams, webhooks) exports none, because
 *   React Router treats a module with an ErrorBoundary as a document route and would answer its GETs
 *   with an HTML page (server runtime: a resource route is one whose module has neither `default`
 *   nor `ErrorBoundary`).
 */
const appDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../app");
const routeFiles = [
  ...new Set(
    [...readFileSync(path.join(appDir, "routes.ts"), "utf8").matchAll(/"(routes\/[^"]+\.tsx)"/g)].map(
      (m) => m[1],
    ),
  ),
];

const exportsDefault = (source: string) => /^export default /m.test(source);
const exportsErrorBoundary = (source: string) =>
  /^export (const|function) ErrorBoundary\b/m.test(source) ||
  /^export \{[^}]*\bas ErrorBoundary\b[^}]*\}/m.test(source);

test("routes.ts maps the modules this test reads", () => {
  expect(routeFiles.length).toBeGreaterThan(40);
});

test.each(routeFiles)("%s: a screen exports an ErrorBoundary, a resource route none", (file) => {
  const source = readFileSync(path.join(appDir, file), "utf8");
  if (exportsDefault(source)) expect(exportsErrorBoundary(source), "screen without ErrorBoundary").toBe(true);
  else expect(exportsErrorBoundary(source), "resource route with an ErrorBoundary").toBe(false);
});

test.each(routeFiles)("%s: a screen exports the Shopify boundary's headers", (file) => {
  const source = readFileSync(path.join(appDir, file), "utf8");
  const exportsHeaders = /^export const headers = shopifyBoundaryHeaders;$/m.test(source);
  expect(
    exportsHeaders,
    exportsDefault(source) ? "screen without headers" : "resource route with headers",
  ).toBe(exportsDefault(source));
});

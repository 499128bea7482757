import { randomBytes } from "node:crypto";
import { defineConfig, devices } from "@playwright/test";

// E2E_PORT lets two runs share a machine; e2e-server.ts reads the same variable.
const port = Number(process.env.E2E_PORT ?? 3100);
const baseURL = `http://localhost:${port}`;
const ci = Boolean(process.env.CI);
// The secret of the e2e server's fixture endpoint (tests/support/e2e-fixture-endpoint.ts), new for
// every run. Set here, in the runner, so the server it starts and the workers it forks all inherit it.
process.env.E2E_FIXTURE_SECRET ??= randomBytes(32).toString("hex");
// The Stripe stand-in e2e-server.ts runs (tests/support/stand-ins/stripe.ts): a port of its own per
// E2E_PORT, known here so the workers reach its /__stand-in/ controls (tests/support/e2e-stripe.ts).
process.env.STRIPE_STAND_IN_URL ??= `http://127.0.0.1:${port + 20000}`;
// The Shopify stand-in e2e-server.ts runs (tests/support/stand-ins/shopify.ts), reached by specs
// through tests/support/e2e-shopify.ts.
process.env.SHOPIFY_STAND_IN_URL ??= `http://127.0.0.1:${port + 21000}`;
// The Meta Graph API stand-in e2e-server.ts runs (tests/support/stand-ins/meta.ts), reached by specs
// through tests/support/e2e-whatsapp.ts to add a company's WhatsApp number.
process.env.META_STAND_IN_URL ??= `http://127.0.0.1:${port + 22000}`;

// Debian's Chromium, never a downloaded browser. The machine has no network: these flags stop
// Chromium's background services from flooding refused connections.
const chromiumArgs = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

export default defineConfig({
  testDir: "tests/e2e",
  // Two cores run the server and two browsers: a save can take seconds, so assertions wait longer.
  expect: { timeout: 15_000 },
  fullyParallel: false,
  forbidOnly: ci,
  retries: ci ? 1 : 0,
  // Two cores: one for the server, one or two for the browsers.
  workers: 2,
  reporter: [["list"], ["html", { open: "never" }]],
  use: {
    baseURL,
    trace: "on-first-retry",
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      args: chromiumArgs,
    },
  },
  projects: [
    // A new terms version makes every company accept the terms again, so admin-terms.spec.ts runs
    // after all other specs: as this project's teardown it runs last, even when a test failed.
    {
      name: "chromium",
      use: { ...devices["Desktop Chrome"] },
      testIgnore: [/admin-terms\.spec\.ts/, /phone-layout\.spec\.ts/],
      teardown: "terms-version",
    },
    // A 390 × 844 phone (issue 20): every signed-in screen checked for sideways scrolling and with axe.
    // It shares the teardown, so the new terms version still comes after it.
    {
      name: "phone",
      use: { ...devices["Desktop Chrome"], viewport: { width: 390, height: 844 } },
      testMatch: /phone-layout\.spec\.ts/,
      teardown: "terms-version",
    },
    { name: "terms-version", use: { ...devices["Desktop Chrome"] }, testMatch: /admin-terms\.spec\.ts/ },
  ],
  webServer: {
    // e2e-server.ts starts `tsx server.ts` on port 3100 with a fresh database for this run.
    command: "npm run build && tsx tests/support/e2e-server.ts",
    // A run on another port builds into its own folder, so two runs on one machine do not clobber
    // each other's build.
    env: {
      BUILD_DIR: process.env.BUILD_DIR ?? (port === 3100 ? "build" : `build-e2e-${port}`),
      E2E_FIXTURE_SECRET: process.env.E2E_FIXTURE_SECRET,
      STRIPE_STAND_IN_URL: process.env.STRIPE_STAND_IN_URL,
      SHOPIFY_STAND_IN_URL: process.env.SHOPIFY_STAND_IN_URL,
      META_STAND_IN_URL: process.env.META_STAND_IN_URL,
    },
    url: `${baseURL}/healthz`,
    reuseExistingServer: !ci,
    // The build comes first; on a shared, loaded 2-core machine it has taken over three minutes.
    timeout: 360_000,
    stderr: "pipe",
    // SIGTERM (not the default SIGKILL) lets e2e-server.ts drop its database and data directory.
    gracefulShutdown: { signal: "SIGTERM", timeout: 15_000 },
  },
});

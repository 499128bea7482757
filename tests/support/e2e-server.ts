import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import Stripe from "stripe";
import { formatSyncChange, syncStripeCatalogue } from "../../app/domain/billing/stripe-sync.server";
import { SHOPIFY_ADMIN_API_VERSION } from "../../app/services/shopify/api-versions";
import { startMetaStandIn } from "./stand-ins/meta";
import { startShopifyStandIn } from "./stand-ins/shopify";
import { startStripeStandIn } from "./stand-ins/stripe";
import { createScratchPostgresDatabase, type ScratchPostgresDatabase } from "./test-database";

/**
 * The server Playwright tests run against (playwright.config.ts builds first, then runs this):
 * `tsx server.ts` on port 3100 (or E2E_PORT) with an empty database of its own, an embedded PGlite in a new temp
 * directory, or a new database on TEST_DATABASE_URL's server; both are removed when it stops.
 * Stripe is the local stand-in (tests/support/stand-ins/stripe.ts), run in this process on
 * STRIPE_STAND_IN_URL's port (playwright.config.ts sets it, so specs reach its /__stand-in/ controls)
 * or a free one, with the catalogue synced into it as `npm run stripe:sync` does.
 * Shopify is the local stand-in too (tests/support/stand-ins/shopify.ts), on SHOPIFY_STAND_IN_URL's
 * port or a free one: the app reaches it through SHOPIFY_API_URL, specs through its controls.
 */
const rootDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const port = Number(process.env.E2E_PORT ?? 3100);

const appUrl = `http://localhost:${port}`;
const stripeKey = `sk_test_e2e${randomBytes(12).toString("hex")}`;
const stripeWebhookSecret = `whsec_${randomBytes(24).toString("base64url")}`;
const meterEventName = process.env.STRIPE_METER_EVENT_NAME ?? "blusteam_overage_messages";
const standInPort = process.env.STRIPE_STAND_IN_URL
  ? Number(new URL(process.env.STRIPE_STAND_IN_URL).port)
  : 0;
const stripeStandIn = await startStripeStandIn({
  apiKey: stripeKey,
  port: standInPort,
  webhookUrl: `${appUrl}/webhooks/stripe`,
  webhookSecret: stripeWebhookSecret,
});
{
  const { hostname, port: apiPort } = new URL(stripeStandIn.url);
  const sdk = new Stripe(stripeKey, { host: hostname, port: apiPort, protocol: "http" });
  const changes = await syncStripeCatalogue(sdk, { meterEventName });
  console.log(`e2e: Stripe stand-in on ${stripeStandIn.url}, ${changes.length} catalogue objects synced`);
  if (process.env.E2E_VERBOSE) for (const change of changes) console.log(`e2e: ${formatSyncChange(change)}`);
}

const shopifyApiKey = `e2e-shopify-${randomBytes(8).toString("hex")}`;
const shopifyApiSecret = randomBytes(24).toString("hex");
const shopifyStandIn = await startShopifyStandIn({
  app: { apiKey: shopifyApiKey, secret: shopifyApiSecret, name: "Blusteam" },
  port: process.env.SHOPIFY_STAND_IN_URL ? Number(new URL(process.env.SHOPIFY_STAND_IN_URL).port) : 0,
  // Webhooks Shopify sends by itself (app_subscriptions/update after a charge answer).
  // The app's address scheme for them: /webhooks/shopify/app-subscriptions-update (shopify.app.toml).
  webhookUrl: `${appUrl}/webhooks/shopify/{topic-segment}`,
  apiVersion: SHOPIFY_ADMIN_API_VERSION,
});
console.log(`e2e: Shopify stand-in on ${shopifyStandIn.url}`);

// Meta's Graph API (WhatsApp): companies' own numbers are added by the specs (tests/support/e2e-whatsapp.ts).
// The platform-wide WHATSAPP_* stay unset, so journeys' WhatsApp without a company number still goes to the outbox.
const metaStandIn = await startMetaStandIn(
  "e2e-platform-phone",
  randomBytes(12).toString("hex"),
  {},
  { port: process.env.META_STAND_IN_URL ? Number(new URL(process.env.META_STAND_IN_URL).port) : 0 },
);
console.log(`e2e: Meta stand-in on ${metaStandIn.url}`);

const dataDir = mkdtempSync(path.join(os.tmpdir(), "blusteam-e2e-"));
let database: ScratchPostgresDatabase | undefined;
if (process.env.TEST_DATABASE_URL) {
  database = await createScratchPostgresDatabase(process.env.TEST_DATABASE_URL, "blusteam_e2e");
  console.log(`e2e: using PostgreSQL database ${database.name}`);
} else {
  console.log(`e2e: using PGlite in ${dataDir}`);
}

const env: NodeJS.ProcessEnv = {
  ...process.env,
  NODE_ENV: "production",
  PORT: String(port),
  APP_URL: appUrl,
  DATA_DIR: dataDir,
  SESSION_SECRET: process.env.SESSION_SECRET ?? "e2e-session-secret-not-for-production",
  // Lets the specs sign Twilio webhooks (tests/e2e/messaging-webhooks.spec.ts); SMS still go to the outbox.
  TWILIO_AUTH_TOKEN: process.env.TWILIO_AUTH_TOKEN ?? "e2e-twilio-auth-token",
  // Turns on the fixture endpoint (tests/support/e2e-fixture-endpoint.ts) that writes signed-in users
  // and companies for the specs. playwright.config.ts draws it for the run; this is the only place
  // that hands it to a server.
  E2E_FIXTURE_SECRET: process.env.E2E_FIXTURE_SECRET ?? randomBytes(32).toString("hex"),
  // Card billing against the stand-in; its hosted Pay page signs webhooks with this secret.
  STRIPE_SECRET_KEY: stripeKey,
  STRIPE_API_URL: stripeStandIn.url,
  STRIPE_WEBHOOK_SECRET: stripeWebhookSecret,
  STRIPE_METER_EVENT_NAME: meterEventName,
  STRIPE_STAND_IN_URL: stripeStandIn.url,
  // The Shopify app against the stand-in: https://{shop}/... goes to {SHOPIFY_API_URL}/{shop}/...
  SHOPIFY_API_KEY: shopifyApiKey,
  SHOPIFY_API_SECRET: shopifyApiSecret,
  SHOPIFY_API_URL: shopifyStandIn.url,
  SHOPIFY_STAND_IN_URL: shopifyStandIn.url,
  META_GRAPH_URL: metaStandIn.url,
};
if (database) env.DATABASE_URL = database.url;
else delete env.DATABASE_URL;

// `node --import tsx` is `tsx server.ts` without tsx's extra watcher process, so signals reach the server directly.
const server: ChildProcess = spawn(process.execPath, ["--import", "tsx", "server.ts"], {
  cwd: rootDir,
  env,
  stdio: "inherit",
});

let cleanedUp = false;
async function cleanUp() {
  if (cleanedUp) return;
  cleanedUp = true;
  rmSync(dataDir, { recursive: true, force: true });
  await stripeStandIn.close();
  await shopifyStandIn.close();
  await metaStandIn.close();
  try {
    await database?.drop();
  } catch (error) {
    console.warn(`e2e: could not drop database ${database?.name}:`, error);
  }
}

let stopping = false;
for (const signal of ["SIGTERM", "SIGINT", "SIGHUP"] as const) {
  process.on(signal, () => {
    stopping = true;
    if (server.exitCode !== null || server.signalCode !== null) return;
    server.kill(signal);
    // server.ts closes its database and exits on SIGTERM; give it a while, then stop it for good.
    setTimeout(() => server.kill("SIGKILL"), 10_000).unref();
  });
}

server.on("error", async (error) => {
  console.error("e2e: could not start the server:", error);
  await cleanUp();
  process.exit(1);
});

server.on("exit", async (code) => {
  await cleanUp();
  if (code !== null) process.exit(code);
  process.exit(stopping ? 0 : 1);
});

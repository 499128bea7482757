import path from "node:path";
import { pathToFileURL } from "node:url";
import { createRequestHandler } from "@react-router/express";
import express, { type Express } from "express";
import type { ServerBuild } from "react-router";
import {
  assertDataEncryptionKeyConfigured,
  assertMailConfigured,
  assertPublicAddressConfigured,
  config,
} from "./app/config.server";
import { resealSecretsAtRest } from "./app/domain/platform/secrets-at-rest.server";
import { createExpressApp, loadContextFor } from "./app/express-app.server";
import { installProcessHandlers } from "./app/process-handlers.server";
import type { PublicFormRoute } from "./app/serve-public-form.server";
import { startWorker, stopJobs } from "./app/services/jobs/jobs.server";
import { jobHandlers, workerStartHooks } from "./app/worker-handlers.server";
import { closeDatabase, databaseHandle } from "./db/client.server";
import { seedAll } from "./db/seed";

// Starts Blusteam: migrates and seeds the database, then serves the built app (or Vite in --dev).
const dev = process.argv.includes("--dev");
installProcessHandlers("server");
const settings = config();
assertPublicAddressConfigured(settings);
assertMailConfigured(settings);
assertDataEncryptionKeyConfigured(settings);
// Where `react-router build` put the app (react-router.config.ts reads the same BUILD_DIR).
const buildDirectory = settings.BUILD_DIR;

const database = databaseHandle();
await seedAll(database, settings);
// After a key rotation (or from before Shopify tokens were sealed): every secret under the current key.
await resealSecretsAtRest();
// Background jobs (CSV imports) run in this process unless a separate `npm run worker` does them.
// On PGlite there is no other process that could: the worker always runs here.
if (settings.RUN_WORKER === "true" || database.raw.kind === "pglite")
  await startWorker(jobHandlers, workerStartHooks);

let build: ServerBuild | (() => Promise<ServerBuild>);
// The public form's module, served by createExpressApp's fast path (not in --dev: Vite reloads it).
let publicFormRoute: PublicFormRoute | undefined;
let mountStatic: (app: Express) => void;
if (dev) {
  const vite = await import("vite");
  const viteServer = await vite.createServer({ server: { middlewareMode: true } });
  mountStatic = (app) => app.use(viteServer.middlewares);
  build = () => viteServer.ssrLoadModule("virtual:react-router/server-build") as Promise<ServerBuild>;
} else {
  mountStatic = (app) => {
    // A missing asset is a 404, never the catch-all redirect to /.
    app.use(
      "/assets",
      express.static(`${buildDirectory}/client/assets`, {
        immutable: true,
        maxAge: "1y",
        fallthrough: false,
      }),
    );
    // Every file of public/ has an extension; a page's path (/contacts) skips the disk lookup, which
    // cost a failed stat on every page request.
    const publicFiles = express.static(`${buildDirectory}/client`, { maxAge: "1h" });
    app.use((req, res, next) => (path.extname(req.path) ? publicFiles(req, res, next) : next()));
  };
  build = (await import(pathToFileURL(path.resolve(buildDirectory, "server/index.js")).href)) as ServerBuild;
  // The build's copy (not one imported here), so it shares the routes' caches: a form saved is seen at once.
  publicFormRoute = build.entry.module as unknown as PublicFormRoute;
}

// Browser tests only: never in the Docker image, and e2e-fixture-endpoint.ts refuses to run in production.
const mountTestFixtures = process.env.E2E_FIXTURE_SECRET
  ? (await import("./tests/support/e2e-fixture-endpoint")).mountE2eFixture
  : undefined;

const app = createExpressApp({
  settings,
  mountTestFixtures,
  pingDatabase: () => database.db.execute("select 1"),
  databaseCanBeDown: database.kind === "postgres",
  mountStatic,
  publicFormRoute,
  handler: createRequestHandler({
    build,
    mode: dev ? "development" : "production",
    getLoadContext: loadContextFor,
  }),
});

const server = app.listen(settings.PORT, () => {
  console.log(
    `${settings.PRODUCT_NAME} is ready at ${settings.APP_URL} (port ${settings.PORT}, Node ${process.version})`,
  );
});
// Node closes idle keep-alive connections after 5 s; clients (and load balancers, whose idle timeout
// is usually 60 s) that reuse one just after would get ECONNRESET. Outlive them instead.
server.keepAliveTimeout = 65_000;
server.headersTimeout = 66_000;

let closing = false;
async function shutdown(signal: string) {
  // A second signal while closing (Ctrl-C twice, SIGTERM after SIGINT) waits for the first.
  if (closing) return;
  closing = true;
  console.log(`${signal} received, closing`);
  server.close();
  await stopJobs(5_000);
  await closeDatabase();
  process.exit(0);
}
process.on("SIGTERM", () => void shutdown("SIGTERM"));
process.on("SIGINT", () => void shutdown("SIGINT"));

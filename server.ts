import path from "node:path";
import { pathToFileURL } from "node:url";
import { createRequestHandler } from "@react-router/express";
import express from "express";
import { RouterContextProvider, type ServerBuild } from "react-router";
import { config } from "./app/config.server";
import { clientIpContext } from "./app/context.server";
import { baseSecurityHeaders, isCrossOriginWrite } from "./app/domain/access/security.server";
import { seedDemoCatalog } from "./app/domain/demo/demo-catalog.server";
import { installProcessHandlers } from "./app/process-handlers.server";
import { compressionWithDrainFix } from "./app/services/http/compression.server";
import { startWorker, stopJobs } from "./app/services/jobs/jobs.server";
import { closeDatabase, databaseHandle } from "./db/client.server";
import { seedDemoData, seedReferenceData } from "./db/seed";

// Starts Blusteam: migrates and seeds the database, then serves the built app (or Vite in --dev).
const dev = process.argv.includes("--dev");
installProcessHandlers("server");
const settings = config();
// Where `react-router build` put the app (react-router.config.ts reads the same BUILD_DIR).
const buildDirectory = settings.BUILD_DIR;

const database = databaseHandle();
await database.migrate();
await seedReferenceData(database.db);
if (settings.SEED_DEMO_DATA === "true") {
  await seedDemoData(database.db);
  await seedDemoCatalog();
}
// Background jobs (CSV imports) run in this process unless a separate `npm run worker` does them.
// On PGlite there is no other process that could: the worker always runs here.
if (settings.RUN_WORKER === "true" || database.raw.kind === "pglite") await startWorker();

const app = express();
app.disable("x-powered-by");
if (settings.TRUST_PROXY === "true") app.set("trust proxy", true);
app.use(compressionWithDrainFix());
// Browser tests only: never in the Docker image, and e2e-fixture-endpoint.ts refuses to run in production.
if (process.env.E2E_FIXTURE_SECRET)
  (await import("./tests/support/e2e-fixture-endpoint")).mountE2eFixture(app);

// Writes from another site are refused before anything else runs (React Router would otherwise
// answer some of them itself with a 400 and a logged stack trace).
app.use((req, res, next) => {
  const request = new Request(new URL(req.originalUrl, `http://${req.headers.host ?? "localhost"}`), {
    method: req.method,
    headers: req.headers as Record<string, string>,
  });
  if (isCrossOriginWrite(request)) {
    res.status(403).set(baseSecurityHeaders).type("text/plain").send("Cross-origin request refused");
    return;
  }
  next();
});

// Probed by the Dockerfile's HEALTHCHECK and by load balancers: answers once the database does.
app.get("/healthz", async (_req, res) => {
  try {
    await database.db.execute("select 1");
    res.status(200).type("text/plain").send("ok");
  } catch {
    res.status(503).type("text/plain").send("database unavailable");
  }
});

let build: ServerBuild | (() => Promise<ServerBuild>);
if (dev) {
  const vite = await import("vite");
  const viteServer = await vite.createServer({ server: { middlewareMode: true } });
  app.use(viteServer.middlewares);
  build = () => viteServer.ssrLoadModule("virtual:react-router/server-build") as Promise<ServerBuild>;
} else {
  // A missing asset is a 404, never the catch-all redirect to /.
  app.use(
    "/assets",
    express.static(`${buildDirectory}/client/assets`, { immutable: true, maxAge: "1y", fallthrough: false }),
  );
  app.use(express.static(`${buildDirectory}/client`, { maxAge: "1h" }));
  build = (await import(pathToFileURL(path.resolve(buildDirectory, "server/index.js")).href)) as ServerBuild;
}

app.all(
  "*",
  createRequestHandler({
    build,
    mode: dev ? "development" : "production",
    getLoadContext: (req) => {
      const context = new RouterContextProvider();
      context.set(clientIpContext, req.ip ?? "unknown");
      return context;
    },
  }),
);

const server = app.listen(settings.PORT, () => {
  console.log(`${settings.PRODUCT_NAME} is ready at ${settings.APP_URL} (port ${settings.PORT})`);
});
// Node closes idle keep-alive connections after 5 s; clients (and load balancers, whose idle timeout
// is usually 60 s) that reuse one just after would get ECONNRESET. Outlive them instead.
server.keepAliveTimeout = 65_000;
server.headersTimeout = 66_000;

async function shutdown(signal: string) {
  console.log(`${signal} received, closing`);
  server.close();
  await stopJobs(5_000);
  await closeDatabase();
  process.exit(0);
}
process.on("SIGTERM", () => void shutdown("SIGTERM"));
process.on("SIGINT", () => void shutdown("SIGINT"));

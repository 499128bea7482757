/**
 * One measurement of `npm run bench:render` (scripts/bench-render.ts), run with the tree under test
 * as its working directory: its modules are imported from there, so a --compare ref is measured with
 * its own code. With BENCH_RENDER_SEED=true it only migrates and seeds (as server.ts starts), then
 * exits. Otherwise it signs in as the demo member through the build's request handler, warms up, and
 * for each page of BENCH_RENDER_PAGES loads it BENCH_RENDER_REQUESTS times, BENCH_RENDER_IN_FLIGHT at
 * a time, and prints one JSON line: the process's CPU milliseconds per page, by path.
 */
import path from "node:path";
import { pathToFileURL } from "node:url";
import { demoSignInRequest, sessionCookieOf } from "./bench-trees";

const fromTree = (file: string) => import(pathToFileURL(path.resolve(file)).href);

const buildDir = process.env.BUILD_DIR ?? "build";
const { config } = await fromTree("app/config.server.ts");
const { databaseHandle } = await fromTree("db/client.server.ts");
const settings = config();
const database = databaseHandle();

if (process.env.BENCH_RENDER_SEED === "true") {
  const { seedAll } = await fromTree("db/seed.ts");
  await seedAll(database, settings);
  process.exit(0);
}

const { createRequestHandler } = await fromTree("node_modules/react-router/dist/development/index.mjs");
const { loadContextFor } = await fromTree("app/express-app.server.ts");
const build = await fromTree(path.join(buildDir, "server/index.js"));
const handler = createRequestHandler(build, "production");
const origin = settings.APP_URL as string;
// What Express hands React Router for a visitor on this machine.
const context = () =>
  loadContextFor({ ip: "127.0.0.1", socket: { remoteAddress: "127.0.0.1" }, headers: {} });

const cookie = sessionCookieOf(await handler(demoSignInRequest(origin), context()));

async function load(page: string) {
  const response = await handler(
    new Request(`${origin}${page}`, { headers: { Cookie: cookie, Accept: "text/html" } }),
    context(),
  );
  if (response.status !== 200) throw new Error(`${page} answered ${response.status}`);
  await response.text();
}

const requests = Number(process.env.BENCH_RENDER_REQUESTS ?? 1200);
const inFlight = Number(process.env.BENCH_RENDER_IN_FLIGHT ?? 8);
const result: Record<string, number> = {};
for (const page of (process.env.BENCH_RENDER_PAGES ?? "/contacts").split(",")) {
  for (let i = 0; i < 300; i++) await load(page);
  const before = process.cpuUsage();
  let left = requests;
  await Promise.all(
    Array.from({ length: inFlight }, async () => {
      while (left-- > 0) await load(page);
    }),
  );
  const used = process.cpuUsage(before);
  result[page] = (used.user + used.system) / 1000 / requests;
}
console.log(JSON.stringify(result));
process.exit(0);

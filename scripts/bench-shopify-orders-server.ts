/**
 * The server of `npm run bench:shopify-orders` (started by scripts/bench-shopify-orders.ts with the
 * scratch database in DATABASE_URL and the app's Shopify key and secret): the app's Express front
 * (proxy trust, compression, the cross-origin refusal, the body limit, the client address) on a free
 * port, handing /webhooks/shopify/* to the route module as React Router does for a resource route
 * (the splat as params["*"]), and the job worker in this process unless RUN_WORKER=false. Prints
 * "listening on {port}" when ready.
 */
import { createReadableStreamFromReadable } from "@react-router/node";
import { config } from "../app/config.server";
import { createExpressApp, loadContextFor } from "../app/express-app.server";
import * as route from "../app/routes/webhooks/shopify";
import { startWorker, stopJobs } from "../app/services/jobs/jobs.server";
import { jobHandlers, workerStartHooks } from "../app/worker-handlers.server";
import { closeDatabase, databaseHandle } from "../db/client.server";

const PREFIX = "/webhooks/shopify/";
const settings = config();
const database = databaseHandle();
if (settings.RUN_WORKER === "true") await startWorker(jobHandlers, workerStartHooks);
const app = createExpressApp({
  settings,
  pingDatabase: () => database.db.execute("select 1"),
  databaseCanBeDown: true,
  handler: async (req, res, next) => {
    try {
      if (!req.path.startsWith(PREFIX)) {
        res.status(404).end();
        return;
      }
      const headers = new Headers();
      for (const [name, value] of Object.entries(req.headers))
        if (typeof value === "string") headers.set(name, value);
      const request = new Request(new URL(req.originalUrl, `http://${req.headers.host}`), {
        method: req.method,
        headers,
        body: req.method === "POST" ? createReadableStreamFromReadable(req) : undefined,
        duplex: "half",
      } as RequestInit);
      const args = {
        request,
        params: { "*": req.path.slice(PREFIX.length) },
        context: loadContextFor(req),
      } as never;
      const response = req.method === "POST" ? await route.action(args) : route.loader();
      if (res.headersSent) return;
      res.status(response.status);
      response.headers.forEach((value, name) => {
        res.setHeader(name, value);
      });
      res.send(Buffer.from(await response.arrayBuffer()));
    } catch (error) {
      next(error);
    }
  },
});
const server = app.listen(0, "127.0.0.1", () => {
  const address = server.address();
  console.log(`listening on ${typeof address === "object" && address ? address.port : "?"}`);
});
server.keepAliveTimeout = 65_000;
process.on("SIGTERM", async () => {
  server.close();
  await stopJobs(5_000);
  await closeDatabase();
  process.exit(0);
});

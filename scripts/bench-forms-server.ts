/**
 * The server of `npm run bench:forms` (started by scripts/bench-forms.ts with the scratch database in
 * DATABASE_URL): the app's Express front (proxy trust, compression, the cross-origin refusal, the
 * body limit, the client address) on a free port, handing the public form's URLs to its route module
 * as React Router does for a resource route, the job worker in this process (journeys enroll the
 * new contacts). Prints "listening on {port}" when ready.
 */
import { createReadableStreamFromReadable } from "@react-router/node";
import { config } from "../app/config.server";
import { createExpressApp, loadContextFor } from "../app/express-app.server";
import * as route from "../app/routes/public/public-form";
import { startWorker, stopJobs } from "../app/services/jobs/jobs.server";
import { jobHandlers, workerStartHooks } from "../app/worker-handlers.server";
import { closeDatabase, databaseHandle } from "../db/client.server";

const PATH = /^\/contact-form-builder\/m\/([^/]+)$/;
const settings = config();
const database = databaseHandle();
if (settings.RUN_WORKER === "true") await startWorker(jobHandlers, workerStartHooks);
const app = createExpressApp({
  settings,
  pingDatabase: () => database.db.execute("select 1"),
  databaseCanBeDown: true,
  handler: async (req, res, next) => {
    try {
      const match = PATH.exec(req.path);
      if (!match) {
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
      const args = { request, params: { id: match[1] }, context: loadContextFor(req) } as never;
      const response = req.method === "POST" ? await route.action(args) : await route.loader(args);
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

import { expect, test } from "@playwright/test";
import postgres from "postgres";
import { defaultFormDocument } from "../../app/domain/forms/form-document";
import { appProcesses } from "../support/app-processes";
import { createScratchPostgresDatabase, type ScratchPostgresDatabase } from "../support/test-database";

/**
 * 'Form Page Loads' for the CRM wait in the web process's memory (up to 5 s) before they are queued.
 * A web process stopped by SIGTERM, as an operator or a deploy stops it, queues them first: started
 * here on the e2e build (the public form served by the build's own module, as in production), on a
 * database of its own, with no worker, so the queued "crm-events" jobs stay in the queue to be counted.
 */

const serverUrl = process.env.TEST_DATABASE_URL;
const e2ePort = Number(process.env.E2E_PORT ?? 3100);
const buildDir = process.env.BUILD_DIR ?? (e2ePort === 3100 ? "build" : `build-e2e-${e2ePort}`);
// Beside the e2e server, in the range its E2E_PORT was given.
const port = e2ePort + 10;

test.skip(
  !serverUrl,
  "needs PostgreSQL (TEST_DATABASE_URL): the stopped process's queue is read after it exits",
);

let scratch: ScratchPostgresDatabase;
let sql: postgres.Sql;
const processes = appProcesses({ quiet: () => false });

test.afterAll(async () => {
  await processes.killAll();
  await sql?.end({ timeout: 5 });
  await scratch?.drop();
});

/** The events of the queued "crm-events" jobs (none before pg-boss made its tables: no job was sent yet). */
async function queuedEvents(): Promise<{ event_name: string; form_id: string }[]> {
  const [queue] = await sql<{ exists: boolean }[]>`select to_regclass('pgboss.job') is not null as exists`;
  if (!queue?.exists) return [];
  const jobs = await sql<{ events: { event_name: string; form_id: string }[] }[]>`
    select data->'events' as events from pgboss.job where name = 'crm-events'`;
  return jobs.flatMap((j) => j.events);
}

test("page loads gathered for the CRM are queued when the web process is stopped", async () => {
  test.setTimeout(180_000);
  scratch = await createScratchPostgresDatabase(serverUrl as string, "blusteam_crm_shutdown");
  sql = postgres(scratch.url, { max: 2, onnotice: () => {} });
  const web = await processes.start("web", "web", {
    NODE_ENV: "production",
    DATABASE_URL: scratch.url,
    APP_URL: `http://localhost:${port}`,
    PORT: String(port),
    BUILD_DIR: buildDir,
    SEED_DEMO_DATA: "true",
    RUN_WORKER: "false",
    // Never called: no worker runs the jobs.
    CRM_WEBHOOK_URL: "http://127.0.0.1:9/crm",
    CRM_WEBHOOK_SECRET: "crm-shutdown-test-secret",
  });
  const [account] = await sql<{ id: string }[]>`
    select a.id from accounts a join memberships m on m.account_id = a.id
    join users u on u.id = m.user_id where u.email = 'demo@blusteam.dev' limit 1`;
  const document = defaultFormDocument();
  const [form] = await sql<{ id: string }[]>`
    insert into microsites (account_id, disabled, template_name, elements, style)
    values (${account?.id ?? ""}, false, ${document.templateName}, ${sql.json(document.elements as never)},
      ${sql.json(document.style as never)})
    returning id`;
  for (let i = 0; i < 3; i++) {
    const page = await fetch(`http://localhost:${port}/contact-form-builder/m/${form?.id}`);
    expect(page.status).toBe(200);
  }

  // Still in the process's memory (its 5 s flush has not come): only the stop can queue them.
  expect(await queuedEvents()).toEqual([]);
  const exited = new Promise<number | null>((resolve) => web.once("exit", (code) => resolve(code)));
  web.kill("SIGTERM");
  expect(await exited).toBe(0);
  const events = await queuedEvents();
  expect(events).toHaveLength(3);
  expect(events.every((e) => e.event_name === "Form Page Loads" && e.form_id === form?.id)).toBe(true);
});

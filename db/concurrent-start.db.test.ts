import { spawn } from "node:child_process";
import postgres from "postgres";
import { describe, expect, test } from "vitest";
import { queueNames, queues } from "../app/services/jobs/queues";
import { createScratchPostgresDatabase } from "../tests/support/test-database";
import { demoUsers } from "./seed";
import { planCatalogue } from "./seed-plans";

/**
 * Issue 21: any number of processes may start at the same moment on an empty PostgreSQL database.
 * Four at once (two servers, two workers: tests/support/start-up-process.ts runs what each does at
 * start), ten times, each time on a new database: none crashes, every seed row exists exactly once,
 * and all four sign with the same session secret. Before the start-up lock, one of two servers died
 * every time (duplicate pg_type while both migrated, users_email_unique while both seeded).
 */

const serverUrl = process.env.TEST_DATABASE_URL;
const ROUNDS = 10;
const ROLES = ["server", "server", "worker", "worker"] as const;

const title = serverUrl
  ? "four processes starting at once on an empty database [postgres]"
  : "four processes starting at once [postgres] (skipped: TEST_DATABASE_URL is not set)";
if (!serverUrl) console.warn(`Skipped: ${title}`);

type Started = { role: string; code: number | null; stdout: string; stderr: string };

/** One process with only what start-up needs: the database, the demo seed, nothing outside. */
function startUp(role: string, databaseUrl: string): Promise<Started> {
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    NODE_ENV: "production",
    DATABASE_URL: databaseUrl,
    SEED_DEMO_DATA: "true",
    START_AS: role,
  };
  const child = spawn(process.execPath, ["--import", "tsx", "tests/support/start-up-process.ts"], {
    env,
    stdio: ["ignore", "pipe", "pipe"],
  });
  let stdout = "";
  let stderr = "";
  child.stdout.on("data", (d) => {
    stdout += d;
  });
  child.stderr.on("data", (d) => {
    stderr += d;
  });
  return new Promise((resolve) => child.once("exit", (code) => resolve({ role, code, stdout, stderr })));
}

// What the seed writes once: README's demo data (5 users, 3 of them in Demo Co, 2 products whose
// journeys have 4 touchpoints, 5 contacts, 3 with SMS consent, 5 links), the plan catalogue, the
// 6 subdomain patterns, 2 legal documents, the default dashboard; pg-boss's queues and schedules; one
// session secret.
const expectedRows = {
  users: demoUsers.length,
  user_roles: demoUsers.flatMap((user) => user.roles ?? []).length,
  memberships: demoUsers.filter((user) => user.demoCo).length,
  accounts: 1,
  products: 2,
  journeys: 2,
  touchpoints: 4,
  contacts: 5,
  consent_events: 3,
  enrollments: 5,
  attributes: 1,
  plans: planCatalogue.length,
  system_configuration: 6,
  legal_documents: 2,
  dashboards: 1,
  app_secrets: 1,
  // Ours, and pg-boss's own queue for its cron clock.
  "pgboss.queue": queueNames.length + 1,
  "pgboss.schedule": queueNames.filter((name) => "schedule" in queues[name]).length,
};

describe.skipIf(!serverUrl)(title, () => {
  test(
    `${ROLES.length} processes, ${ROUNDS} rounds: no crash, every seed row once, one secret`,
    async () => {
      const crashes: string[] = [];
      const duplicates: string[] = [];
      for (let round = 1; round <= ROUNDS; round++) {
        const scratch = await createScratchPostgresDatabase(serverUrl as string, "blusteam_scale_startup");
        try {
          const results = await Promise.all(ROLES.map((role) => startUp(role, scratch.url)));
          for (const result of results)
            if (result.code !== 0)
              crashes.push(
                `round ${round}, ${result.role} exited ${result.code}: ${result.stderr.slice(0, 2000)}`,
              );
          const secrets = new Set(results.map((r) => /started ([0-9a-f]{64})/.exec(r.stdout)?.[1]));
          if (secrets.size !== 1 || secrets.has(undefined))
            crashes.push(`round ${round}: the processes signed with ${secrets.size} secrets`);

          const sql = postgres(scratch.url, { max: 1, onnotice: () => {} });
          try {
            for (const [table, expected] of Object.entries(expectedRows)) {
              const [{ count }] = await sql<
                { count: number }[]
              >`select count(*)::int as count from ${sql(table)}`;
              if (count !== expected)
                duplicates.push(`round ${round}: ${table} has ${count} rows, not ${expected}`);
            }
          } finally {
            await sql.end({ timeout: 5 });
          }
        } finally {
          await scratch.drop();
        }
      }
      expect(crashes).toEqual([]);
      expect(duplicates).toEqual([]);
    },
    10 * 60_000,
  );
});

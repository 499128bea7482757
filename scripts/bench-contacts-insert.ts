/**
 * `npm run bench:contacts-insert`: what PostgreSQL alone costs per contact inserted, the floor under
 * bench:csv-import. Rows already staged in the database (BENCH_ROWS, default 200,000) are inserted
 * into an empty contacts table with one INSERT … SELECT, as the import's merge does, first with every
 * index the app has, then without the word-prefix search index (contacts_search_idx), then with the
 * primary key alone;
 * each in a transaction that is rolled back. Prints microseconds per row and the rows per second the
 * insert alone allows; the first case is the floor the CSV import is measured against (issue 19:
 * at least 60% of it end to end). Prints the table's and each index's size per 1,000,000 contacts.
 */
import os from "node:os";
import { performance } from "node:perf_hooks";

const ROWS = Number(process.env.BENCH_ROWS ?? 200_000);
const SERVER_URL = process.env.TEST_DATABASE_URL || "postgres://postgres@127.0.0.1:5432/postgres";
process.env.NODE_ENV = "production";

const { closeDatabase, installDatabase, openDatabase } = await import("../db/client.server");
const { createScratchPostgresDatabase } = await import("../tests/support/test-database");
const { createAccount } = await import("../tests/support/factories");

const scratch = await createScratchPostgresDatabase(SERVER_URL, "bench_contacts_scale_insert");
const handle = openDatabase({ url: scratch.url });
try {
  await handle.migrate();
  installDatabase(handle);
  const account = await createAccount();
  const raw = handle.raw;
  if (raw.kind !== "postgres") throw new Error("PostgreSQL only");
  const sql = raw.sql;
  await sql.unsafe(`create unlogged table bench_stage as
    select gen_random_uuid() as id,
      (array['James','Mary','John','Linda','Amelie','Chloé'])[1 + i % 6] as first_name,
      (array['Smith','Johnson','Brown','Dubois','Müller','Lee'])[1 + (i / 16) % 6] as last_name,
      '+1' || (201 + i % 700)::text || lpad((i / 700)::text, 7, '0') as phone,
      'person.' || i || '@example.com' as email
    from generate_series(1, ${ROWS}) i`);
  const search = ["contacts_search_idx"];
  const [{ others }] = await sql<{ others: string[] }[]>`
    select coalesce(array_agg(indexname::text), '{}') as others from pg_indexes
    where tablename = 'contacts' and indexname <> 'contacts_pkey' and indexname <> all(${search})`;

  const cases: { name: string; drop: string[] }[] = [
    { name: "every index of contacts", drop: [] },
    { name: "without the search index", drop: search },
    { name: "primary key only (and the account foreign key)", drop: [...search, ...others] },
  ];
  console.log(
    `Inserting ${ROWS.toLocaleString("en-US")} staged rows into an empty contacts table (PostgreSQL ${new URL(SERVER_URL).host})`,
  );
  let floor = 0;
  for (const { name, drop } of cases) {
    let ms = 0;
    let sizes: { name: string; bytes: string }[] = [];
    await sql
      .begin(async (tx) => {
        // As the import's batches run.
        await tx.unsafe(
          "set local synchronous_commit = off; set local work_mem = '64MB'; set local jit = off",
        );
        for (const index of drop) await tx.unsafe(`drop index ${index}`);
        const t0 = performance.now();
        await tx.unsafe(
          `insert into contacts (id, account_id, first_name, last_name, phone, email)
           select id, $1, first_name, last_name, phone, email from bench_stage order by id`,
          [account.id],
        );
        ms = performance.now() - t0;
        if (drop.length === 0)
          sizes = await tx.unsafe(`select 'table contacts' as name, pg_table_size('contacts')::text as bytes
            union all select 'index ' || indexname, pg_relation_size(indexname::regclass)::text
            from pg_indexes where tablename = 'contacts'`);
        throw new Error("rollback");
      })
      .catch((error: Error) => {
        if (error.message !== "rollback") throw error;
      });
    const perRow = (ms * 1000) / ROWS;
    console.log(
      `  ${name.padEnd(50)} ${perRow.toFixed(1).padStart(6)} µs per row, ${Math.round(ROWS / (ms / 1000))
        .toLocaleString("en-US")
        .padStart(8)} rows/s`,
    );
    if (drop.length === 0) floor = Math.round(ROWS / (ms / 1000));
    for (const size of sizes)
      console.log(
        `      ${size.name.padEnd(44)} ${((Number(size.bytes) * (1_000_000 / ROWS)) / 1024 / 1024).toFixed(0).padStart(6)} MB per 1,000,000 contacts`,
      );
  }
  console.log(
    `load average ${os
      .loadavg()
      .map((n) => n.toFixed(2))
      .join(", ")}`,
  );
  // Read by bench:csv-import --compare: the floor is the insert with every index.
  console.log(`FLOOR_ROWS_PER_SECOND ${floor}`);
} finally {
  await closeDatabase().catch(() => {});
  await scratch.drop();
}

/**
 * `npm run bench:contacts`: the contacts page at a million contacts per company, on PostgreSQL.
 *
 * Creates a scratch database on TEST_DATABASE_URL's server (bench_contacts_scale_…, dropped at the
 * end), migrates it, seeds 1,000,000 contacts in one company and 2,000,000 in another with
 * generate_series, VACUUM ANALYZEs, then times the app's own listContacts (the function the /contacts
 * loader calls) for the first page, late pages by keyset, and each form of the word-prefix search
 * (issue 19: name prefix, a later word of a name, email prefix, email domain, the national number's
 * start, its last digits), on the 1,000,000-contact company and searches on the 2,000,000 one. Prints
 * p50 and p95 per case (the target is a p95 under 50 ms for each), the table's and each index's size
 * per 1,000,000 contacts, and the load average.
 */
import os from "node:os";
import { performance } from "node:perf_hooks";
import { sql } from "drizzle-orm";
import { encodeCursor, listContacts } from "../app/domain/contacts/contacts.server";
import { closeDatabase, installDatabase, openDatabase } from "../db/client.server";
import { createScratchPostgresDatabase } from "../tests/support/test-database";

const CONTACTS_PER_COMPANY = Number(process.env.BENCH_CONTACTS ?? 1_000_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 200);
const TARGET_P95_MS = 50;

const firstNames = [
  "James Mary John Patricia Robert Jennifer Michael Linda William Elizabeth David Barbara",
  "Richard Susan Joseph Jessica Thomas Sarah Charles Karen Christopher Nancy Daniel Lisa",
  "Matthew Betty Anthony Margaret Mark Sandra Donald Ashley Steven Kimberly Paul Emily",
  "Andrew Donna Joshua Michelle Kenneth Dorothy Kevin Carol Brian Amanda George Melissa",
  "Edward Deborah Amelie Lucas Chloe Hugo Ines Louis Jade Gabriel Lea Arthur",
]
  .join(" ")
  .split(" ");
const lastNames = [
  "Smith Johnson Williams Brown Jones Garcia Miller Davis Rodriguez Martinez Hernandez",
  "Lopez Gonzalez Wilson Anderson Thomas Taylor Moore Jackson Martin Lee Perez Thompson",
  "White Harris Sanchez Clark Ramirez Lewis Robinson Walker Young Allen King Wright Scott",
  "Torres Nguyen Hill Flores Green Adams Nelson Baker Hall Rivera Campbell Mitchell Carter",
  "Roberts Dubois Moreau Laurent Simon Michel Lefebvre Leroy Roux Fournier Girard",
]
  .join(" ")
  .split(" ");
const domains = "gmail.com yahoo.com outlook.com example.org acme.io mail.fr shop.co".split(" ");
const areaCodes = "201 212 213 305 312 347 404 415 512 617 646 702".split(" ");

const pgArray = (values: string[]) => sql.raw(`array[${values.map((v) => `'${v}'`).join(",")}]::text[]`);

type Case = { name: string; run: (i: number) => Promise<unknown> };

function percentile(sorted: number[], p: number) {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

async function seed(handle: ReturnType<typeof openDatabase>): Promise<string[]> {
  const db = handle.db;
  await handle.migrate();
  const t0 = performance.now();
  // Loading is faster without the indexes: keep their definitions (from the migrations), drop them,
  // load, and build them again exactly as they were.
  const indexes = (await db.execute(sql`
      select indexname as name, indexdef as definition from pg_indexes
      where schemaname = 'public' and tablename = 'contacts' and indexname <> 'contacts_pkey'`)) as unknown as {
    name: string;
    definition: string;
  }[];
  for (const index of indexes) await db.execute(sql.raw(`drop index "${index.name}"`));
  const accountIds: string[] = [];
  for (const company of ["Bench One", "Bench Two"]) {
    const rows = (await db.execute(sql`
        insert into accounts (company, company_lowercased, url, account_status)
        values (${company}, ${company.toLowerCase()}, 'www.bench.test', 'ACTIVE') returning id`)) as unknown as {
      id: string;
    }[];
    accountIds.push(rows[0].id);
  }
  for (const [index, accountId] of accountIds.entries()) {
    const size = CONTACTS_PER_COMPANY * (index + 1); // the second company is twice the first
    // 1 in 100 contacts is inactive (hidden); one in 5 has no email.
    await db.execute(sql`
        insert into contacts (account_id, first_name, last_name, phone, email, is_active, created_at, updated_at)
        select ${accountId}::uuid, f, l,
          '+1' || (${pgArray(areaCodes)})[1 + n % ${areaCodes.length}] || (200 + n / 10000)::text || lpad((n % 10000)::text, 4, '0'),
          case when n % 5 = 0 then null
               else lower(f) || '.' || lower(l) || n::text || '@' || (${pgArray(domains)})[1 + n % ${domains.length}] end,
          n % 100 <> 0,
          now() - n * interval '1 second', now()
        from generate_series(1, ${size}) as n,
          lateral (select (${pgArray(firstNames)})[1 + n % ${firstNames.length}] as f,
                          (${pgArray(lastNames)})[1 + (n / 7) % ${lastNames.length}] as l) as names`);
  }
  await db.transaction(async (tx) => {
    await tx.execute(sql`set local maintenance_work_mem = '512MB'`);
    for (const index of indexes) await tx.execute(sql.raw(index.definition));
  });
  // VACUUM sets the visibility map (as autovacuum would on a live table), so index-only scans apply.
  await db.execute(sql`vacuum analyze contacts`);
  console.log(
    `seeded ${3 * CONTACTS_PER_COMPANY} contacts in 2 companies in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
  );
  return accountIds;
}

async function benchAccounts(db: ReturnType<typeof openDatabase>["db"]): Promise<string[]> {
  const rows = (await db.execute(
    sql`select id from accounts where company in ('Bench One', 'Bench Two') order by company`,
  )) as unknown as { id: string }[];
  return rows.map((r) => r.id);
}

async function main() {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    console.error(
      "bench:contacts needs TEST_DATABASE_URL (e.g. postgres://postgres@127.0.0.1:5432/postgres)",
    );
    process.exit(1);
  }
  // BENCH_DATABASE=name reuses a database an earlier run kept (BENCH_KEEP=1) instead of seeding one.
  const reuse = process.env.BENCH_DATABASE;
  const scratch = reuse
    ? {
        name: reuse,
        url: Object.assign(new URL(serverUrl), { pathname: `/${reuse}` }).toString(),
        drop: async () => {},
      }
    : await createScratchPostgresDatabase(serverUrl, "bench_contacts_scale");
  const handle = openDatabase({ url: scratch.url });
  installDatabase(handle);
  try {
    const db = handle.db;
    const accountIds = reuse ? await benchAccounts(db) : await seed(handle);
    const context = { account: { id: accountIds[0] } };
    // Late pages: cursors of random rows in the older half of the company's list.
    const lateRows = (await db.execute(sql`
      select to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as time, id::text as id
      from contacts where account_id = ${accountIds[0]}::uuid and is_active
        and created_at < now() - ${Math.floor(CONTACTS_PER_COMPANY / 2)} * interval '1 second'
      order by random() limit ${RUNS}`)) as unknown as { time: string; id: string }[];
    const lateCursors = lateRows.map((r) => encodeCursor(r.time, r.id));

    const pick = <T>(list: T[], i: number) => list[(i * 7919) % list.length];
    const prefixOf = (word: string, i: number) => word.toLowerCase().slice(0, 3 + (i % 3));
    const nameTerms = (i: number) =>
      [
        prefixOf(pick(firstNames, i), i),
        prefixOf(pick(lastNames, i + 1), i),
        `${pick(firstNames, i)} ${prefixOf(pick(lastNames, i + 2), i)}`,
        "zzyzx",
      ][i % 4];
    const emailTerms = (i: number) =>
      `${pick(firstNames, i).toLowerCase()}.${pick(lastNames, i + 1).toLowerCase()}${(i * 4099) % 1000}`;
    const domainTerms = (i: number) => [`@${pick(domains, i).slice(0, 4)}`, pick(domains, i + 1)][i % 2];
    // Seeded numbers: +1, an area code, 200 + n / 10000, then n % 10000 on 4 digits.
    const nationalTerms = (i: number) =>
      [
        `${pick(areaCodes, i)} ${200 + ((i * 13) % 100)}`,
        `(${pick(areaCodes, i)}) ${200 + ((i * 17) % 100)}-${(i * 31) % 10}`,
      ][i % 2];
    const lastDigitsTerms = (i: number) =>
      [
        `${(i * 7919) % 10_000}`.padStart(4, "0"),
        `${200 + ((i * 11) % 100)}${`${(i * 53) % 10_000}`.padStart(4, "0")}`,
      ][i % 2];

    // The second page of name searches is timed on its own: its cursor comes from a first page read here.
    const firstPages: Awaited<ReturnType<typeof listContacts>>[] = [];
    for (let i = 0; i < 40; i++)
      firstPages.push(await listContacts(context, { pageSize: 10, search: nameTerms(i) }));

    const big = { account: { id: accountIds[1] } };
    const search = (scope: typeof context, terms: (i: number) => string) => (i: number) =>
      listContacts(scope, { pageSize: 10, search: terms(i) });
    const cases: Case[] = [
      { name: "first page", run: () => listContacts(context, { pageSize: 10 }) },
      {
        name: "late page (keyset)",
        run: (i) => listContacts(context, { pageSize: 10, after: lateCursors[i % lateCursors.length] }),
      },
      {
        name: "late page, backwards",
        run: (i) => listContacts(context, { pageSize: 10, before: lateCursors[i % lateCursors.length] }),
      },
      { name: "search: name prefix", run: search(context, nameTerms) },
      { name: "search: email prefix", run: search(context, emailTerms) },
      { name: "search: email domain", run: search(context, domainTerms) },
      { name: "search: national number", run: search(context, nationalTerms) },
      { name: "search: last digits", run: search(context, lastDigitsTerms) },
      {
        name: "search, next page",
        run: (i) => {
          const first = firstPages[(i * 7919) % firstPages.length];
          return listContacts(context, { pageSize: 10, search: first.search, after: first.nextCursor });
        },
      },
      { name: "2M company: first page", run: () => listContacts(big, { pageSize: 10 }) },
      { name: "2M company: name prefix", run: search(big, nameTerms) },
      { name: "2M company: email prefix", run: search(big, emailTerms) },
      { name: "2M company: email domain", run: search(big, domainTerms) },
      { name: "2M company: national number", run: search(big, nationalTerms) },
      { name: "2M company: last digits", run: search(big, lastDigitsTerms) },
    ];

    let failed = false;
    console.log(
      `\n${"case".padEnd(28)}${"p50 ms".padStart(10)}${"p95 ms".padStart(10)}${"max ms".padStart(10)}`,
    );
    for (const c of cases) {
      for (let i = 0; i < 10; i++) await c.run(i); // warm-up
      const times: number[] = [];
      const slowest: { ms: number; i: number }[] = [];
      for (let i = 0; i < RUNS; i++) {
        const start = performance.now();
        await c.run(i);
        const ms = performance.now() - start;
        times.push(ms);
        slowest.push({ ms, i });
      }
      if (process.env.BENCH_VERBOSE)
        console.log(
          slowest
            .sort((a, b) => b.ms - a.ms)
            .slice(0, 5)
            .map((s) => `#${s.i} ${s.ms.toFixed(1)}`)
            .join(", "),
        );
      times.sort((a, b) => a - b);
      const p95 = percentile(times, 95);
      if (p95 >= TARGET_P95_MS) failed = true;
      console.log(
        `${c.name.padEnd(28)}${percentile(times, 50).toFixed(2).padStart(10)}${p95.toFixed(2).padStart(10)}${times[times.length - 1].toFixed(2).padStart(10)}${p95 >= TARGET_P95_MS ? "  over target" : ""}`,
      );
    }
    console.log(`\n${RUNS} runs per case; target p95 < ${TARGET_P95_MS} ms: ${failed ? "NOT MET" : "met"}`);
    // What the contacts take on disk, per 1,000,000 of them (3 × CONTACTS_PER_COMPANY are stored).
    const sizes = (await db.execute(sql`
      select 'table contacts' as name, pg_table_size('contacts') as bytes
      union all select 'index ' || indexname, pg_relation_size(indexname::regclass)
      from pg_indexes where tablename = 'contacts' order by 1`)) as unknown as {
      name: string;
      bytes: string;
    }[];
    const perMillion = (bytes: number) =>
      `${((bytes * 1_000_000) / (3 * CONTACTS_PER_COMPANY) / 1024 / 1024).toFixed(0).padStart(6)} MB`;
    let total = 0;
    for (const size of sizes) {
      total += Number(size.bytes);
      console.log(`  ${size.name.padEnd(46)}${perMillion(Number(size.bytes))} per 1,000,000 contacts`);
    }
    console.log(`  ${"all told".padEnd(46)}${perMillion(total)} per 1,000,000 contacts`);
    console.log(
      `load average ${os
        .loadavg()
        .map((n) => n.toFixed(2))
        .join(", ")}`,
    );
    process.exitCode = failed ? 1 : 0;
  } finally {
    await closeDatabase();
    // BENCH_KEEP=1 keeps the seeded database to look at query plans; drop it by hand afterwards.
    if (process.env.BENCH_KEEP || reuse) console.log(`kept database ${scratch.name}`);
    else await scratch.drop();
  }
}

await main();

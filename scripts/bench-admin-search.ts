import { randomBytes } from "node:crypto";
import { performance } from "node:perf_hooks";
import { sql } from "drizzle-orm";
import postgres from "postgres";
import { searchCompanies } from "../app/domain/admin/companies.server";
import { type CompaniesQuery, PAGE_SIZES } from "../app/domain/admin/company-admin-schemas";
import { closeDatabase, type Db, installDatabase, openDatabase } from "../db/client.server";
import { seedReferenceData } from "../db/seed";

/**
 * `npm run bench:admin-search`: the Companies tab's queries over 100,000 companies.
 *
 * With TEST_DATABASE_URL or DATABASE_URL set, a scratch database is created on that PostgreSQL server
 * (and dropped at the end); otherwise an in-memory PGlite. Either is migrated, then filled in batches
 * with generate_series. Each kind of query runs 200 times with varied terms through searchCompanies,
 * the function the /admin loader calls (count + page + member counts + tags), and p50/p95 are printed.
 */

const COMPANIES = 100_000;
const BATCH = 20_000;
const USERS = 5_000;
const RUNS = 200;
const WARM_UP = 10;

const words = [
  "acme",
  "blue",
  "north",
  "south",
  "nova",
  "prime",
  "green",
  "urban",
  "swift",
  "bright",
  "coastal",
  "summit",
  "harbor",
  "maple",
  "cedar",
  "silver",
  "golden",
  "river",
  "stone",
  "pixel",
  "atlas",
  "orbit",
  "lunar",
  "solar",
  "ember",
  "frost",
  "vertex",
  "delta",
  "alpine",
  "metro",
  "crown",
  "echo",
  "falcon",
  "galaxy",
  "harvest",
  "iris",
  "jade",
  "kinetic",
  "lumen",
  "mosaic",
];
const kinds = [
  "coffee",
  "labs",
  "goods",
  "outfitters",
  "studio",
  "market",
  "supply",
  "apparel",
  "foods",
  "garden",
  "tech",
  "media",
  "works",
  "co",
  "trading",
  "wellness",
  "pets",
  "home",
  "beauty",
  "sports",
  "books",
  "toys",
  "crafts",
  "travel",
  "health",
  "audio",
  "design",
  "bikes",
  "tea",
  "bakery",
  "brewing",
  "jewelry",
  "optics",
  "shoes",
  "surf",
  "vintage",
  "wine",
];

const sqlArray = (values: string[]) => sql.raw(`array[${values.map((v) => `'${v}'`).join(", ")}]`);

type Opened = { db: Db; label: string; cleanUp: () => Promise<void> };

async function openBenchDatabase(): Promise<Opened> {
  const serverUrl = process.env.TEST_DATABASE_URL || process.env.DATABASE_URL;
  if (!serverUrl) {
    const handle = openDatabase({ dataDir: "memory://" });
    installDatabase(handle);
    await handle.migrate();
    return { db: handle.db, label: "PGlite (in memory)", cleanUp: () => closeDatabase() };
  }
  // A scratch database beside the given one, never the given one itself.
  const name = `blusteam_bench_${randomBytes(6).toString("hex")}`;
  const admin = postgres(serverUrl, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database "${name}"`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const handle = openDatabase({ url: url.toString() });
  installDatabase(handle);
  const cleanUp = async () => {
    await closeDatabase();
    await admin.unsafe(`drop database if exists "${name}" with (force)`);
    await admin.end({ timeout: 5 });
  };
  try {
    await handle.migrate();
  } catch (error) {
    await cleanUp();
    throw error;
  }
  return { db: handle.db, label: `PostgreSQL (scratch database ${name})`, cleanUp };
}

async function fill(db: Db) {
  await seedReferenceData(db);
  for (let start = 1; start <= COMPANIES; start += BATCH) {
    const end = Math.min(COMPANIES, start + BATCH - 1);
    // Names like "nova harbor coffee 12345"; one company in ten comes from Shopify; one a minute.
    await db.execute(sql`
      insert into accounts (company, company_lowercased, url, source, account_status, dashboard_id, created_at)
      select initcap(name), name, 'www.bench-' || i || '.com',
             case when i % 10 = 0 then 'shopify' end,
             (array['ACTIVE','CREATED','PENDING_PAYMENT','SUSPENDED','LATE_START','LATE_START_END'])[1 + i % 6]::account_status,
             'default', now() - make_interval(mins => i)
      from (
        select i, (${sqlArray(words)})[1 + i % ${words.length}] || ' ' ||
                  (${sqlArray(words)})[1 + (i / ${words.length}) % ${words.length}] || ' ' ||
                  (${sqlArray(kinds)})[1 + i % ${kinds.length}] || ' ' || i as name
        from generate_series(${start}::int, ${end}::int) as i
      ) as generated`);
  }
  await db.execute(sql`
    insert into users (email, given_name, family_name, password_hash)
    select 'bench-' || i || '@example.com', 'Bench', 'User ' || i, 'not-a-hash'
    from generate_series(1, ${USERS}::int) as i`);
  // One to three members per company.
  await db.execute(sql`
    insert into memberships (user_id, account_id)
    select u.id, a.id
    from (select id, row_number() over (order by id) as n from accounts) as a
    cross join lateral generate_series(0, (a.n % 3)::int) as k
    join (select id, row_number() over (order by id) as n from users) as u
      on u.n = 1 + (a.n * (1 + 6 * k)) % ${USERS}
    on conflict do nothing`);
  // As autovacuum would leave a settled table: statistics and the visibility map (index-only counts).
  await db.execute(sql`vacuum analyze`);
}

/** A deterministic pseudo-random sequence, so two runs ask the same questions. */
function generator(seed: number) {
  let state = seed;
  return (below: number) => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state % below;
  };
}

const base: CompaniesQuery = { by: "name", q: "", source: "all", sort: "desc", page: 1, pageSize: 10 };
const sorts = ["desc", "desc", "desc", "asc", "none"] as const;

function nameTerms(random: (n: number) => number): string[] {
  return Array.from({ length: RUNS }, (_, i) => {
    const word = [...words, ...kinds][random(words.length + kinds.length)];
    switch (i % 4) {
      case 0:
        return word; // a whole word
      case 1:
        return word.slice(random(Math.max(1, word.length - 3)), word.length); // a 3+ letter fragment
      case 2:
        return `${words[random(words.length)]} ${words[random(words.length)].slice(0, 3)}`; // two words
      default:
        return String(1_000 + random(99_000)); // the number in a name
    }
  });
}

async function idTerms(db: Db, random: (n: number) => number): Promise<string[]> {
  const result = (await db.execute(
    sql`select id::text as id from accounts order by random() limit ${RUNS}`,
  )) as unknown;
  const rows = Array.isArray(result) ? result : (result as { rows: Array<{ id: string }> }).rows;
  return (rows as Array<{ id: string }>).map(({ id }, i) => {
    if (i % 5 === 0) return id; // a whole id, pasted
    const length = 4 + random(9);
    const start = random(id.length - length);
    return id.slice(start, start + length);
  });
}

function percentile(sorted: number[], p: number) {
  return sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)];
}

async function measure(label: string, queries: CompaniesQuery[]) {
  for (const query of queries.slice(0, WARM_UP)) await searchCompanies(query);
  const times: number[] = [];
  let matched = 0;
  for (const query of queries) {
    const started = performance.now();
    const page = await searchCompanies(query);
    times.push(performance.now() - started);
    matched += page.total;
  }
  times.sort((a, b) => a - b);
  const mean = times.reduce((a, b) => a + b, 0) / times.length;
  return {
    kind: label,
    runs: times.length,
    "p50 ms": percentile(times, 0.5).toFixed(2),
    "p95 ms": percentile(times, 0.95).toFixed(2),
    "mean ms": mean.toFixed(2),
    "max ms": times[times.length - 1].toFixed(2),
    "avg matches": Math.round(matched / times.length),
  };
}

async function main() {
  const opened = await openBenchDatabase();
  try {
    console.log(`bench:admin-search on ${opened.label}`);
    const seeding = performance.now();
    await fill(opened.db);
    console.log(
      `seeded ${COMPANIES.toLocaleString("en-US")} companies in ${((performance.now() - seeding) / 1000).toFixed(1)} s`,
    );

    const random = generator(42);
    const pageSize = () => PAGE_SIZES[random(PAGE_SIZES.length)];
    const sort = () => sorts[random(sorts.length)];
    const results = [
      await measure(
        "name substring",
        nameTerms(random).map((q) => ({ ...base, q, sort: sort(), pageSize: pageSize() })),
      ),
      await measure(
        "id substring",
        (await idTerms(opened.db, random)).map((q) => ({
          ...base,
          by: "id" as const,
          q,
          pageSize: pageSize(),
        })),
      ),
      await measure(
        "Shopify filter",
        Array.from({ length: RUNS }, () => ({
          ...base,
          source: "shopify" as const,
          sort: sort(),
          page: 1 + random(50),
          pageSize: pageSize(),
        })),
      ),
      await measure(
        "page (no filter)",
        Array.from({ length: RUNS }, () => ({
          ...base,
          sort: sort(),
          page: 1 + random(200),
          pageSize: pageSize(),
        })),
      ),
    ];
    console.table(results);
  } finally {
    await opened.cleanUp();
  }
}

main().then(
  () => process.exit(0),
  (error) => {
    console.error(error);
    process.exit(1);
  },
);

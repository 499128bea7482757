import { inArray, notInArray } from "drizzle-orm";
import type { AppConfig } from "../app/config.server";
import { hashPassword } from "../app/domain/auth/password.server";
import { DEMO_ACCOUNT_ID } from "../app/domain/demo/demo-account";
import { seedDemoCatalog } from "../app/domain/demo/demo-catalog.server";
import type { DatabaseHandle, Db } from "./client.server";
import {
  accounts,
  DEFAULT_DASHBOARD_ID,
  dashboards,
  legalDocuments,
  memberships,
  type PlatformRole,
  plans,
  systemConfiguration,
  userRoles,
  users,
} from "./schema";
import { planCatalogue } from "./seed-plans";
import { loadSharedSessionSecret } from "./start-up";

/**
 * What every start does to its database (server.ts, `npm run db:seed`): migrations, the shared
 * session secret, reference data, and the demo company, users and catalog when the settings ask for
 * them (the local trial, or SEED_DEMO_DATA=true). A server others can reach that still has the demo
 * users says so loudly. Any number of processes may do this at the same moment: on PostgreSQL they
 * take turns under the start-up lock, and every insert is one that cannot duplicate (unique keys and
 * ON CONFLICT), so even without the lock nothing would be written twice.
 */
export async function seedAll(
  database: DatabaseHandle,
  settings: Pick<AppConfig, "seedDemoData" | "appUrlIsLoopback"> &
    Partial<Pick<AppConfig, "SESSION_SECRET" | "DATA_DIR">>,
) {
  await database.exclusive(async (migrate) => {
    await migrate();
    await loadSharedSessionSecret(database, settings);
    await seedReferenceData(database.db);
    if (settings.seedDemoData) {
      await seedDemoData(database.db);
      await seedDemoCatalog();
    }
  });
  if (!settings.appUrlIsLoopback) await warnAboutDemoUsers(database.db);
}

/** Reference data every installation needs: plans, default dashboard, patterns, legal links. */
export async function seedReferenceData(db: Db) {
  await db
    .insert(dashboards)
    .values({ id: DEFAULT_DASHBOARD_ID, name: "Default Dashboard", isDefault: true })
    .onConflictDoNothing();
  // The catalogue is code: every start brings the plans table in line with it, and a plan that left
  // the catalogue is unlisted (companies on it keep their plan id), never deleted.
  for (const plan of planCatalogue) {
    const { id: _id, ...fields } = plan;
    await db
      .insert(plans)
      .values(plan)
      .onConflictDoUpdate({ target: plans.id, set: { ...fields, updatedAt: new Date() } });
  }
  await db
    .update(plans)
    .set({ listed: false })
    .where(
      notInArray(
        plans.id,
        planCatalogue.map((p) => p.id),
      ),
    );
  await db.insert(systemConfiguration).values(subdomainPatterns).onConflictDoNothing();
  await db
    .insert(legalDocuments)
    .values([
      { kind: "terms", url: "/legal/terms-and-conditions.pdf", updatedAt: new Date("2026-01-01T00:00:00Z") },
      { kind: "privacy", url: "/legal/privacy-policy.pdf", updatedAt: new Date("2026-01-01T00:00:00Z") },
    ])
    .onConflictDoNothing();
}

// Both subdomains become DNS labels (links.<sub>.…, chat.<alias>.…), so both follow RFC 1123 rules.
export const subdomainPatterns = (["subDomain", "alias"] as const).flatMap((kind) => [
  {
    key: `${kind}pattern1`,
    value: { regex: "^[a-z0-9-]+$", errorMessage: "Only lowercase letters, digits and hyphens are allowed" },
  },
  {
    key: `${kind}pattern2`,
    value: { regex: "^.{3,63}$", errorMessage: "Must be between 3 and 63 characters long" },
  },
  {
    key: `${kind}pattern3`,
    value: { regex: "^(?!-).*[^-]$", errorMessage: "Cannot start or end with a hyphen" },
  },
]);

type SeedUser = {
  email: string;
  password: string;
  givenName: string;
  familyName: string;
  roles?: PlatformRole[];
  demoCo?: "admin" | "member";
  mustChangePassword?: boolean;
};

export const demoUsers: SeedUser[] = [
  {
    email: "demo@blusteam.dev",
    password: "demo-password-1",
    givenName: "Dana",
    familyName: "Demo",
    demoCo: "admin",
  },
  {
    email: "admin@blusteam.dev",
    password: "admin-password-1",
    givenName: "Ada",
    familyName: "Admin",
    roles: ["admin"],
  },
  {
    email: "roadmin@blusteam.dev",
    password: "roadmin-password-1",
    givenName: "Rory",
    familyName: "Readonly",
    roles: ["roadmin"],
  },
  {
    email: "beta@blusteam.dev",
    password: "beta-password-1",
    givenName: "Bea",
    familyName: "Beta",
    roles: ["beta"],
    demoCo: "member",
  },
  {
    email: "invited@blusteam.dev",
    password: "invited-password-1",
    givenName: "Ivy",
    familyName: "Invited",
    demoCo: "member",
    mustChangePassword: true,
  },
];

/** Demo company and users listed in README. Safe to run on every start. */
export async function seedDemoData(db: Db) {
  await db
    .insert(accounts)
    .values({
      id: DEMO_ACCOUNT_ID,
      company: "Demo Co",
      companyLowercased: "demo co",
      url: "www.demo.co",
      accountStatus: "ACTIVE",
      dashboardId: DEFAULT_DASHBOARD_ID,
      linkShortenerSubdomain: "demo-links",
      chatstreamSubdomain: "demo-chat",
      metadata: { TnCAcceptedAt: "2026-01-02T00:00:00.000Z" },
    })
    .onConflictDoNothing();

  // Hashing a password costs a deliberate fraction of a second: users already there are skipped
  // before it. That read only saves time; the insert below is what cannot duplicate.
  const present = new Set(await findDemoUsers(db));
  for (const seedUser of demoUsers) {
    if (present.has(seedUser.email)) continue;
    const passwordHash = await hashPassword(seedUser.password);
    // The user, roles and membership together or not at all; a user already there (another process
    // starting at the same moment, or an earlier start) is left as it is.
    await db.transaction(async (tx) => {
      const [created] = await tx
        .insert(users)
        .values({
          email: seedUser.email,
          givenName: seedUser.givenName,
          familyName: seedUser.familyName,
          passwordHash,
          emailVerifiedAt: new Date(),
          mustChangePassword: seedUser.mustChangePassword ?? false,
        })
        .onConflictDoNothing({ target: users.email })
        .returning({ id: users.id });
      if (!created) return;
      for (const role of seedUser.roles ?? [])
        await tx.insert(userRoles).values({ userId: created.id, role }).onConflictDoNothing();
      if (seedUser.demoCo)
        await tx
          .insert(memberships)
          .values({
            userId: created.id,
            accountId: DEMO_ACCOUNT_ID,
            isCompanyAdmin: seedUser.demoCo === "admin",
          })
          .onConflictDoNothing();
    });
  }
}

/** The demo users present in the database (their passwords are in README). */
export async function findDemoUsers(db: Db): Promise<string[]> {
  const emails = demoUsers.map((user) => user.email);
  const rows = await db.select({ email: users.email }).from(users).where(inArray(users.email, emails));
  return rows.map((row) => row.email);
}

async function warnAboutDemoUsers(db: Db) {
  const present = await findDemoUsers(db);
  if (present.length === 0) return;
  const rule = "!".repeat(100);
  console.warn(
    [
      rule,
      `WARNING: this server's APP_URL is not this machine, and its database has the demo users`,
      `${present.join(", ")},`,
      "whose passwords README publishes (one is a platform admin). Delete them or change their passwords now.",
      rule,
    ].join("\n"),
  );
}

import { and, eq } from "drizzle-orm";
import { beforeEach, expect, test } from "vitest";
import { accounts, auditLog, DEFAULT_DASHBOARD_ID, dashboards } from "#db/schema";
import { seedReferenceData } from "#db/seed";
import { addMembership, createAccount, createUser } from "../../../tests/support/factories";
import { viewerOf } from "../../../tests/support/team-factories";
import { describeEachDatabase } from "../../../tests/support/test-database";
import {
  createCompanyByAdmin,
  saveCompanySubdomains,
  searchCompanies,
  updateAccountStatus,
} from "./companies.server";
import {
  type AddCompanyInput,
  type CompaniesQuery,
  LATE_START_MIN_LEAD_MS,
  parseCompaniesQuery,
} from "./company-admin-schemas";
import { setAccountTags } from "./tags.server";

const query = (overrides: Partial<CompaniesQuery> = {}): CompaniesQuery => ({
  ...parseCompaniesQuery(new URLSearchParams()),
  ...overrides,
});

const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000);

async function platformAdmin() {
  const user = await createUser({
    email: `admin-${Math.random().toString(36).slice(2)}@example.com`,
    roles: ["admin"],
  });
  return viewerOf(user.id);
}

const newCompany = (overrides: Partial<AddCompanyInput> = {}): AddCompanyInput => ({
  intent: "create",
  company: "O'Brien & Sons",
  url: "www.obrien.test",
  accountStatus: "ACTIVE",
  dashboardId: DEFAULT_DASHBOARD_ID,
  manualBilling: false,
  linkShortenerSubdomain: "obrien-links",
  chatstreamSubdomain: "obrien-chat",
  ...overrides,
});

describeEachDatabase("admin companies", (getDb) => {
  beforeEach(async () => {
    await seedReferenceData(getDb());
  });

  const accountRow = async (id: string) =>
    (await getDb().select().from(accounts).where(eq(accounts.id, id)))[0];
  const auditOf = (action: string, targetId: string) =>
    getDb()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, action), eq(auditLog.targetId, targetId)));

  test("the search matches part of the name ignoring case, or part of the id; wildcards are literal", async () => {
    const acme = await createAccount({ company: "Acme Rockets" });
    await createAccount({ company: "Blue Acme" });
    await createAccount({ company: "Zeta" });
    await createAccount({ company: "100% Juice" });

    const names = async (q: Partial<CompaniesQuery>) =>
      (await searchCompanies(query(q))).rows.map((r) => r.company).sort();

    expect(await names({ q: "acme" })).toEqual(["Acme Rockets", "Blue Acme"]);
    expect(await names({ q: "ROCK" })).toEqual(["Acme Rockets"]);
    expect(await names({ q: "%" })).toEqual(["100% Juice"]);
    expect(await names({ q: "_" })).toEqual([]);
    expect(await names({ q: "nothing like it" })).toEqual([]);

    const fragment = acme.id.slice(9, 18).toUpperCase();
    expect(await names({ by: "id", q: fragment })).toEqual(["Acme Rockets"]);
    expect(await names({ by: "id", q: acme.id })).toEqual(["Acme Rockets"]);
    // A name is not an id.
    expect(await names({ by: "id", q: "acme" })).toEqual([]);
  });

  test("the Shopify filter keeps companies whose source is shopify", async () => {
    await createAccount({ company: "Store A", source: "shopify" });
    await createAccount({ company: "Store B", source: "shopify" });
    await createAccount({ company: "Direct", source: null });
    await createAccount({ company: "Other", source: "woocommerce" });

    const all = await searchCompanies(query());
    const shopify = await searchCompanies(query({ source: "shopify" }));
    const storeA = await searchCompanies(query({ source: "shopify", q: "a" }));

    expect(all.total).toBe(4);
    expect(shopify.total).toBe(2);
    expect(shopify.rows.map((r) => r.company).sort()).toEqual(["Store A", "Store B"]);
    expect(storeA.rows.map((r) => r.company)).toEqual(["Store A"]);
  });

  test("Created At sorts newest first by default, then oldest first, then by id", async () => {
    const old = await createAccount({ company: "Old", createdAt: minutesAgo(30) });
    const mid = await createAccount({ company: "Mid", createdAt: minutesAgo(20) });
    const recent = await createAccount({ company: "New", createdAt: minutesAgo(10) });
    const order = async (sort: CompaniesQuery["sort"]) =>
      (await searchCompanies(query({ sort }))).rows.map((r) => r.company);

    expect(parseCompaniesQuery(new URLSearchParams()).sort).toBe("desc");
    expect(await order("desc")).toEqual(["New", "Mid", "Old"]);
    expect(await order("asc")).toEqual(["Old", "Mid", "New"]);
    const byId = [old, mid, recent].sort((a, b) => a.id.localeCompare(b.id)).map((a) => a.company);
    expect(await order("none")).toEqual(byId);
  });

  test("pages come from the database with the total; a page past the end shows the last one", async () => {
    for (let i = 0; i < 23; i++)
      await createAccount({
        company: `Company ${String(i).padStart(2, "0")}`,
        createdAt: minutesAgo(100 - i),
      });

    const first = await searchCompanies(query({ sort: "asc" }));
    expect(first.total).toBe(23);
    expect(first.pageSize).toBe(10);
    expect(first.rows.map((r) => r.company)).toEqual(
      Array.from({ length: 10 }, (_, i) => `Company ${String(i).padStart(2, "0")}`),
    );
    const third = await searchCompanies(query({ sort: "asc", page: 3 }));
    expect(third.page).toBe(3);
    expect(third.rows.map((r) => r.company)).toEqual(["Company 20", "Company 21", "Company 22"]);

    const beyond = await searchCompanies(query({ sort: "asc", page: 9 }));
    expect(beyond.page).toBe(3);
    expect(beyond.rows).toHaveLength(3);

    const big = await searchCompanies(query({ pageSize: 25 }));
    expect(big.rows).toHaveLength(23);

    const params = parseCompaniesQuery(new URLSearchParams("size=7&page=-2&sort=sideways&by=email&source=x"));
    expect(params).toEqual({ by: "name", q: "", source: "all", sort: "desc", page: 1, pageSize: 10 });
    expect(parseCompaniesQuery(new URLSearchParams("size=50&page=4")).pageSize).toBe(50);
  });

  test("each row carries its member count, tags and dashboard name", async () => {
    const admin = await platformAdmin();
    await getDb().insert(dashboards).values({ id: "sales", name: "Sales" });
    const busy = await createAccount({ company: "Busy", dashboardId: "sales" });
    const quiet = await createAccount({ company: "Quiet", dashboardId: null });
    for (let i = 0; i < 3; i++) await addMembership((await createUser()).id, busy.id);
    await setAccountTags(admin, busy.id, ["vip", "Beta"]);

    const { rows } = await searchCompanies(query());
    const row = (id: string) => rows.find((r) => r.id === id)!;

    expect(row(busy.id)).toMatchObject({ users: 3, dashboardName: "Sales" });
    expect(row(busy.id).tags.map((t) => t.name)).toEqual(["Beta", "vip"]);
    expect(row(quiet.id)).toMatchObject({ users: 0, dashboardName: null, tags: [] });
  });

  test("Add Company saves the company, its subdomains and an audit entry", async () => {
    const admin = await platformAdmin();
    const created = await createCompanyByAdmin(admin, newCompany());

    expect(created).toMatchObject({ ok: true, company: "O'Brien & Sons", subdomainErrors: null });
    if (!created.ok) throw new Error("not created");
    expect(await accountRow(created.accountId)).toMatchObject({
      company: "O'Brien & Sons",
      companyLowercased: "o'brien & sons",
      url: "www.obrien.test",
      accountStatus: "ACTIVE",
      dashboardId: DEFAULT_DASHBOARD_ID,
      linkShortenerSubdomain: "obrien-links",
      chatstreamSubdomain: "obrien-chat",
      ownerUserId: null,
    });
    const [entry] = await auditOf("company.create", created.accountId);
    expect(entry).toMatchObject({ actorEmail: admin.user.email, targetType: "account" });
    expect(await auditOf("company.subdomains", created.accountId)).toHaveLength(1);
  });

  test("a taken subdomain keeps the company and the free subdomain, and reports the taken one", async () => {
    const admin = await platformAdmin();
    await createAccount({ linkShortenerSubdomain: "taken-links", chatstreamSubdomain: "other-chat" });

    const created = await createCompanyByAdmin(
      admin,
      newCompany({ linkShortenerSubdomain: "taken-links", chatstreamSubdomain: "fresh-chat" }),
    );

    if (!created.ok) throw new Error("the company should be saved");
    expect(created.subdomainErrors).toEqual({
      linkShortenerSubdomain: ["adminCompanies.validation.subdomainTaken"],
    });
    expect(await accountRow(created.accountId)).toMatchObject({
      company: "O'Brien & Sons",
      linkShortenerSubdomain: null,
      chatstreamSubdomain: "fresh-chat",
    });

    // Trying again with a free name saves it on the same company.
    const retried = await saveCompanySubdomains(admin, {
      accountId: created.accountId,
      linkShortenerSubdomain: "free-links",
      chatstreamSubdomain: "fresh-chat",
    });
    expect(retried).toEqual({ ok: true });
    expect(await accountRow(created.accountId)).toMatchObject({
      linkShortenerSubdomain: "free-links",
      chatstreamSubdomain: "fresh-chat",
    });
    expect(await getDb().select().from(accounts).where(eq(accounts.company, "O'Brien & Sons"))).toHaveLength(
      1,
    );
  });

  test("Add Company with LATE_START stores the date and plan, manual billing off; the plan priced 25 is refused", async () => {
    const admin = await platformAdmin();
    const now = new Date();
    const inTwoDays = new Date(now.getTime() + 2 * 86_400_000);

    const refused = await createCompanyByAdmin(
      admin,
      newCompany({ accountStatus: "LATE_START", lateStartAt: inTwoDays.toISOString(), planId: "lite-250" }),
      now,
    );
    expect(refused).toEqual({
      ok: false,
      fieldErrors: { planId: ["adminCompanies.validation.planNotAllowed"] },
    });
    expect(await getDb().select().from(accounts)).toHaveLength(0);

    const created = await createCompanyByAdmin(
      admin,
      newCompany({
        accountStatus: "LATE_START",
        lateStartAt: inTwoDays.toISOString(),
        planId: "lite-1000",
        manualBilling: true,
      }),
      now,
    );
    if (!created.ok) throw new Error("not created");
    expect(await accountRow(created.accountId)).toMatchObject({
      accountStatus: "LATE_START",
      lateStartDate: inTwoDays,
      planId: "lite-1000",
      plan: "Lite",
      manualBilling: false,
    });
  });

  test("an unknown dashboard is refused before anything is written", async () => {
    const admin = await platformAdmin();
    const refused = await createCompanyByAdmin(admin, newCompany({ dashboardId: "nope" }));
    expect(refused).toEqual({
      ok: false,
      fieldErrors: { dashboardId: ["adminCompanies.validation.dashboardRequired"] },
    });
    expect(await getDb().select().from(accounts)).toHaveLength(0);
  });

  test("any status can be set; the change is audited with before and after", async () => {
    const admin = await platformAdmin();
    const account = await createAccount({ accountStatus: "ACTIVE", manualBilling: false });

    for (const status of ["CREATED", "PENDING_PAYMENT", "SUSPENDED", "LATE_START_END", "ACTIVE"] as const) {
      expect(
        await updateAccountStatus(admin, {
          accountId: account.id,
          accountStatus: status,
          manualBilling: true,
        }),
      ).toBe("done");
      expect(await accountRow(account.id)).toMatchObject({ accountStatus: status, manualBilling: true });
    }
    const entries = await auditOf("company.status", account.id);
    expect(entries).toHaveLength(5);
    const first = entries.find((e) => (e.after as { accountStatus: string }).accountStatus === "CREATED");
    expect(first?.before).toMatchObject({ accountStatus: "ACTIVE", manualBilling: false });
    expect(first?.after).toMatchObject({ accountStatus: "CREATED", manualBilling: true });

    expect(
      await updateAccountStatus(admin, {
        accountId: "00000000-0000-4000-8000-000000000000",
        accountStatus: "ACTIVE",
        manualBilling: false,
      }),
    ).toBe("not_found");
  });

  test("LATE_START starts at the chosen date when more than 120 s ahead, otherwise now + 120 s", async () => {
    const admin = await platformAdmin();
    const account = await createAccount({ manualBilling: true });
    const now = new Date("2030-05-10T12:00:00.000Z");
    const late = (lateStartAt: string) =>
      updateAccountStatus(
        admin,
        { accountId: account.id, accountStatus: "LATE_START", manualBilling: true, lateStartAt },
        now,
      );

    expect(await late("2030-05-10T12:01:00.000Z")).toBe("done");
    expect((await accountRow(account.id)).lateStartDate).toEqual(
      new Date(now.getTime() + LATE_START_MIN_LEAD_MS),
    );
    expect((await accountRow(account.id)).manualBilling).toBe(false);

    await late("2030-05-09T12:00:00.000Z"); // yesterday: the minimum lead too
    expect((await accountRow(account.id)).lateStartDate).toEqual(
      new Date(now.getTime() + LATE_START_MIN_LEAD_MS),
    );

    await late("2030-05-10T12:02:01.000Z"); // just over 120 s ahead: kept as chosen
    expect((await accountRow(account.id)).lateStartDate).toEqual(new Date("2030-05-10T12:02:01.000Z"));

    await late("2030-06-01"); // a bare day: that UTC day at the current time of day
    expect((await accountRow(account.id)).lateStartDate).toEqual(new Date("2030-06-01T12:00:00.000Z"));
  });

  test("editing: a shopify company cannot take the plan priced 0, any other the plan priced 25", async () => {
    const admin = await platformAdmin();
    const store = await createAccount({ source: "shopify" });
    const direct = await createAccount({ source: null });
    const inAWeek = new Date(Date.now() + 7 * 86_400_000).toISOString();
    const choose = (accountId: string, planId: string) =>
      updateAccountStatus(admin, {
        accountId,
        accountStatus: "LATE_START",
        manualBilling: false,
        lateStartAt: inAWeek,
        planId,
      });

    expect(await choose(store.id, "0")).toBe("plan_not_allowed");
    expect(await choose(direct.id, "lite-250")).toBe("plan_not_allowed");
    expect(await choose(direct.id, "no-such-plan")).toBe("plan_not_allowed");
    expect((await accountRow(store.id)).accountStatus).toBe("ACTIVE");

    expect(await choose(store.id, "lite-250")).toBe("done");
    expect(await choose(direct.id, "0")).toBe("done");
    expect(await accountRow(store.id)).toMatchObject({ accountStatus: "LATE_START", planId: "lite-250" });
    expect(await accountRow(direct.id)).toMatchObject({
      accountStatus: "LATE_START",
      planId: "0",
      plan: "Lite",
    });
  });
});

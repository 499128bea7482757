import { and, eq } from "drizzle-orm";
import { beforeEach, expect, test } from "vitest";
import { accounts, auditLog, DEFAULT_DASHBOARD_ID, dashboards } from "#db/schema";
import { seedReferenceData } from "#db/seed";
import { createAccount, createUser } from "../../../tests/support/factories";
import { viewerOf } from "../../../tests/support/team-factories";
import { describeEachDatabase } from "../../../tests/support/test-database";
import { dashboardFormSchema } from "./company-admin-schemas";
import {
  createDashboard,
  deleteDashboard,
  listDashboards,
  setAccountDashboard,
  updateDashboard,
} from "./dashboards.server";

async function platformAdmin() {
  return viewerOf((await createUser({ roles: ["admin"] })).id);
}

describeEachDatabase("admin dashboards", (getDb) => {
  beforeEach(async () => {
    await seedReferenceData(getDb());
  });

  const dashboardOf = async (accountId: string) =>
    (await getDb().select({ id: accounts.dashboardId }).from(accounts).where(eq(accounts.id, accountId)))[0]
      ?.id;

  test("dashboards list the default first; an id can only be added once", async () => {
    const admin = await platformAdmin();
    expect(await createDashboard(admin, { intent: "create", id: "sales", name: "Sales" })).toBe("done");
    expect(
      await createDashboard(admin, {
        intent: "create",
        id: "ads",
        name: "Ads",
        embedUrl: "https://bi.example.com/ads",
      }),
    ).toBe("done");
    expect(await createDashboard(admin, { intent: "create", id: "sales", name: "Other" })).toBe("exists");

    expect(await listDashboards()).toEqual([
      { id: DEFAULT_DASHBOARD_ID, name: "Default Dashboard", embedUrl: null, isDefault: true },
      { id: "ads", name: "Ads", embedUrl: "https://bi.example.com/ads", isDefault: false },
      { id: "sales", name: "Sales", embedUrl: null, isDefault: false },
    ]);
    const audit = await getDb().select().from(auditLog).where(eq(auditLog.action, "dashboard.create"));
    expect(audit.map((a) => a.targetId).sort()).toEqual(["ads", "sales"]);
  });

  test("editing changes the name and URL, never the id", async () => {
    const admin = await platformAdmin();
    await createDashboard(admin, { intent: "create", id: "sales", name: "Sales" });
    expect(
      await updateDashboard(admin, {
        intent: "update",
        id: "sales",
        name: "Sales 2",
        embedUrl: "https://x.example.com",
      }),
    ).toBe("done");
    expect(await updateDashboard(admin, { intent: "update", id: "missing", name: "X" })).toBe("not_found");
    const [row] = await getDb().select().from(dashboards).where(eq(dashboards.id, "sales"));
    expect(row).toMatchObject({ name: "Sales 2", embedUrl: "https://x.example.com" });
    const [entry] = await getDb().select().from(auditLog).where(eq(auditLog.action, "dashboard.update"));
    expect(entry.before).toMatchObject({ name: "Sales" });
    expect(entry.after).toMatchObject({ name: "Sales 2" });
  });

  test("the form strips leading spaces and wants a name, an id and an https embed URL", () => {
    const parse = (input: Record<string, string>) =>
      dashboardFormSchema.safeParse({ intent: "create", ...input });
    expect(parse({ id: "  sales", name: "  Sales" }).data).toMatchObject({ id: "sales", name: "Sales" });
    const messages = (input: Record<string, string>) =>
      parse(input).error?.issues.map((i) => `${i.path.join(".")}: ${i.message}`) ?? [];
    expect(messages({ id: "", name: " " })).toEqual([
      "id: adminCompanies.validation.dashboardIdRequired",
      "name: adminCompanies.validation.dashboardNameRequired",
    ]);
    expect(messages({ id: "a", name: "b", embedUrl: "http://insecure.example.com" })).toEqual([
      "embedUrl: adminCompanies.validation.embedUrlInvalid",
    ]);
    expect(messages({ id: "a", name: "b", embedUrl: "https://ok.example.com/x" })).toEqual([]);
  });

  test("deleting moves the companies that used it to the default dashboard, in one transaction", async () => {
    const admin = await platformAdmin();
    await createDashboard(admin, { intent: "create", id: "sales", name: "Sales" });
    await createDashboard(admin, { intent: "create", id: "ads", name: "Ads" });
    const a = await createAccount({ dashboardId: "sales" });
    const b = await createAccount({ dashboardId: "sales" });
    const c = await createAccount({ dashboardId: "ads" });

    expect(await deleteDashboard(admin, "sales")).toEqual({ outcome: "done", reassigned: 2 });

    expect(await dashboardOf(a.id)).toBe(DEFAULT_DASHBOARD_ID);
    expect(await dashboardOf(b.id)).toBe(DEFAULT_DASHBOARD_ID);
    expect(await dashboardOf(c.id)).toBe("ads");
    expect((await listDashboards()).map((d) => d.id)).toEqual([DEFAULT_DASHBOARD_ID, "ads"]);
    const [entry] = await getDb()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "dashboard.delete"), eq(auditLog.targetId, "sales")));
    expect((entry.after as { accountIds: string[] }).accountIds.sort()).toEqual([a.id, b.id].sort());
  });

  test("the default dashboard cannot be deleted", async () => {
    const admin = await platformAdmin();
    const account = await createAccount();
    expect(await deleteDashboard(admin, DEFAULT_DASHBOARD_ID)).toEqual({ outcome: "default" });
    expect(await deleteDashboard(admin, "missing")).toEqual({ outcome: "not_found" });
    expect((await listDashboards()).map((d) => d.id)).toEqual([DEFAULT_DASHBOARD_ID]);
    expect(await dashboardOf(account.id)).toBe(DEFAULT_DASHBOARD_ID);
    expect(await getDb().select().from(auditLog)).toEqual([]);
  });

  test("Update Account Dashboard assigns an existing dashboard and records it", async () => {
    const admin = await platformAdmin();
    await createDashboard(admin, { intent: "create", id: "sales", name: "Sales" });
    const account = await createAccount();

    expect(await setAccountDashboard(admin, account.id, "sales")).toBe("done");
    expect(await dashboardOf(account.id)).toBe("sales");
    expect(await setAccountDashboard(admin, account.id, "missing")).toBe("no_dashboard");
    expect(await setAccountDashboard(admin, "00000000-0000-4000-8000-000000000000", "sales")).toBe(
      "not_found",
    );
    expect(await dashboardOf(account.id)).toBe("sales");
    const [entry] = await getDb().select().from(auditLog).where(eq(auditLog.action, "company.dashboard"));
    expect(entry).toMatchObject({
      targetId: account.id,
      before: { dashboardId: DEFAULT_DASHBOARD_ID },
      after: { dashboardId: "sales" },
    });
  });
});

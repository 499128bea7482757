import { asc, desc, eq } from "drizzle-orm";
import { getDb } from "#db/client.server";
import { accounts, DEFAULT_DASHBOARD_ID, dashboards } from "#db/schema";
import type { Viewer } from "~/domain/access/guard.server";
import { recordAudit } from "./audit.server";
import type { DashboardInput } from "./company-admin-schemas";

/** The dashboards a company can be given (spec 1 sections 3 and 4); the default one cannot be deleted. */

export type DashboardRow = { id: string; name: string; embedUrl: string | null; isDefault: boolean };

/** Every dashboard, the default first, then by name. A handful in practice (the spec looks up 999). */
export async function listDashboards(): Promise<DashboardRow[]> {
  return getDb()
    .select({
      id: dashboards.id,
      name: dashboards.name,
      embedUrl: dashboards.embedUrl,
      isDefault: dashboards.isDefault,
    })
    .from(dashboards)
    .orderBy(desc(dashboards.isDefault), asc(dashboards.name), asc(dashboards.id));
}

export type DashboardWriteResult = "done" | "exists" | "not_found";

export async function createDashboard(actor: Viewer, input: DashboardInput): Promise<DashboardWriteResult> {
  return getDb().transaction(async (tx) => {
    const [created] = await tx
      .insert(dashboards)
      .values({ id: input.id, name: input.name, embedUrl: input.embedUrl || null })
      .onConflictDoNothing()
      .returning();
    if (!created) return "exists";
    await recordAudit(tx, actor, {
      action: "dashboard.create",
      targetType: "dashboard",
      targetId: created.id,
      after: created,
    });
    return "done";
  });
}

/** Renames or re-points a dashboard; its id never changes (not editable when editing, spec 1 section 5). */
export async function updateDashboard(actor: Viewer, input: DashboardInput): Promise<DashboardWriteResult> {
  return getDb().transaction(async (tx) => {
    const [before] = await tx.select().from(dashboards).where(eq(dashboards.id, input.id)).for("update");
    if (!before) return "not_found";
    const [after] = await tx
      .update(dashboards)
      .set({ name: input.name, embedUrl: input.embedUrl || null, updatedAt: new Date() })
      .where(eq(dashboards.id, input.id))
      .returning();
    await recordAudit(tx, actor, {
      action: "dashboard.update",
      targetType: "dashboard",
      targetId: input.id,
      before,
      after,
    });
    return "done";
  });
}

export type DeleteDashboardResult =
  | { outcome: "done"; reassigned: number }
  | { outcome: "default" | "not_found" };

/** Companies using the dashboard move to the default one first, in the same transaction (spec 1 section 4). */
export async function deleteDashboard(actor: Viewer, id: string): Promise<DeleteDashboardResult> {
  return getDb().transaction(async (tx) => {
    const [before] = await tx.select().from(dashboards).where(eq(dashboards.id, id)).for("update");
    if (!before) return { outcome: "not_found" };
    if (before.isDefault || before.id === DEFAULT_DASHBOARD_ID) return { outcome: "default" };
    const moved = await tx
      .update(accounts)
      .set({ dashboardId: DEFAULT_DASHBOARD_ID, updatedAt: new Date() })
      .where(eq(accounts.dashboardId, id))
      .returning({ id: accounts.id });
    await tx.delete(dashboards).where(eq(dashboards.id, id));
    await recordAudit(tx, actor, {
      action: "dashboard.delete",
      targetType: "dashboard",
      targetId: id,
      before,
      after: { reassignedTo: DEFAULT_DASHBOARD_ID, accountIds: moved.map((m) => m.id) },
    });
    return { outcome: "done", reassigned: moved.length };
  });
}

/** Update Account Dashboard. */
export async function setAccountDashboard(
  actor: Viewer,
  accountId: string,
  dashboardId: string,
): Promise<"done" | "not_found" | "no_dashboard"> {
  return getDb().transaction(async (tx) => {
    const [dashboard] = await tx
      .select({ id: dashboards.id })
      .from(dashboards)
      .where(eq(dashboards.id, dashboardId));
    if (!dashboard) return "no_dashboard";
    const [before] = await tx
      .select({ dashboardId: accounts.dashboardId })
      .from(accounts)
      .where(eq(accounts.id, accountId))
      .for("update");
    if (!before) return "not_found";
    await tx.update(accounts).set({ dashboardId, updatedAt: new Date() }).where(eq(accounts.id, accountId));
    await recordAudit(tx, actor, {
      action: "company.dashboard",
      targetType: "account",
      targetId: accountId,
      before,
      after: { dashboardId },
    });
    return "done";
  });
}

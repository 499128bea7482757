import { and, asc, count, desc, eq, inArray, ne, or, type SQL, sql } from "drizzle-orm";
import { type Db, getDb, type Tx } from "#db/client.server";
import { type AccountStatus, accounts, dashboards, memberships, plans } from "#db/schema";
import type { Viewer } from "~/domain/access/guard.server";
import { escapeLike } from "~/domain/kernel/sql-text";
import { loadSubdomainPatterns } from "~/domain/platform/system-configuration.server";
import { storeLocksOf } from "~/domain/shopify/onboarding-admin.server";
import { recordAudit } from "./audit.server";
import {
  type AddCompanyInput,
  type CompaniesQuery,
  type CompanySubdomainsInput,
  effectiveLateStart,
  isPlanDisabled,
  type PlanOption,
  type PlanPickContext,
  parseCompaniesQuery,
  parseLateStart,
  type UpdateStatusInput,
} from "./company-admin-schemas";
import { listDashboards } from "./dashboards.server";
import { tagsOfAccounts } from "./tags.server";

/** The Companies tab of /admin (spec 1 sections 2, 4 and 5): the list and the company writes. */

/** Everything the tab shows: one page of companies, and what its modals offer. */
export async function loadCompaniesTab(url: URL) {
  const query = parseCompaniesQuery(url.searchParams);
  const [page, dashboardList, planList, patterns] = await Promise.all([
    searchCompanies(query),
    listDashboards(),
    listPlanOptions(),
    loadSubdomainPatterns(),
  ]);
  return { ...page, query, dashboards: dashboardList, plans: planList, patterns };
}

function filtersOf(query: CompaniesQuery): SQL | undefined {
  const conditions: SQL[] = [];
  const term = query.q.toLowerCase();
  if (term) {
    const pattern = `%${escapeLike(term)}%`;
    // Both expressions match the trigram indexes of migration 0003 exactly, so the planner can use them.
    conditions.push(
      query.by === "id"
        ? sql`(${accounts.id})::text like ${pattern}`
        : sql`${accounts.companyLowercased} like ${pattern}`,
    );
  }
  if (query.source === "shopify") conditions.push(eq(accounts.source, "shopify"));
  return conditions.length > 0 ? and(...conditions) : undefined;
}

function orderOf(query: CompaniesQuery) {
  // The id breaks ties so that paging is stable; "none" is the table's unsorted (id) order.
  if (query.sort === "asc") return [asc(accounts.createdAt), asc(accounts.id)];
  if (query.sort === "desc") return [desc(accounts.createdAt), desc(accounts.id)];
  return [asc(accounts.id)];
}

export type CompanyListRow = Awaited<ReturnType<typeof searchCompanies>>["rows"][number];

/**
 * One page of companies: filtered, sorted, counted and paged in the database (offset/limit and
 * count), then member counts and tags for that page's ids only. A page past the end shows the last one.
 */
export async function searchCompanies(query: CompaniesQuery) {
  const db = getDb();
  const where = filtersOf(query);
  const pageRows = (page: number) =>
    db
      .select({
        id: accounts.id,
        company: accounts.company,
        accountStatus: accounts.accountStatus,
        disabled: accounts.disabled,
        dashboardId: accounts.dashboardId,
        source: accounts.source,
        manualBilling: accounts.manualBilling,
        lateStartDate: accounts.lateStartDate,
        planId: accounts.planId,
        createdAt: accounts.createdAt,
      })
      .from(accounts)
      .where(where)
      .orderBy(...orderOf(query))
      .limit(query.pageSize)
      .offset((page - 1) * query.pageSize);
  // The page and the count in parallel; only a page past the end costs a second page query.
  const [[{ total }], firstTry] = await Promise.all([
    db.select({ total: count() }).from(accounts).where(where),
    pageRows(query.page),
  ]);
  const lastPage = Math.max(1, Math.ceil(total / query.pageSize));
  const page = Math.min(query.page, lastPage);
  const rows = page === query.page ? firstTry : await pageRows(page);
  const ids = rows.map((r) => r.id);
  const [memberCounts, tagsById, dashboardNames, storeLocks] = await Promise.all([
    memberCountsOf(ids),
    tagsOfAccounts(ids),
    dashboardNamesOf(rows.map((r) => r.dashboardId)),
    storeLocksOf(ids),
  ]);
  return {
    rows: rows.map((row) => ({
      ...row,
      dashboardName: (row.dashboardId && dashboardNames.get(row.dashboardId)) || null,
      users: memberCounts.get(row.id) ?? 0,
      tags: tagsById.get(row.id) ?? [],
      // Store mode: null without a store, else whether its profile is locked.
      storeLocked: storeLocks.get(row.id) ?? null,
    })),
    total,
    page,
    pageSize: query.pageSize,
  };
}

/** Members per company, grouped in the database, for the given ids only. */
async function memberCountsOf(accountIds: string[]) {
  const counts = new Map<string, number>();
  if (accountIds.length === 0) return counts;
  const rows = await getDb()
    .select({ accountId: memberships.accountId, members: count() })
    .from(memberships)
    .where(inArray(memberships.accountId, accountIds))
    .groupBy(memberships.accountId);
  for (const row of rows) counts.set(row.accountId, row.members);
  return counts;
}

/** The names of the page's dashboards (joined here rather than across every skipped row of the offset). */
async function dashboardNamesOf(ids: Array<string | null>) {
  const wanted = [...new Set(ids.filter((id): id is string => id !== null))];
  const names = new Map<string, string>();
  if (wanted.length === 0) return names;
  const rows = await getDb()
    .select({ id: dashboards.id, name: dashboards.name })
    .from(dashboards)
    .where(inArray(dashboards.id, wanted));
  for (const row of rows) names.set(row.id, row.name);
  return names;
}

/** The listed plans, cheapest first (spec 1 section 9). */
export async function listPlanOptions(db: Db | Tx = getDb()): Promise<PlanOption[]> {
  const rows = await db
    .select({
      id: plans.id,
      name: plans.name,
      limits: plans.limits,
      monthlyPriceCents: plans.monthlyPriceCents,
    })
    .from(plans)
    .where(eq(plans.listed, true))
    .orderBy(asc(plans.monthlyPriceCents), asc(plans.order), asc(plans.id));
  return rows.map(({ limits, ...plan }) => ({ ...plan, touchpoints: limits.touchpoints }));
}

type PlanCheck = { ok: true; plan: PlanOption | null } | { ok: false };

/** The chosen plan when it exists, is listed and is allowed for this company (spec 1 section 5). */
async function checkPlan(
  db: Db | Tx,
  planId: string | undefined,
  context: PlanPickContext,
): Promise<PlanCheck> {
  if (!planId) return { ok: true, plan: null };
  const plan = (await listPlanOptions(db)).find((p) => p.id === planId);
  if (!plan || isPlanDisabled(plan, context)) return { ok: false };
  return { ok: true, plan };
}

/** What LATE_START writes: the effective start, the plan, and manual billing forced off. */
function lateStartFields(input: { lateStartAt?: string }, plan: PlanOption | null, now: Date) {
  const chosen = parseLateStart(input.lateStartAt ?? "", now) ?? now;
  return {
    lateStartDate: effectiveLateStart(chosen, now),
    manualBilling: false,
    ...(plan ? { planId: plan.id, plan: plan.name } : {}),
  };
}

type FieldErrors<K extends string> = Partial<Record<K, string[]>>;

export type CreateCompanyResult =
  | { ok: false; fieldErrors: FieldErrors<"dashboardId" | "planId"> }
  | {
      ok: true;
      accountId: string;
      company: string;
      // Set when the company was saved but a subdomain was not (spec 1 section 4).
      subdomainErrors: FieldErrors<"linkShortenerSubdomain" | "chatstreamSubdomain"> | null;
    };

/**
 * Add Company: the company first (with its status, dashboard and, for LATE_START, date and plan),
 * then its subdomains. A subdomain that cannot be saved leaves the company saved and is reported.
 */
export async function createCompanyByAdmin(
  actor: Viewer,
  input: AddCompanyInput,
  now: Date = new Date(),
): Promise<CreateCompanyResult> {
  const db = getDb();
  const lateStart = input.accountStatus === "LATE_START";
  const planCheck = await checkPlan(db, lateStart ? input.planId : undefined, { mode: "create" });
  if (!planCheck.ok)
    return { ok: false, fieldErrors: { planId: ["adminCompanies.validation.planNotAllowed"] } };
  const [dashboard] = await db
    .select({ id: dashboards.id })
    .from(dashboards)
    .where(eq(dashboards.id, input.dashboardId));
  if (!dashboard)
    return { ok: false, fieldErrors: { dashboardId: ["adminCompanies.validation.dashboardRequired"] } };

  const accountId = await db.transaction(async (tx) => {
    const [created] = await tx
      .insert(accounts)
      .values({
        company: input.company,
        companyLowercased: input.company.toLowerCase(),
        url: input.url,
        accountStatus: input.accountStatus,
        dashboardId: input.dashboardId,
        manualBilling: input.manualBilling,
        ...(lateStart ? lateStartFields(input, planCheck.plan, now) : {}),
      })
      .returning();
    await recordAudit(tx, actor, {
      action: "company.create",
      targetType: "account",
      targetId: created.id,
      after: created,
    });
    return created.id;
  });
  // The route starts the chosen plan's checkout (app/domain/billing/late-start-checkout.server.ts).
  const subdomains = await saveCompanySubdomains(actor, { accountId, ...input });
  return {
    ok: true,
    accountId,
    company: input.company,
    subdomainErrors: subdomains === "not_found" || subdomains.ok ? null : subdomains.fieldErrors,
  };
}

type SubdomainField = "linkShortenerSubdomain" | "chatstreamSubdomain";
const TAKEN = "adminCompanies.validation.subdomainTaken";

const isUniqueViolation = (error: unknown) =>
  [error, (error as Error | undefined)?.cause].some(
    (e) => (e as { code?: string } | undefined)?.code === "23505",
  );

/**
 * Saves the Link Shortener and ChatStream subdomains of a company. Each one that another company
 * already uses is reported and left unsaved; the free one is saved anyway.
 */
export async function saveCompanySubdomains(
  actor: Viewer,
  input: Pick<CompanySubdomainsInput, "accountId" | SubdomainField>,
): Promise<{ ok: true } | { ok: false; fieldErrors: FieldErrors<SubdomainField> } | "not_found"> {
  const db = getDb();
  const taken = await db
    .select({ link: accounts.linkShortenerSubdomain, chat: accounts.chatstreamSubdomain })
    .from(accounts)
    .where(
      and(
        ne(accounts.id, input.accountId),
        or(
          eq(accounts.linkShortenerSubdomain, input.linkShortenerSubdomain),
          eq(accounts.chatstreamSubdomain, input.chatstreamSubdomain),
        ),
      ),
    );
  const fieldErrors: FieldErrors<SubdomainField> = {};
  const changes: Partial<Record<SubdomainField, string>> = {};
  if (taken.some((t) => t.link === input.linkShortenerSubdomain))
    fieldErrors.linkShortenerSubdomain = [TAKEN];
  else changes.linkShortenerSubdomain = input.linkShortenerSubdomain;
  if (taken.some((t) => t.chat === input.chatstreamSubdomain)) fieldErrors.chatstreamSubdomain = [TAKEN];
  else changes.chatstreamSubdomain = input.chatstreamSubdomain;

  try {
    const found = await db.transaction(async (tx) => {
      const [before] = await tx
        .select({ link: accounts.linkShortenerSubdomain, chat: accounts.chatstreamSubdomain })
        .from(accounts)
        .where(eq(accounts.id, input.accountId))
        .for("update");
      if (!before) return false;
      if (Object.keys(changes).length === 0) return true;
      await tx
        .update(accounts)
        .set({ ...changes, updatedAt: new Date() })
        .where(eq(accounts.id, input.accountId));
      await recordAudit(tx, actor, {
        action: "company.subdomains",
        targetType: "account",
        targetId: input.accountId,
        before: { linkShortenerSubdomain: before.link, chatstreamSubdomain: before.chat },
        after: changes,
      });
      return true;
    });
    if (!found) return "not_found";
  } catch (error) {
    // Another company took one of them between our check and our write: nothing of this save is kept.
    if (!isUniqueViolation(error)) throw error;
    return { ok: false, fieldErrors: { linkShortenerSubdomain: [TAKEN], chatstreamSubdomain: [TAKEN] } };
  }
  return Object.keys(fieldErrors).length > 0 ? { ok: false, fieldErrors } : { ok: true };
}

export type UpdateStatusResult = "done" | "not_found" | "plan_not_allowed";

/**
 * Update Account Status: any status on any company. LATE_START stores the effective start (at least
 * 120 s ahead), the chosen plan and manual billing off.
 */
export async function updateAccountStatus(
  actor: Viewer,
  input: Omit<UpdateStatusInput, "intent">,
  now: Date = new Date(),
): Promise<UpdateStatusResult> {
  return getDb().transaction(async (tx) => {
    const [before] = await tx
      .select({
        accountStatus: accounts.accountStatus,
        lateStartDate: accounts.lateStartDate,
        planId: accounts.planId,
        plan: accounts.plan,
        manualBilling: accounts.manualBilling,
        source: accounts.source,
      })
      .from(accounts)
      .where(eq(accounts.id, input.accountId))
      .for("update");
    if (!before) return "not_found";
    const lateStart = input.accountStatus === "LATE_START";
    // Inside the transaction: PGlite has one connection, and the row lock must cover the check.
    const planCheck = await checkPlan(tx, lateStart ? input.planId : undefined, {
      mode: "edit",
      source: before.source,
    });
    if (!planCheck.ok) return "plan_not_allowed";
    const changes: {
      accountStatus: AccountStatus;
      manualBilling: boolean;
      lateStartDate?: Date;
      planId?: string;
      plan?: string;
    } = {
      accountStatus: input.accountStatus,
      manualBilling: input.manualBilling,
      ...(lateStart ? lateStartFields(input, planCheck.plan, now) : {}),
    };
    await tx
      .update(accounts)
      .set({ ...changes, updatedAt: now })
      .where(eq(accounts.id, input.accountId));
    // The route then starts the chosen plan's checkout from planId and lateStartDate.
    const { source: _source, ...previous } = before;
    await recordAudit(tx, actor, {
      action: "company.status",
      targetType: "account",
      targetId: input.accountId,
      before: previous,
      after: { ...previous, ...changes },
    });
    return "done";
  });
}

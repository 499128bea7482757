import { z } from "zod";
import {
  ACCOUNT_ID_PATTERN,
  COMPANY_URL_PATTERN,
  type ConfiguredPattern,
  failingPatternMessages,
  type SubdomainPatterns,
} from "~/domain/accounts/schemas";

/**
 * The Companies tab of /admin: its URL query, its forms and the small rules both the server and the
 * browser apply (spec 1 sections 2, 4, 5 and 9). No server imports: the modals validate with these too.
 */

// The admin's Add Company allows an apostrophe, unlike setup and onboarding (spec 1 section 5).
export const ADMIN_COMPANY_NAME_PATTERN = /^[A-Za-z0-9][A-Za-z0-9& .']*$/;

export const ACCOUNT_STATUSES = [
  "ACTIVE",
  "CREATED",
  "PENDING_PAYMENT",
  "SUSPENDED",
  "LATE_START",
  "LATE_START_END",
  "CANCELLED",
] as const;
export type AccountStatusValue = (typeof ACCOUNT_STATUSES)[number];

// ---------------------------------------------------------------------------------------------------
// The list: search, filter, sort and paging, all carried in the URL.

export const PAGE_SIZES = [10, 25, 50, 100] as const;
export const DEFAULT_PAGE_SIZE = 10;
export const SEARCH_TYPES = ["name", "id"] as const;
export type SearchType = (typeof SEARCH_TYPES)[number];
export const SOURCE_FILTERS = ["all", "shopify"] as const;
export type SourceFilter = (typeof SOURCE_FILTERS)[number];
export const CREATED_AT_SORTS = ["desc", "asc", "none"] as const;
export type CreatedAtSort = (typeof CREATED_AT_SORTS)[number];
export const SEARCH_MAX_LENGTH = 200;

export type CompaniesQuery = {
  by: SearchType;
  q: string;
  source: SourceFilter;
  sort: CreatedAtSort;
  page: number;
  pageSize: number;
};

const oneOf = <T extends string>(values: readonly T[], value: string | null, fallback: T): T =>
  values.includes(value as T) ? (value as T) : fallback;

/** Anything odd in the URL falls back to the defaults (name search, all sources, newest first, page 1 of 10). */
export function parseCompaniesQuery(params: URLSearchParams): CompaniesQuery {
  const page = Number.parseInt(params.get("page") ?? "", 10);
  const size = Number.parseInt(params.get("size") ?? "", 10);
  return {
    by: oneOf(SEARCH_TYPES, params.get("by"), "name"),
    q: (params.get("q") ?? "").trim().slice(0, SEARCH_MAX_LENGTH),
    source: oneOf(SOURCE_FILTERS, params.get("source"), "all"),
    sort: oneOf(CREATED_AT_SORTS, params.get("sort"), "desc"),
    page: Number.isFinite(page) && page > 0 ? page : 1,
    pageSize: PAGE_SIZES.includes(size as (typeof PAGE_SIZES)[number]) ? size : DEFAULT_PAGE_SIZE,
  };
}

/** Clicking the Created At header cycles descending → ascending → none → descending. */
export function nextCreatedAtSort(sort: CreatedAtSort): CreatedAtSort {
  return sort === "desc" ? "asc" : sort === "asc" ? "none" : "desc";
}

// ---------------------------------------------------------------------------------------------------
// LATE_START: the date, the 120-second minimum lead, and the plans that may be chosen.

export const LATE_START_MIN_LEAD_MS = 120_000;
export const STATUS_REFRESH_DELAY_MS = 1_500;
const DAY_MS = 86_400_000;
// The browser sends the chosen day at the current time of day, so yesterday is about 24 h ago
// wherever the admin is; an hour more covers daylight-saving changes and a slow submission.
const EARLIEST_LATE_START_MS = DAY_MS + 3_600_000;

/**
 * The chosen late start as an instant. The date picker sends an ISO timestamp (the chosen day at the
 * current local time, as the original date picker did); a bare YYYY-MM-DD is that UTC day at the
 * current UTC time of day. Null when it is not a date.
 */
export function parseLateStart(value: string, now: Date = new Date()): Date | null {
  const day = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  const time = day
    ? Date.UTC(Number(day[1]), Number(day[2]) - 1, Number(day[3])) + (now.getTime() % DAY_MS)
    : Date.parse(value);
  return Number.isFinite(time) ? new Date(time) : null;
}

/** Not earlier than yesterday (spec 1 section 5). */
export function isLateStartTooEarly(chosen: Date, now: Date = new Date()) {
  return chosen.getTime() < now.getTime() - EARLIEST_LATE_START_MS;
}

/** The chosen date if it is more than 120 s ahead, otherwise now plus 120 s (spec 1 section 5). */
export function effectiveLateStart(chosen: Date, now: Date = new Date()): Date {
  const floor = now.getTime() + LATE_START_MIN_LEAD_MS;
  return chosen.getTime() > floor ? chosen : new Date(floor);
}

export type PlanOption = { id: string; name: string; touchpoints: number; monthlyPriceCents: number };
export type PlanPickContext = { mode: "create" } | { mode: "edit"; source: string | null };

const PRICE_FREE_CENTS = 0;
const PRICE_25_CENTS = 2_500;

/**
 * Spec 1 section 5: creating a LATE_START company disables the plan priced 25; editing disables the
 * plan priced 0 for a company linked to the store platform, and the plan priced 25 for any other.
 */
export function isPlanDisabled(plan: Pick<PlanOption, "monthlyPriceCents">, context: PlanPickContext) {
  if (context.mode === "create") return plan.monthlyPriceCents === PRICE_25_CENTS;
  return context.source === "shopify"
    ? plan.monthlyPriceCents === PRICE_FREE_CENTS
    : plan.monthlyPriceCents === PRICE_25_CENTS;
}

/** '{name}-{touchpoints}-${price with thousands separators}' (spec 1 section 9). */
export function planLabel(plan: PlanOption) {
  const dollars = plan.monthlyPriceCents / 100;
  return `${plan.name}-${plan.touchpoints}-$${dollars.toLocaleString("en-US")}`;
}

// ---------------------------------------------------------------------------------------------------
// Forms. Messages are i18n keys; the spec's texts are in app/i18n/en/admin-companies.ts.

const v = (key: string) => `adminCompanies.validation.${key}`;

const required = (message: string) => z.string({ error: message }).trim().min(1, message);

function subdomainField(requiredMessage: string, patterns: ConfiguredPattern[]) {
  return required(requiredMessage).superRefine((value, ctx) => {
    for (const message of failingPatternMessages(value, patterns)) ctx.addIssue({ code: "custom", message });
  });
}

// Any 8-4-4-4-12 hex id: z.uuid() would also check the version bits, which older ids may not carry.
const accountIdField = z.string().regex(ACCOUNT_ID_PATTERN);

const checkbox = z
  .string()
  .optional()
  .transform((value) => value === "on");

/** Status, manual billing and, for LATE_START, the date and the plan: shared by Add Company and Update Status. */
const statusShape = {
  accountStatus: z.enum(ACCOUNT_STATUSES, { error: v("statusRequired") }),
  manualBilling: checkbox,
  lateStartAt: z.string().trim().optional(),
  planId: z.string().trim().optional(),
};

function refineLateStart(
  value: { accountStatus: AccountStatusValue; lateStartAt?: string },
  ctx: z.RefinementCtx,
) {
  if (value.accountStatus !== "LATE_START") return;
  if (!value.lateStartAt) {
    ctx.addIssue({ code: "custom", path: ["lateStartAt"], message: v("lateStartRequired") });
    return;
  }
  const chosen = parseLateStart(value.lateStartAt);
  if (!chosen) ctx.addIssue({ code: "custom", path: ["lateStartAt"], message: v("lateStartInvalid") });
  else if (isLateStartTooEarly(chosen))
    ctx.addIssue({ code: "custom", path: ["lateStartAt"], message: v("lateStartTooEarly") });
}

export function addCompanySchema(patterns: SubdomainPatterns) {
  return z
    .object({
      intent: z.literal("create"),
      company: required(v("companyNameRequired")).regex(ADMIN_COMPANY_NAME_PATTERN, v("companyNameInvalid")),
      url: required(v("companyUrlRequired")).regex(COMPANY_URL_PATTERN, v("companyUrlInvalid")),
      dashboardId: required(v("dashboardRequired")),
      linkShortenerSubdomain: subdomainField(v("linkShortenerRequired"), patterns.subDomain),
      chatstreamSubdomain: subdomainField(v("chatstreamRequired"), patterns.alias),
      ...statusShape,
    })
    .superRefine(refineLateStart);
}
export type AddCompanyInput = z.infer<ReturnType<typeof addCompanySchema>>;

/** After a partial save: the subdomains of the company that was saved, tried again. */
export function companySubdomainsSchema(patterns: SubdomainPatterns) {
  return z.object({
    intent: z.literal("subdomains"),
    accountId: accountIdField,
    linkShortenerSubdomain: subdomainField(v("linkShortenerRequired"), patterns.subDomain),
    chatstreamSubdomain: subdomainField(v("chatstreamRequired"), patterns.alias),
  });
}
export type CompanySubdomainsInput = z.infer<ReturnType<typeof companySubdomainsSchema>>;

export const updateStatusSchema = z
  .object({ intent: z.literal("status"), accountId: accountIdField, ...statusShape })
  .superRefine(refineLateStart);
export type UpdateStatusInput = z.infer<typeof updateStatusSchema>;

export const updateDashboardSchema = z.object({
  intent: z.literal("dashboard"),
  accountId: accountIdField,
  dashboardId: required(v("dashboardRequired")),
});

export const TAG_MAX_LENGTH = 50;
export const TAGS_MAX_COUNT = 20;

/**
 * Comma separates; leading whitespace is removed and repeated spaces collapse to one (spec 1
 * section 5). Trailing spaces go too, and a name given twice (in any case) counts once.
 */
export function parseTagInput(text: string): string[] {
  const seen = new Set<string>();
  const names: string[] = [];
  for (const part of text.split(",")) {
    const name = part.replace(/\s+/g, " ").trim();
    if (!name || seen.has(name.toLowerCase())) continue;
    seen.add(name.toLowerCase());
    names.push(name);
  }
  return names;
}

export const updateTagsSchema = z.object({
  intent: z.literal("tags"),
  accountId: accountIdField,
  tags: z
    .string()
    .optional()
    .transform((text) => parseTagInput(text ?? ""))
    .refine((names) => names.every((n) => n.length <= TAG_MAX_LENGTH), v("tagTooLong"))
    .refine((names) => names.length <= TAGS_MAX_COUNT, v("tooManyTags")),
});

// ---------------------------------------------------------------------------------------------------
// Dashboards.

function isHttpsUrl(value: string) {
  try {
    const url = new URL(value);
    return url.protocol === "https:" && url.hostname.includes(".");
  } catch {
    return false;
  }
}

export const DASHBOARD_ID_MAX_LENGTH = 100;

export const dashboardFormSchema = z.object({
  intent: z.enum(["create", "update"]),
  // Leading spaces are stripped (spec 1 section 5); trailing ones would only make a different id.
  id: required(v("dashboardIdRequired")).max(DASHBOARD_ID_MAX_LENGTH, v("dashboardIdTooLong")),
  name: required(v("dashboardNameRequired")),
  embedUrl: z
    .string()
    .trim()
    .optional()
    .refine((url) => !url || isHttpsUrl(url), v("embedUrlInvalid")),
});
export type DashboardInput = z.infer<typeof dashboardFormSchema>;

export const deleteDashboardSchema = z.object({ intent: z.literal("delete"), id: z.string().min(1) });

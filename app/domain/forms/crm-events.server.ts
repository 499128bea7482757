import { randomUUID } from "node:crypto";
import { and, inArray } from "drizzle-orm";
import { getDb } from "#db/client.server";
import { products } from "#db/schema";
import { crmAdapter, crmConfigured } from "~/services/crm/crm.server";
import { CRM_EVENTS_PER_JOB, type CrmEvent, type PendingCrmEvent } from "~/services/crm/crm-event";
import { beforeJobsStop, sendJobs } from "~/services/jobs/jobs.server";

/**
 * The public form's two tracking events (spec 3 §4.2), forwarded to the optional CRM adapter. Never
 * in the visitor's way: events are queued as jobs ("crm-events") that POST them, retried there.
 * Without a CRM configured, 'Form Submitted' goes to the adapter's local default (kept in memory,
 * nothing sent, no job, no database write) and page loads are not gathered at all.
 *
 * 'Form Page Loads' are batched: gathered in this process's memory and queued every
 * PAGE_LOAD_FLUSH_MS as jobs of CRM_EVENTS_PER_JOB events in one insert, so a page view costs no
 * database write. At most PAGE_LOADS_PER_FLUSH are forwarded per window and process; the rest are
 * counted and logged, not sent (a flood of views is not a flood of CRM calls). When the process
 * stops, stopJobs queues what is gathered (beforeJobsStop), so a shutdown loses none.
 */

const PAGE_LOAD_FLUSH_MS = 5_000;
export const PAGE_LOADS_PER_FLUSH = 1_000;

/** A submission once it is applied (contact written): what the 'Form Submitted' event tells the CRM. */
export type AppliedFormSubmission = {
  accountId: string;
  formId: string;
  firstName: string | null;
  lastName: string | null;
  phone: string | null;
  email: string | null;
  productIds: string[];
  ip: string | null;
  submittedAt: Date;
};

/**
 * 'Form Submitted' for submissions just applied (committed). Call it after the commit, once per
 * applied submission (a replay applies nothing and sends nothing). Never throws: a CRM that cannot be
 * queued for loses the event and logs it, the submission stands.
 */
export async function forwardFormSubmittedToCrm(submissions: AppliedFormSubmission[]): Promise<void> {
  const events = submissions.map(
    (s): PendingCrmEvent => ({
      event_id: randomUUID(),
      event_name: "Form Submitted",
      occurred_at: s.submittedAt.toISOString(),
      account_id: s.accountId,
      form_id: s.formId,
      email: s.email || null,
      firstname: s.firstName || null,
      lastname: s.lastName || null,
      phoneNumber: s.phone || null,
      ipaddress: s.ip,
      product_ids: s.productIds,
    }),
  );
  try {
    await forward(events);
  } catch (error) {
    console.error("CRM: could not queue Form Submitted events", error);
  }
}

let pendingPageLoads: PendingCrmEvent[] = [];
let droppedPageLoads = 0;
let flushTimer: ReturnType<typeof setTimeout> | null = null;
let flushedAtStop = false;

/** 'Form Page Loads': kept in memory, queued with the others at the next flush. */
export function forwardPageLoadToCrm(view: {
  accountId: string;
  formId: string;
  ip: string | null;
  productId: string | null;
}) {
  // Without a CRM a page view does nothing here (the busiest path of the public form).
  if (!crmConfigured()) return;
  if (pendingPageLoads.length >= PAGE_LOADS_PER_FLUSH) {
    droppedPageLoads += 1;
    return;
  }
  pendingPageLoads.push({
    event_id: randomUUID(),
    event_name: "Form Page Loads",
    occurred_at: new Date().toISOString(),
    account_id: view.accountId,
    form_id: view.formId,
    email: null,
    firstname: null,
    lastname: null,
    phoneNumber: null,
    ipaddress: view.ip,
    product_ids: view.productId ? [view.productId] : [],
  });
  if (!flushTimer) {
    if (!flushedAtStop) {
      beforeJobsStop(flushCrmPageLoads);
      flushedAtStop = true;
    }
    flushTimer = setTimeout(() => void flushCrmPageLoads(), PAGE_LOAD_FLUSH_MS);
    flushTimer.unref?.();
  }
}

/** Queues the page loads gathered so far (the timer calls it, and stopJobs at shutdown; tests may). */
export async function flushCrmPageLoads(): Promise<void> {
  if (flushTimer) clearTimeout(flushTimer);
  flushTimer = null;
  const events = pendingPageLoads;
  pendingPageLoads = [];
  if (droppedPageLoads > 0) {
    console.warn(
      `CRM: ${droppedPageLoads} form page loads over ${PAGE_LOADS_PER_FLUSH} per window not forwarded`,
    );
    droppedPageLoads = 0;
  }
  try {
    await forward(events);
  } catch (error) {
    console.error("CRM: could not queue Form Page Loads events", error);
  }
}

async function forward(events: PendingCrmEvent[]): Promise<void> {
  if (events.length === 0) return;
  if (!crmConfigured()) {
    // The local default: nothing to queue, nothing sent (the adapter keeps them in memory).
    for (const event of await withProductNames(events, false)) await crmAdapter().send(event);
    return;
  }
  const jobs: { events: PendingCrmEvent[] }[] = [];
  for (let i = 0; i < events.length; i += CRM_EVENTS_PER_JOB)
    jobs.push({ events: events.slice(i, i + CRM_EVENTS_PER_JOB) });
  await sendJobs("crm-events", jobs);
}

/**
 * The "crm-events" job: names the products (one query), then POSTs the events in order. When one
 * fails part-way, the events not yet delivered are queued as a new job and this one ends: its retry
 * would send the delivered ones again. A failure on the first event throws (pg-boss retries it later).
 */
export async function deliverCrmEvents(events: PendingCrmEvent[]): Promise<void> {
  const adapter = crmAdapter();
  const named = await withProductNames(events, true);
  for (let i = 0; i < named.length; i++) {
    try {
      const outcome = await adapter.send(named[i] as CrmEvent);
      if (outcome === "rejected")
        console.warn(
          `CRM: event ${named[i]?.event_id} (${named[i]?.event_name}) refused by the CRM; not resent`,
        );
    } catch (error) {
      if (i === 0) throw error;
      await sendJobs("crm-events", [{ events: events.slice(i) }]);
      console.warn(`CRM: ${events.length - i} events left for a new job after`, error);
      return;
    }
  }
}

async function withProductNames(events: PendingCrmEvent[], lookUp: boolean): Promise<CrmEvent[]> {
  const ids = [...new Set(events.flatMap((e) => e.product_ids))];
  const names = new Map<string, string>();
  if (lookUp && ids.length > 0) {
    // Every event of a job may be another company's: each product is named only for its own.
    const rows = await getDb()
      .select({ id: products.id, accountId: products.accountId, name: products.name })
      .from(products)
      .where(
        and(
          inArray(products.id, ids),
          inArray(products.accountId, [...new Set(events.map((e) => e.account_id))]),
        ),
      );
    for (const row of rows) names.set(`${row.accountId}|${row.id}`, row.name);
  }
  return events.map(({ product_ids, ...event }) => ({
    ...event,
    products: product_ids.map((id) => ({ id, name: names.get(`${event.account_id}|${id}`) ?? "" })),
  }));
}

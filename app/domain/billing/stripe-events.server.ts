import { and, asc, eq, gt, isNull, lt, notInArray } from "drizzle-orm";
import type Stripe from "stripe";
import { getDb, type Tx } from "#db/client.server";
import { accounts, plans, stripeEvents } from "#db/schema";
import { recordSystemAudit } from "~/domain/admin/audit.server";
import { isUuid } from "~/domain/kernel/ids";
import { stripeBilling } from "~/services/billing/stripe-billing.server";
import { publishEvent } from "~/services/events/events.server";
import { sendJob, sendJobs } from "~/services/jobs/jobs.server";
import {
  type AccountReference,
  accountReferenceOf,
  type BillingFields,
  billingChangeFor,
  isHandledStripeEvent,
  planIdOf,
  replacedSubscriptionOf,
} from "./stripe-event-rules";

/**
 * Stripe webhook events (issue 12 item 3). The route verifies an event and hands it to
 * acceptStripeEvent, which stores it by Stripe's id and queues a "stripe-event" job; the job applies
 * it to its company once, in one transaction, never moving the company back to an older event's state.
 */

export type AcceptOutcome =
  /** A type we do not handle: nothing stored. */
  | "ignored"
  /** Stored now and queued. */
  | "stored"
  /** Stored before and not applied yet (the first answer was lost, or its job was): queued again. */
  | "pending"
  /** Stored and applied before: nothing to do. */
  | "replay";

/** Stores a verified event once by its id (a replay changes nothing). Does not queue. */
export async function storeStripeEvent(event: Stripe.Event): Promise<AcceptOutcome> {
  if (!isHandledStripeEvent(event.type)) return "ignored";
  const db = getDb();
  const inserted = await db
    .insert(stripeEvents)
    .values({
      id: event.id,
      type: event.type,
      stripeCreatedAt: new Date(event.created * 1000),
      payload: event as unknown as Record<string, unknown>,
    })
    .onConflictDoNothing({ target: stripeEvents.id })
    .returning({ id: stripeEvents.id });
  if (inserted.length > 0) return "stored";
  const [stored] = await db
    .select({ processedAt: stripeEvents.processedAt })
    .from(stripeEvents)
    .where(eq(stripeEvents.id, event.id));
  return stored?.processedAt ? "replay" : "pending";
}

/** What the route calls: the event stored, and its job queued unless it was applied already. */
export async function acceptStripeEvent(event: Stripe.Event): Promise<AcceptOutcome> {
  const outcome = await storeStripeEvent(event);
  if (outcome === "stored" || outcome === "pending") await sendJob("stripe-event", { eventId: event.id });
  return outcome;
}

type StoredEvent = typeof stripeEvents.$inferSelect;

/**
 * Applies one stored event exactly once: its row is locked, an event already processed returns its
 * recorded outcome, otherwise the outcome (a few words) and processedAt are written in the same
 * transaction as the company's change. Returns the outcome, or null for an unknown id.
 */
export async function applyStripeEvent(eventId: string, now: Date = new Date()): Promise<string | null> {
  return getDb().transaction(async (tx) => {
    const [row] = await tx.select().from(stripeEvents).where(eq(stripeEvents.id, eventId)).for("update");
    if (!row) return null;
    return applyLocked(tx, row, now);
  });
}

async function applyLocked(tx: Tx, row: StoredEvent, now: Date): Promise<string | null> {
  if (row.processedAt) return row.outcome;
  const event = row.payload as unknown as Stripe.Event;
  const { outcome, accountId } = await applyToAccount(tx, event, row.stripeCreatedAt, now);
  await tx
    .update(stripeEvents)
    .set({ processedAt: now, outcome, accountId })
    .where(eq(stripeEvents.id, row.id));
  return outcome;
}

/**
 * The oldest unapplied event no other worker holds, applied in its own transaction: its id, with the
 * error when applying it failed (rolled back); null when none is waiting.
 */
async function applyOldestPending(exclude: string[]): Promise<{ id: string; error?: unknown } | null> {
  let picked: string | null = null;
  try {
    return await getDb().transaction(async (tx) => {
      const [row] = await tx
        .select()
        .from(stripeEvents)
        .where(
          and(
            isNull(stripeEvents.processedAt),
            exclude.length ? notInArray(stripeEvents.id, exclude) : undefined,
          ),
        )
        .orderBy(asc(stripeEvents.receivedAt))
        .limit(1)
        .for("update", { skipLocked: true });
      if (!row) return null;
      picked = row.id;
      await applyLocked(tx, row, new Date());
      return { id: row.id };
    });
  } catch (error) {
    if (picked) return { id: picked, error };
    throw error;
  }
}

// A job drains for at most this long, well within the queue's 5-minute expiry.
const DRAIN_BUDGET_MS = 60_000;

/**
 * The "stripe-event" job: its event, then every other event still waiting, oldest first (rows
 * another worker holds are skipped). A worker takes a new job at most once a second per lane (when
 * no sendJob of its own process wakes it), so a burst of events is applied by the jobs already
 * running rather than at that pace; the jobs of the events drained here find them applied. When
 * the last retry of its own event fails, the error is written on the event (still unprocessed) for
 * an admin to read; the sweep queues it again later.
 */
export async function runStripeEventJob(
  eventId: string,
  job: { lastAttempt: boolean; signal?: AbortSignal },
): Promise<void> {
  // Most jobs of a burst find their event applied already, by a job that drained it: one read.
  const [stored] = await getDb()
    .select({ processedAt: stripeEvents.processedAt })
    .from(stripeEvents)
    .where(eq(stripeEvents.id, eventId));
  if (stored && !stored.processedAt) {
    try {
      await applyStripeEvent(eventId);
    } catch (error) {
      if (job.lastAttempt) {
        const message = error instanceof Error ? error.message : String(error);
        await getDb()
          .update(stripeEvents)
          .set({ outcome: `failed: ${message}`.slice(0, 500) })
          .where(and(eq(stripeEvents.id, eventId), isNull(stripeEvents.processedAt)))
          .catch(() => {});
      }
      throw error;
    }
  }
  // Drained whether or not its own event was waiting: the jobs of a burst queue behind each other
  // (a worker in another process is not woken by sendJob), and newer events must not wait for them.
  // One drain per process at a time: it keeps up with a burst, and leaves the CPU and the database
  // to the webhook's answers (which share them when the server runs the worker).
  if (drainingInThisProcess) return;
  drainingInThisProcess = true;
  try {
    await drainPending(job.signal);
  } finally {
    drainingInThisProcess = false;
  }
}

let drainingInThisProcess = false;

async function drainPending(signal: AbortSignal | undefined) {
  const deadline = Date.now() + DRAIN_BUDGET_MS;
  // An event that fails here is left to its own job's retries, and not tried again in this run.
  const failed: string[] = [];
  while (Date.now() < deadline && !signal?.aborted && failed.length < 10) {
    const next = await applyOldestPending(failed);
    if (!next) return;
    if (next.error) failed.push(next.id);
  }
}

/** The company columns a billing change reads and writes (the webhook job and the checkout return). */
export const billingColumns = {
  id: accounts.id,
  manualBilling: accounts.manualBilling,
  stripeEventAt: accounts.stripeEventAt,
  accountStatus: accounts.accountStatus,
  stripeCustomerId: accounts.stripeCustomerId,
  stripeSubscriptionId: accounts.stripeSubscriptionId,
  stripePriceId: accounts.stripePriceId,
  stripeSubscriptionDetails: accounts.stripeSubscriptionDetails,
  planId: accounts.planId,
  plan: accounts.plan,
};

/** The company the event names (our id in its metadata), else the one with its Stripe customer; locked. */
async function lockAccount(tx: Tx, reference: AccountReference) {
  if (isUuid(reference.accountId)) {
    const [byId] = await tx
      .select(billingColumns)
      .from(accounts)
      .where(eq(accounts.id, reference.accountId))
      .for("update");
    if (byId) return byId;
  }
  if (!reference.customerId) return undefined;
  const [byCustomer] = await tx
    .select(billingColumns)
    .from(accounts)
    .where(eq(accounts.stripeCustomerId, reference.customerId))
    .orderBy(asc(accounts.createdAt))
    .limit(1)
    .for("update");
  return byCustomer;
}

async function applyToAccount(
  tx: Tx,
  event: Stripe.Event,
  createdAt: Date,
  now: Date,
): Promise<{ outcome: string; accountId: string | null }> {
  const account = await lockAccount(tx, accountReferenceOf(event));
  if (!account) return { outcome: "no account", accountId: null };
  const accountId = account.id;
  await cancelReplacedSubscription(event);
  if (account.manualBilling) return { outcome: "manual billing: not changed", accountId };
  // Same-second events apply in the order they are processed (Stripe's `created` has whole seconds).
  if (account.stripeEventAt && createdAt.getTime() < account.stripeEventAt.getTime())
    return { outcome: "skipped: older than the last applied event", accountId };

  const planId = planIdOf(event);
  const [plan] = planId
    ? await tx.select({ id: plans.id, name: plans.name }).from(plans).where(eq(plans.id, planId))
    : [];
  const { id: _id, manualBilling: _m, stripeEventAt: _e, ...before } = account;
  const change = billingChangeFor(event, before, plan ?? null);
  if ("ignored" in change) return { outcome: `ignored: ${change.ignored}`, accountId };

  const after: BillingFields = { ...before, ...change.changes };
  const changed = (Object.keys(after) as (keyof BillingFields)[]).filter(
    (key) => JSON.stringify(after[key]) !== JSON.stringify(before[key]),
  );
  // Every applied event moves the mark, changed or not: an older one arriving later must not undo it.
  await tx
    .update(accounts)
    .set({ ...change.changes, stripeEventAt: createdAt, ...(changed.length ? { updatedAt: now } : {}) })
    .where(eq(accounts.id, accountId));
  if (changed.length === 0) return { outcome: "applied: no change", accountId };

  await recordSystemAudit(tx, "stripe", {
    action: "billing.stripe_event",
    targetType: "account",
    targetId: accountId,
    before,
    after: { ...after, stripeEvent: { id: event.id, type: event.type } },
  });
  await publishEvent({ topic: "account", accountId }, tx);
  const status =
    before.accountStatus === after.accountStatus ? "" : ` ${before.accountStatus} → ${after.accountStatus}`;
  return { outcome: `applied:${status || ` ${changed.join(", ")}`}`.slice(0, 200), accountId };
}

// Within Stripe's own retry window (3 days); older events stay recorded as they are.
const SWEEP_WINDOW_MS = 3 * 24 * 60 * 60_000;

/**
 * Queues again the stored events still unapplied `olderThanMs` after they arrived (a job lost with a
 * dead worker, or one whose retries ran out): applying is idempotent, so a second job is harmless.
 */
export async function requeueUnappliedStripeEvents(
  now: Date = new Date(),
  olderThanMs = 5 * 60_000,
): Promise<number> {
  const rows = await getDb()
    .select({ id: stripeEvents.id })
    .from(stripeEvents)
    .where(
      and(
        isNull(stripeEvents.processedAt),
        lt(stripeEvents.receivedAt, new Date(now.getTime() - olderThanMs)),
        gt(stripeEvents.receivedAt, new Date(now.getTime() - SWEEP_WINDOW_MS)),
      ),
    )
    .orderBy(asc(stripeEvents.receivedAt))
    .limit(1000);
  await sendJobs(
    "stripe-event",
    rows.map((row) => ({ eventId: row.id })),
  );
  return rows.length;
}

/**
 * A paid late-start checkout replaces the company's subscription of the time ("it will cancel all
 * previous subscriptions"): the old one is cancelled in Stripe before the event is marked applied,
 * so a failure leaves the event to its job's retries; a subscription already ended counts as done.
 */
async function cancelReplacedSubscription(event: Stripe.Event) {
  const replaced = replacedSubscriptionOf(event);
  if (!replaced) return;
  const stripe = stripeBilling();
  if (!stripe) throw new Error(`Stripe is not configured: cannot cancel ${replaced}`);
  await stripe.cancelSubscription(replaced);
}

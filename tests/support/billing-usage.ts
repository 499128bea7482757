import { randomBytes } from "node:crypto";
import { sql } from "drizzle-orm";
import { markSent } from "../../app/domain/journeys/dispatch/mark-sent.server";
import type { Queryable } from "../../app/domain/kernel/scope";
import { stripeClient } from "../../app/services/billing/stripe-client.server";
import { rowsOf } from "../../db/rows";
import { plans } from "../../db/schema";
import { planCatalogue } from "../../db/seed-plans";
import { createAccount } from "./factories";
import type { StripeAnswer, StripeStandIn } from "./stand-ins/stripe";

/**
 * Fixtures for the overage reporter's tests (app/domain/billing/usage-report*.test.ts): companies
 * billed by Stripe, messages recorded sent by the engine's own markSent (so message_usage counts them
 * as the dispatcher would), and hooks on the Stripe stand-in (tests/support/stand-ins/stripe.ts, used
 * as it is) that act on every API request rather than only the next one.
 */

const unique = () => randomBytes(4).toString("hex");

/** A company with a Stripe customer and subscription, on the free plan (250 included) unless told. */
export function createBilledCompany(overrides: Parameters<typeof createAccount>[0] = {}) {
  return createAccount({
    stripeCustomerId: `cus_${unique()}`,
    stripeSubscriptionId: `sub_${unique()}`,
    ...overrides,
  });
}

/** The catalogue's plans, as the seed writes them (the test databases start empty). */
export async function insertPlans(db: Queryable, ids: string[]) {
  await db
    .insert(plans)
    .values(planCatalogue.filter((p) => ids.includes(p.id)))
    .onConflictDoNothing();
}

/** `count` email messages to new contacts, recorded sent at `at` by markSent; returns their ids. */
export async function recordSentMessages(
  db: Queryable,
  accountId: string,
  count: number,
  at: Date,
): Promise<string[]> {
  const tag = `usage-${unique()}`;
  const rows = rowsOf<{ id: string }>(
    await db.execute(
      sql`with c as (
            insert into contacts (account_id, first_name, last_name, email)
            select ${accountId}::uuid, 'Ann', 'Lee', ${tag} || '-' || i || '@example.com'
            from generate_series(1, ${count}) i returning id)
          insert into messages (account_id, idempotency_key, contact_id, channel, segments, status, created_at)
          select ${accountId}::uuid, ${tag} || ':' || c.id, c.id, 'email', 1, 'queued', ${at.toISOString()}::timestamptz
          from c returning id`,
    ),
  );
  const ids = rows.map((r) => r.id);
  for (let i = 0; i < ids.length; i += 1000)
    await db.transaction((tx) =>
      markSent(
        tx,
        ids.slice(i, i + 1000).map((id) => ({ id, to: "ann@example.com", provider: `outbox-${id}` })),
        at,
      ),
    );
  return ids;
}

/** The billing meter `npm run stripe:sync` creates (the stand-in sums a customer's events per meter). */
export async function createOverageMeter(eventName: string) {
  const stripe = stripeClient();
  if (!stripe) throw new Error("Stripe is not configured");
  await stripe.billing.meters.create({
    display_name: "Overage messages",
    event_name: eventName,
    default_aggregation: { formula: "sum" },
    customer_mapping: { type: "by_id", event_payload_key: "stripe_customer_id" },
    value_settings: { event_payload_key: "value" },
  });
}

/**
 * Calls `each` as every API request reaches the stand-in, before it is answered, with the request's
 * 1-based number: there `failNext` and `delayNext` apply to that very request. (The stand-in records
 * a request, then takes the next queued failure and delay for it.) Returns what removes the hook.
 */
export function onEachRequest(standIn: StripeStandIn, each: (n: number) => void): () => void {
  const requests = standIn.requests;
  const push = requests.push;
  requests.push = function (this: typeof requests, ...items) {
    const length = push.apply(this, items);
    each(length);
    return length;
  };
  return () => {
    // The array's own push again (Array.prototype's), not a copy of it as an own property.
    delete (requests as { push?: unknown }).push;
  };
}

/** Meter event requests the stand-in received (answered or not), with their identifiers. */
export function meterEventRequests(standIn: StripeStandIn): string[] {
  return standIn.requests
    .filter((r) => r.method === "POST" && r.path.startsWith("/v1/billing/meter_events"))
    .map((r) => String(r.form.identifier));
}

/** How many times each identifier was requested more than once. */
export function repeated(identifiers: string[]): Map<string, number> {
  const seen = new Map<string, number>();
  for (const id of identifiers) seen.set(id, (seen.get(id) ?? 0) + 1);
  return new Map([...seen].filter(([, n]) => n > 1));
}

export const refusedByStripe = (message: string): StripeAnswer => ({
  status: 400,
  body: { error: { type: "invalid_request_error", message } },
});

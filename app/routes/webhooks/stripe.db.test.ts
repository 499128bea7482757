import { eq, sql } from "drizzle-orm";
import { RouterContextProvider } from "react-router";
import { afterEach, beforeEach, expect, test } from "vitest";
import { accounts, rateLimitBuckets, stripeEvents } from "#db/schema";
import { seedReferenceData } from "#db/seed";
import { resetConfigForTests } from "~/config.server";
import { clientIpContext } from "~/context.server";
import { rateLimits } from "~/domain/auth/rate-limit.server";
import { requeueUnappliedStripeEvents, storeStripeEvent } from "~/domain/billing/stripe-events.server";
import { jobs, startWorker, stopJobs } from "~/services/jobs/jobs.server";
import { jobHandlers, workerStartHooks } from "~/worker-handlers.server";
import { createAccount } from "../../../tests/support/factories";
import {
  checkoutSession,
  nowSeconds,
  signedStripeRequest,
  stripeEvent,
  subscription,
} from "../../../tests/support/stripe-events";
import { describeEachDatabase } from "../../../tests/support/test-database";
import { waitFor } from "../../../tests/support/wait-for";
import { action, loader } from "./stripe";

/** POST /webhooks/stripe, called as React Router calls the action, signed with the SDK's test header. */

const SECRET = "whsec_test_webhook_secret";
const KEYS = ["STRIPE_SECRET_KEY", "STRIPE_WEBHOOK_SECRET"] as const;
let saved: Record<string, string | undefined> = {};
beforeEach(() => {
  saved = Object.fromEntries(KEYS.map((k) => [k, process.env[k]]));
  process.env.STRIPE_SECRET_KEY = "sk_test_webhooks";
  process.env.STRIPE_WEBHOOK_SECRET = SECRET;
  resetConfigForTests();
});
afterEach(() => {
  for (const key of KEYS) {
    if (saved[key] === undefined) delete process.env[key];
    else process.env[key] = saved[key];
  }
  resetConfigForTests();
});

async function post(request: Request, ip = "203.0.113.7") {
  const context = new RouterContextProvider();
  context.set(clientIpContext, ip);
  return (await action({ request, params: {}, context } as never)) as Response;
}

describeEachDatabase(
  "POST /webhooks/stripe",
  (getDb) => {
    beforeEach(async () => {
      await seedReferenceData(getDb());
    });
    afterEach(async () => {
      await stopJobs();
    });

    const queuedEventIds = async () => {
      const boss = await jobs();
      const { rows } = await boss
        .getDb()
        .executeSql("select data from pgboss.job where name = 'stripe-event' order by created_on", []);
      return (rows as { data: { eventId: string } }[]).map((r) => r.data.eventId);
    };
    const statusOf = async (id: string) =>
      (await getDb().select().from(accounts).where(eq(accounts.id, id)))[0].accountStatus;

    test("answers 404 while Stripe is not configured, and 405 to a GET", async () => {
      const event = stripeEvent("invoice.paid", { id: "in_1", object: "invoice", customer: "cus_1" });
      for (const key of KEYS) {
        const value = process.env[key];
        delete process.env[key];
        resetConfigForTests();
        expect((await post(signedStripeRequest(event, SECRET))).status).toBe(404);
        process.env[key] = value;
        resetConfigForTests();
      }
      expect((loader() as Response).status).toBe(405);
      expect(await getDb().$count(stripeEvents)).toBe(0);
    });

    test("a missing or bad signature, a tampered body or a stale timestamp is refused with 400; nothing is stored", async () => {
      const account = await createAccount({ accountStatus: "CREATED" });
      const event = stripeEvent("checkout.session.completed", checkoutSession({ accountId: account.id }));
      const body = JSON.stringify(event);
      const signed = signedStripeRequest(event, SECRET).headers.get("Stripe-Signature") ?? "";
      const tampered = body.replace('"paid"', '"unpaid"');
      expect(tampered).not.toBe(body);

      const refused = [
        signedStripeRequest(event, SECRET, { signature: null }),
        signedStripeRequest(event, SECRET, { signature: "" }),
        signedStripeRequest(event, SECRET, { signature: "t=1,v1=deadbeef" }),
        signedStripeRequest(event, "whsec_another_secret"),
        // Signed for the exact body, then changed.
        signedStripeRequest(tampered, SECRET, {
          signature: signedStripeRequest(body, SECRET).headers.get("Stripe-Signature"),
        }),
        // Beyond the SDK's 5-minute tolerance.
        signedStripeRequest(event, SECRET, { timestamp: nowSeconds() - 10 * 60 }),
      ];
      for (const request of refused) expect((await post(request)).status).toBe(400);
      expect(signed).toMatch(/^t=\d+,v1=/);
      expect(await getDb().$count(stripeEvents)).toBe(0);
      expect(await statusOf(account.id)).toBe("CREATED");
      expect(await queuedEventIds()).toEqual([]);
    });

    test("a signed event is stored and queued; a replay answers 200 and stores nothing more", async () => {
      const account = await createAccount({ accountStatus: "CREATED" });
      const event = stripeEvent(
        "checkout.session.completed",
        checkoutSession({ accountId: account.id, planId: "lite-2500" }),
      );

      const first = await post(signedStripeRequest(event, SECRET));
      expect(first.status).toBe(200);
      expect(await first.json()).toEqual({ received: true, outcome: "stored" });
      const [row] = await getDb().select().from(stripeEvents);
      expect(row).toMatchObject({ id: event.id, type: "checkout.session.completed", processedAt: null });
      expect(row.stripeCreatedAt.getTime()).toBe(event.created * 1000);
      expect(row.payload).toEqual(JSON.parse(JSON.stringify(event)));
      expect(await queuedEventIds()).toEqual([event.id]);

      // Signed again (as Stripe does when it retries), not yet applied: queued again, stored once.
      const second = await post(signedStripeRequest(event, SECRET));
      expect(second.status).toBe(200);
      expect(await second.json()).toEqual({ received: true, outcome: "pending" });
      expect(await getDb().$count(stripeEvents)).toBe(1);
      // The route only queues: the company moves when the job runs.
      expect(await statusOf(account.id)).toBe("CREATED");
    });

    test("through the worker: the event is applied once; a replay after that queues nothing", async () => {
      await startWorker(jobHandlers, workerStartHooks);
      const account = await createAccount({ accountStatus: "LATE_START", lateStartDate: new Date() });
      const session = checkoutSession({ accountId: account.id, planId: "lite-5000" });
      const event = stripeEvent("checkout.session.completed", session);
      expect((await post(signedStripeRequest(event, SECRET))).status).toBe(200);
      await waitFor(
        async () => (await getDb().select().from(stripeEvents))[0]?.processedAt,
        (processedAt) => processedAt != null,
      );
      expect(await statusOf(account.id)).toBe("ACTIVE");

      const replay = await post(signedStripeRequest(event, SECRET));
      expect(await replay.json()).toEqual({ received: true, outcome: "replay" });
      expect(await queuedEventIds()).toEqual([event.id]);

      // Out of order through the route: the newer deletion first, then an older update.
      const t = nowSeconds();
      const subId = session.subscription;
      const deleted = stripeEvent(
        "customer.subscription.deleted",
        subscription({ id: subId, accountId: account.id, customer: "cus_r", status: "canceled" }),
        t,
      );
      const updated = stripeEvent(
        "customer.subscription.updated",
        subscription({ id: subId, accountId: account.id, customer: "cus_r" }),
        t - 60,
      );
      expect((await post(signedStripeRequest(deleted, SECRET))).status).toBe(200);
      await waitFor(
        () => statusOf(account.id),
        (s) => s === "CANCELLED",
      );
      expect((await post(signedStripeRequest(updated, SECRET))).status).toBe(200);
      const outcome = await waitFor(
        async () =>
          (await getDb().select().from(stripeEvents).where(eq(stripeEvents.id, updated.id)))[0]?.outcome,
        (o) => o != null,
      );
      expect(outcome).toBe("skipped: older than the last applied event");
      expect(await statusOf(account.id)).toBe("CANCELLED");
    });

    test("a type we do not handle is acknowledged and dropped", async () => {
      const response = await post(
        signedStripeRequest(stripeEvent("customer.created", { id: "cus_1", object: "customer" }), SECRET),
      );
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({ received: true, outcome: "ignored" });
      expect(await getDb().$count(stripeEvents)).toBe(0);
      expect(await queuedEventIds()).toEqual([]);
    });

    test("an address past the generous limit gets 429, before anything is read or stored", async () => {
      const { limit } = rateLimits.stripeWebhooksPerIp;
      await getDb()
        .insert(rateLimitBuckets)
        .values({ key: "stripeWebhooks:ip:198.51.100.9", windowStartedAt: new Date(), hits: limit });
      const event = stripeEvent("invoice.paid", { id: "in_2", object: "invoice", customer: "cus_2" });
      const limited = await post(signedStripeRequest(event, SECRET), "198.51.100.9");
      expect(limited.status).toBe(429);
      expect(limited.headers.get("Retry-After")).toBe("60");
      // Another address is not held back.
      expect((await post(signedStripeRequest(event, SECRET), "198.51.100.10")).status).toBe(200);
    });

    test("the sweep queues again an event stored minutes ago whose job was lost", async () => {
      const account = await createAccount({ accountStatus: "CREATED" });
      const lost = stripeEvent("checkout.session.completed", checkoutSession({ accountId: account.id }));
      const recent = stripeEvent("checkout.session.completed", checkoutSession({ accountId: account.id }));
      await storeStripeEvent(lost);
      await storeStripeEvent(recent);
      await getDb()
        .update(stripeEvents)
        .set({ receivedAt: sql`now() - interval '6 minutes'` })
        .where(eq(stripeEvents.id, lost.id));

      expect(await requeueUnappliedStripeEvents()).toBe(1);
      expect(await queuedEventIds()).toEqual([lost.id]);
      await startWorker(jobHandlers, workerStartHooks);
      await waitFor(
        () => statusOf(account.id),
        (s) => s === "ACTIVE",
      );
    });
  },
  { freshPerTest: true },
);

import { eq } from "drizzle-orm";
import type Stripe from "stripe";
import { beforeEach, expect, test, vi } from "vitest";
import { accounts, auditLog } from "#db/schema";
import { seedReferenceData } from "#db/seed";
import { priceLookupKey } from "#db/seed-plans";
import { stripeClient } from "~/services/billing/stripe-client.server";
import { createUser, grantRole } from "../../../tests/support/factories";
import { stripeErrors } from "../../../tests/support/stand-ins/stripe";
import { setUpStripeStandIn } from "../../../tests/support/stripe-test-env";
import { companyWithAdmin, createMember, memberContext } from "../../../tests/support/team-factories";
import { describeEachDatabase } from "../../../tests/support/test-database";
import { openBillingPortal, selectPlan } from "./checkout.server";
import { startLateStartCheckout } from "./late-start-checkout.server";
import { applyStripeEvent, storeStripeEvent } from "./stripe-events.server";

/** Select Plan, the portal and the late-start checkout through the real adapter and the Stripe stand-in. */

const stripe = setUpStripeStandIn();
const DAY = 24 * 60 * 60 * 1000;

/** What the app asked Stripe for when it created the (last) Checkout Session. */
const checkoutForm = () =>
  stripe().requests.findLast((r) => r.path === "/v1/checkout/sessions" && r.method === "POST")?.form as {
    line_items: Array<{ price: string; quantity?: string }>;
    subscription_data: { trial_end?: string; metadata?: Record<string, string> };
  };

describeEachDatabase("checkout and plan changes", (getDb) => {
  beforeEach(async () => {
    await seedReferenceData(getDb());
  });

  const update = (id: string, values: Partial<typeof accounts.$inferInsert>) =>
    getDb().update(accounts).set(values).where(eq(accounts.id, id));

  test("no subscription: a Checkout Session for the tier's monthly price (quantity 1) and its metered price", async () => {
    const { account, admin } = await companyWithAdmin("Checkout Co");
    await update(account.id, { accountStatus: "CREATED" });
    const outcome = await selectPlan(await memberContext(admin.id), "lite-5000");
    expect(outcome.kind).toBe("checkout");
    const [session] = stripe().sessions();
    expect(outcome).toEqual({ kind: "checkout", url: `${stripe().url}/checkout/${session.id}` });
    expect(session).toMatchObject({
      mode: "subscription",
      client_reference_id: account.id,
      customer_email: admin.email,
      metadata: { accountId: account.id, planId: "lite-5000" },
    });
    expect(session.success_url).toMatch(/\/settings\?tab=billing&stripe_session=\{CHECKOUT_SESSION_ID\}$/);
    const form = checkoutForm();
    const priceId = (key: string) =>
      stripe()
        .prices()
        .find((p) => p.lookup_key === key)?.id;
    expect(form.line_items).toEqual([
      { price: priceId(priceLookupKey("lite-5000", "month")), quantity: "1" },
      { price: priceId(priceLookupKey("lite-5000", "overage")) },
    ]);
    // Yearly prices never go into a checkout.
    expect(JSON.stringify(form)).not.toContain(priceId(priceLookupKey("lite-5000", "year")));
  });

  test("with a subscription: its items move to the new tier, prorated, and the company shows the plan at once", async () => {
    const { account, admin } = await companyWithAdmin("Upgrade Co");
    await selectPlan(await memberContext(admin.id), "lite-2500");
    const [session] = stripe().sessions();
    await stripe().pay(String(session.id));
    const [subscription] = stripe().subscriptions();
    await update(account.id, {
      planId: "lite-2500",
      plan: "Lite",
      stripeCustomerId: String(subscription.customer),
      stripeSubscriptionId: String(subscription.id),
      stripeSubscriptionDetails: { status: "active" },
    });

    const outcome = await selectPlan(await memberContext(admin.id), "standard-25000");
    expect(outcome).toEqual({ kind: "updated" });
    const [change] = stripe().subscriptionUpdates();
    expect(change.prorationBehavior).toBe("create_prorations");
    const items = stripe().subscriptions()[0].items as { data: Array<{ price: { lookup_key: string } }> };
    expect(items.data.map((i) => i.price.lookup_key).sort()).toEqual(
      [priceLookupKey("standard-25000", "month"), priceLookupKey("standard-25000", "overage")].sort(),
    );
    expect(stripe().sessions()).toHaveLength(1);
    const [after] = await getDb().select().from(accounts).where(eq(accounts.id, account.id));
    expect(after).toMatchObject({ planId: "standard-25000", plan: "Standard" });
    const [audit] = await getDb().select().from(auditLog).where(eq(auditLog.action, "billing.plan_change"));
    expect(audit).toMatchObject({ actorUserId: admin.id, targetId: account.id });
    expect(audit.after).toMatchObject({ planId: "standard-25000" });
  });

  test("an ended subscription is replaced through a new checkout", async () => {
    const { account, admin } = await companyWithAdmin("Ended Co");
    const customer = await stripeClient()!.customers.create({ email: admin.email });
    await update(account.id, {
      stripeCustomerId: customer.id,
      stripeSubscriptionId: "sub_old",
      stripeSubscriptionDetails: { status: "canceled" },
    });
    const outcome = await selectPlan(await memberContext(admin.id), "lite-1000");
    expect(outcome.kind).toBe("checkout");
    expect(stripe().sessions()[0]).toMatchObject({ customer: customer.id });
  });

  test("Stripe failing: the outcome is 'failed' with an error id, nothing changes", async () => {
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    const { account, admin } = await companyWithAdmin("Failing Co");
    await update(account.id, { accountStatus: "CREATED" });
    stripe().failNext({
      status: 400,
      body: { error: { type: "invalid_request_error", message: "No such price" } },
    });
    const outcome = await selectPlan(await memberContext(admin.id), "lite-1000");
    expect(outcome).toMatchObject({ kind: "failed", errorId: expect.stringMatching(/^[0-9a-f]{8}$/) });
    expect(stripe().sessions()).toHaveLength(0);
    expect(logged).toHaveBeenCalledOnce();
  }, 30_000);

  test("Stripe unreachable: 'failed' after the SDK's retries, not a crash", async () => {
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    const { admin } = await companyWithAdmin("Down Co");
    stripe().failNext(stripeErrors.unavailable, stripeErrors.unavailable, stripeErrors.unavailable);
    expect((await selectPlan(await memberContext(admin.id), "lite-1000")).kind).toBe("failed");
    expect(logged).toHaveBeenCalledOnce();
  }, 30_000);

  test("a member outside the admin group cannot go at or below the paid plan; a platform admin can", async () => {
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    const { account } = await companyWithAdmin("Rules Co");
    await update(account.id, {
      planId: "lite-5000",
      stripeCustomerId: "cus_rules",
      stripeSubscriptionId: "sub_rules",
      stripeSubscriptionDetails: { status: "active" },
    });
    const member = await createMember(account.id);
    expect(await selectPlan(await memberContext(member.id), "lite-2500")).toEqual({
      kind: "contact_support",
    });
    expect(await selectPlan(await memberContext(member.id), "lite-5000")).toEqual({
      kind: "contact_support",
    });

    const staff = await createUser();
    await grantRole(staff.id, "admin");
    const asStaff = { ...(await memberContext(member.id)), roles: ["admin" as const] };
    // The stand-in has no such subscription: the attempt reaches Stripe (and fails there), which is
    // the point: the rule let a platform admin through.
    expect((await selectPlan(asStaff, "lite-2500")).kind).toBe("failed");
    expect(stripe().requests.some((r) => r.path.startsWith("/v1/subscriptions/sub_rules"))).toBe(true);
    expect(logged).toHaveBeenCalledOnce();
  }, 30_000);

  test("a late start: the checkout's subscription begins at the late start date", async () => {
    const { account, admin } = await companyWithAdmin("Late Co");
    const startAt = new Date(Date.now() + 10 * DAY);
    await update(account.id, { accountStatus: "LATE_START", lateStartDate: startAt, planId: "lite-2500" });
    expect((await selectPlan(await memberContext(admin.id), "lite-2500")).kind).toBe("checkout");
    expect(checkoutForm().subscription_data.trial_end).toBe(String(Math.floor(startAt.getTime() / 1000)));
  });

  test("an admin's LATE_START with a plan: a checkout for the company's owner, starting at the date", async () => {
    const { account, admin } = await companyWithAdmin("Admin Late Co");
    const startAt = new Date(Date.now() + 5 * DAY);
    await update(account.id, { accountStatus: "LATE_START", lateStartDate: startAt, planId: "lite-1000" });
    const outcome = await startLateStartCheckout(account.id);
    expect(outcome.kind).toBe("checkout");
    const [session] = stripe().sessions();
    expect(session).toMatchObject({ client_reference_id: account.id, customer_email: admin.email });
    expect(checkoutForm().subscription_data.trial_end).toBe(String(Math.floor(startAt.getTime() / 1000)));
    await update(account.id, { planId: null });
    expect((await startLateStartCheckout(account.id)).kind).toBe("no_plan");
  });

  test("a late start replacing a subscription: the old one is cancelled once the new checkout is paid, once", async () => {
    const { account, admin } = await companyWithAdmin("Replacing Co");
    await selectPlan(await memberContext(admin.id), "lite-1000");
    await stripe().pay(String(stripe().sessions()[0].id));
    const old = stripe().subscriptions()[0];
    await update(account.id, {
      accountStatus: "LATE_START",
      lateStartDate: new Date(Date.now() + 5 * DAY),
      planId: "lite-2500",
      stripeCustomerId: String(old.customer),
      stripeSubscriptionId: String(old.id),
      stripeSubscriptionDetails: { status: "active" },
    });
    expect((await startLateStartCheckout(account.id)).kind).toBe("checkout");
    const replacing = stripe().sessions()[1];
    expect(replacing.metadata).toMatchObject({ replacesSubscription: old.id });
    expect(stripe().subscriptions()[0].status).toBe("active"); // nothing ends before it is paid

    await stripe().pay(String(replacing.id));
    const completed = stripe()
      .events()
      .findLast((e) => e.type === "checkout.session.completed") as unknown as Stripe.Event;
    for (let i = 0; i < 2; i++) {
      await storeStripeEvent(completed);
      await applyStripeEvent(completed.id);
    }
    const [oldAfter, replacement] = stripe().subscriptions();
    expect(oldAfter).toMatchObject({ id: old.id, status: "canceled" });
    expect(replacement.status).toBe("trialing");
    const cancels = stripe().requests.filter(
      (r) => r.method === "DELETE" && r.path === `/v1/subscriptions/${old.id}`,
    );
    expect(cancels).toHaveLength(1);
    const [after] = await getDb().select().from(accounts).where(eq(accounts.id, account.id));
    expect(after).toMatchObject({
      accountStatus: "ACTIVE",
      stripeSubscriptionId: replacement.id,
      planId: "lite-2500",
    });
  });

  test("the portal opens for the company's own Stripe customer; without one it is refused", async () => {
    const { account, admin } = await companyWithAdmin("Portal Co");
    expect(await openBillingPortal(await memberContext(admin.id))).toEqual({ kind: "no_customer" });
    await selectPlan(await memberContext(admin.id), "lite-1000");
    await stripe().pay(String(stripe().sessions()[0].id));
    const customer = String(stripe().subscriptions()[0].customer);
    await update(account.id, { stripeCustomerId: customer });
    const outcome = await openBillingPortal(await memberContext(admin.id));
    expect(outcome.kind).toBe("portal");
    expect(stripe().portalSessions()[0]).toMatchObject({ customer });
  });
});

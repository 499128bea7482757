import { eq } from "drizzle-orm";
import { beforeEach, expect, test } from "vitest";
import { accounts, auditLog } from "#db/schema";
import { seedReferenceData } from "#db/seed";
import { setUpStripeStandIn } from "../../../tests/support/stripe-test-env";
import { companyWithAdmin, memberContext } from "../../../tests/support/team-factories";
import { describeEachDatabase } from "../../../tests/support/test-database";
import { loadBillingTab } from "./billing-tab.server";
import { selectPlan } from "./checkout.server";
import { confirmCheckoutSession } from "./checkout-return.server";

/** The thank-you page: ?stripe_session= is read back from Stripe, never trusted from the URL. */

const stripe = setUpStripeStandIn();

describeEachDatabase("the return from Stripe Checkout", (getDb) => {
  beforeEach(async () => {
    await seedReferenceData(getDb());
  });

  const accountOf = async (id: string) =>
    (await getDb().select().from(accounts).where(eq(accounts.id, id)))[0];

  async function startedCheckout(name: string) {
    const company = await companyWithAdmin(name);
    await getDb()
      .update(accounts)
      .set({ accountStatus: "CREATED" })
      .where(eq(accounts.id, company.account.id));
    const outcome = await selectPlan(await memberContext(company.admin.id), "lite-5000");
    if (outcome.kind !== "checkout") throw new Error(`no checkout: ${outcome.kind}`);
    const sessionId = new URL(outcome.url).pathname.split("/").pop() as string;
    return { ...company, sessionId };
  }

  test("a paid session of this company: the thank-you, and the plan applied at once, audited", async () => {
    const { account, admin, sessionId } = await startedCheckout("Paid Co");
    await stripe().pay(sessionId);
    const member = await memberContext(admin.id);
    expect(await confirmCheckoutSession(member, sessionId)).toBe("paid");
    const after = await accountOf(account.id);
    expect(after).toMatchObject({ accountStatus: "ACTIVE", planId: "lite-5000", plan: "Lite" });
    expect(after.stripeSubscriptionId).toBe(stripe().subscriptions()[0].id);
    expect(after.stripeEventAt).toBeNull(); // the webhook events still apply in their order
    const audit = await getDb().select().from(auditLog).where(eq(auditLog.targetId, account.id));
    expect(audit.map((a) => [a.action, a.actorEmail])).toEqual([["billing.checkout_confirmed", "stripe"]]);

    // Loading the tab again with the same query changes nothing more and thanks again.
    const tab = await loadBillingTab(await memberContext(admin.id), { stripeSession: sessionId });
    expect(tab).toMatchObject({ thankYou: true, manualBilling: false, showsPlanAndUsage: true });
    expect(await getDb().select().from(auditLog).where(eq(auditLog.targetId, account.id))).toHaveLength(1);
  });

  test("a session not yet paid: no thank-you, nothing changes", async () => {
    const { account, admin, sessionId } = await startedCheckout("Unpaid Co");
    expect(await confirmCheckoutSession(await memberContext(admin.id), sessionId)).toBe("pending");
    expect(await accountOf(account.id)).toMatchObject({ accountStatus: "CREATED", planId: null });
    const tab = await loadBillingTab(await memberContext(admin.id), { stripeSession: sessionId });
    expect(tab.thankYou).toBe(false);
  });

  test("another company's paid session: not found, and neither company changes", async () => {
    const first = await startedCheckout("First Co");
    await stripe().pay(first.sessionId);
    const second = await companyWithAdmin("Second Co");
    expect(await confirmCheckoutSession(await memberContext(second.admin.id), first.sessionId)).toBe(
      "not_found",
    );
    expect((await accountOf(second.account.id)).planId).toBeNull();
    expect((await accountOf(first.account.id)).planId).toBeNull();
  });

  test("a made-up or malformed session id: not found, Stripe asked at most once", async () => {
    const { admin } = await companyWithAdmin("Curious Co");
    const member = await memberContext(admin.id);
    expect(await confirmCheckoutSession(member, "cs_test_doesnotexist")).toBe("not_found");
    const before = stripe().requests.length;
    for (const bogus of ["", "../../v1/customers", "cs_<script>", `cs_${"a".repeat(300)}`])
      expect(await confirmCheckoutSession(member, bogus), bogus).toBe("not_found");
    expect(stripe().requests.length).toBe(before);
  });
});

import { inArray } from "drizzle-orm";
import { afterEach, beforeEach, expect, test } from "vitest";
import { accounts, messageUsage } from "#db/schema";
import { seedReferenceData } from "#db/seed";
import { resetConfigForTests } from "~/config.server";
import { loader as settingsLoader } from "~/routes/settings/settings";
import { addMembership, createAccount, createUser } from "../../../tests/support/factories";
import { companyWithAdmin, createMember, memberContext } from "../../../tests/support/team-factories";
import { describeEachDatabase } from "../../../tests/support/test-database";
import { roAdminViewCookie } from "../../../tests/support/view-as";
import { type BillingTabData, loadBillingTab, type PlanChooserView } from "./billing-tab.server";

const now = new Date("2026-11-20T12:00:00Z");

function chooser(data: BillingTabData): PlanChooserView {
  if (data.manualBilling) throw new Error("expected the plan chooser, got the manual-billing placeholder");
  return data;
}

/** A platform roadmin viewing the company as RO Admin: the settings loader's answer for ?tab=billing. */
async function billingTabAsRoAdmin(accountId: string) {
  const request = new Request("http://localhost:3000/settings?tab=billing", {
    headers: { Cookie: await roAdminViewCookie(accountId) },
  });
  return settingsLoader({ request, params: {}, context: {} } as never);
}

describeEachDatabase("the Billing tab's data", (getDb) => {
  beforeEach(async () => {
    await seedReferenceData(getDb());
  });
  afterEach(() => {
    delete process.env.STRIPE_SECRET_KEY;
    delete process.env.BILLING_SUPPORT_EMAIL;
    resetConfigForTests();
  });

  test("a new company: every tier, no plan, no usage, card billing not configured", async () => {
    const a = await companyWithAdmin();
    const created = await createAccount({ accountStatus: "CREATED" });
    const user = await createUser();
    await getDb().insert(messageUsage).values({
      accountId: created.id,
      periodStart: "2026-11-01",
      channel: "sms",
      messages: 3,
    });
    await addMembership(user.id, created.id, { isCompanyAdmin: true });
    const data = chooser(await loadBillingTab(await memberContext(user.id), { now }));
    expect(data.choosablePlans.map((p) => p.id)).toEqual([
      "lite-1000",
      "lite-2500",
      "lite-5000",
      "lite-10000",
      "standard-25000",
      "standard-50000",
      "pro-100000",
    ]);
    expect(data.plans.map((p) => p.id)).toContain("0");
    expect(data).toMatchObject({
      isStoreAccount: false,
      currentPlan: null,
      accountStatus: "CREATED",
      showsPlanAndUsage: false,
      usage: [],
      can: { billingWrite: true },
      cardBilling: "not_configured",
      hasPortal: false,
      thankYou: false,
    });
    expect(Object.values(data.planChoices)).toEqual(Array(7).fill("select"));
    // A company with no status problem but no plan shows no usage either.
    expect(chooser(await loadBillingTab(a.context, { now })).showsPlanAndUsage).toBe(false);
  });

  test("usage is the company's own: another company's messages never show", async () => {
    const a = await companyWithAdmin();
    const b = await companyWithAdmin();
    await getDb()
      .update(accounts)
      .set({ planId: "lite-1000" })
      .where(inArray(accounts.id, [a.account.id, b.account.id]));
    await getDb()
      .insert(messageUsage)
      .values([
        { accountId: a.account.id, periodStart: "2026-10-01", channel: "sms", messages: 1_200 },
        { accountId: a.account.id, periodStart: "2026-11-01", channel: "sms", messages: 40 },
        { accountId: a.account.id, periodStart: "2026-11-01", channel: "email", messages: 2 },
        { accountId: b.account.id, periodStart: "2026-11-01", channel: "sms", messages: 9_999 },
        { accountId: b.account.id, periodStart: "2026-09-01", channel: "sms", messages: 77 },
      ]);
    const data = chooser(await loadBillingTab(await memberContext(a.admin.id), { now }));
    expect(data.showsPlanAndUsage).toBe(true);
    expect(data.currentPlan?.id).toBe("lite-1000");
    expect(data.usage.map((u) => [u.periodStart, u.periodEnd, u.totalUsage, u.overageMessages])).toEqual([
      ["2026-11-01", "2026-11-30", 42, 0],
      ["2026-10-01", "2026-10-31", 1_200, 200],
    ]);
  });

  test("a member outside the admin group goes through support for a plan at or below the current one", async () => {
    const account = await createAccount({ planId: "lite-5000", stripeSubscriptionId: "sub_1" });
    const member = await createMember(account.id);
    const admin = await createUser({ roles: ["admin"] });
    await addMembership(admin.id, account.id);

    const asMember = chooser(await loadBillingTab(await memberContext(member.id), { now }));
    expect(asMember.planChoices).toMatchObject({
      "lite-1000": "support",
      "lite-2500": "support",
      "lite-5000": "support",
      "lite-10000": "select",
      "pro-100000": "select",
    });
    const asAdmin = chooser(await loadBillingTab(await memberContext(admin.id), { now }));
    expect(asAdmin.planChoices).toMatchObject({
      "lite-1000": "select",
      "lite-5000": "current",
      "lite-10000": "select",
    });
  });

  test("a store account sees the $25 tier and is told the store billing is not connected", async () => {
    process.env.STRIPE_SECRET_KEY = "sk_test_123";
    resetConfigForTests();
    const store = await createAccount({ source: "shopify", planId: "lite-5000", stripeCustomerId: "cus_1" });
    const member = await createMember(store.id);
    const data = chooser(await loadBillingTab(await memberContext(member.id), { now }));
    expect(data.choosablePlans[0].id).toBe("lite-250");
    expect(data.choosablePlans).toHaveLength(8);
    // No installed store (no store profile): billing through the store is not connected.
    expect(data.cardBilling).toBe("store_not_connected");
    expect(data.hasPortal).toBe(true);
    // A store profile skips the price rule.
    expect(data.planChoices["lite-1000"]).toBe("select");

    const web = await companyWithAdmin();
    expect(chooser(await loadBillingTab(web.context, { now })).cardBilling).toBe("stripe");
  });

  test("manual billing shows only whom to write to", async () => {
    process.env.BILLING_SUPPORT_EMAIL = "billing@example.com";
    resetConfigForTests();
    const account = await createAccount({ manualBilling: true, planId: "lite-5000" });
    const member = await createMember(account.id);
    expect(await loadBillingTab(await memberContext(member.id), { now })).toEqual({
      manualBilling: true,
      billingSupportEmail: "billing@example.com",
      thankYou: false,
    });
  });

  test("an RO Admin viewing a company gets its data with every billing control off", async () => {
    const a = await companyWithAdmin();
    const answer = (await billingTabAsRoAdmin(a.account.id)) as { tab: string; billing: BillingTabData };
    expect(answer.tab).toBe("billing");
    const data = chooser(answer.billing);
    expect(data.can.billingWrite).toBe(false);
    expect(data.choosablePlans).toHaveLength(7);
  });
});

import { eq } from "drizzle-orm";
import { beforeEach, expect, test } from "vitest";
import { auditLog, storeProfiles } from "#db/schema";
import { seedReferenceData } from "#db/seed";
import {
  accountRow,
  answerConfirmation,
  profileRow,
  storeCompany,
} from "../../../tests/support/shopify-billing";
import { setUpShopifyStandIn } from "../../../tests/support/shopify-test-env";
import { describeEachDatabase } from "../../../tests/support/test-database";
import { loadBillingTab } from "./billing-tab.server";
import { cancelStorePlan, selectPlan } from "./checkout.server";
import { shopifyStoreBilling } from "./shopify-store-billing.server";
import type { StoreDetails } from "./shopify-subscription-rules";
import { applyShopifySubscriptionUpdate, cancelShopifySubscription } from "./shopify-subscriptions.server";
import { storeBilling } from "./store-billing";

/**
 * Select Plan, the return from Shopify's confirmation, app_subscriptions/update and cancel for a
 * store account, through the real @shopify/shopify-api billing calls against the Shopify stand-in.
 */

const shopify = setUpShopifyStandIn();

const webhook = (id: string, status: string, updatedAt: string, name = "Lite-1000-$199") => ({
  app_subscription: {
    admin_graphql_api_id: id,
    name,
    status,
    admin_graphql_api_shop_id: "gid://shopify/Shop/1",
    created_at: "2025-06-01T00:00:00Z",
    updated_at: updatedAt,
    currency: "USD",
  },
});

describeEachDatabase("Shopify billing for store accounts", (getDb) => {
  beforeEach(async () => {
    await seedReferenceData(getDb());
  });

  test("Select Plan is answered by the Shopify branch, registered where Select Plan lives", () => {
    expect(storeBilling()).toBe(shopifyStoreBilling);
  });

  test("Select Plan creates the app subscription with the store price list and sends the merchant to Shopify", async () => {
    const stand = shopify();
    const store = await storeCompany(stand);
    const outcome = await selectPlan(await store.context(), "lite-1000");
    const [subscription] = stand.store.subscriptions;
    expect(outcome).toEqual({
      kind: "store_confirmation",
      url: `${stand.url}/${store.shop}/admin/charges/confirm?id=${subscription.legacyId}&kind=subscription`,
    });
    expect(subscription).toMatchObject({
      name: "Lite-1000-$199",
      status: "PENDING",
      test: true,
      replacementBehavior: "APPLY_IMMEDIATELY",
      returnUrl: expect.stringMatching(/\/settings\?tab=billing$/),
    });
    expect(subscription.lineItems).toEqual([
      expect.objectContaining({ kind: "recurring", price: { amount: 199, currencyCode: "USD" } }),
      expect.objectContaining({
        kind: "usage",
        cappedAmount: { amount: 600, currencyCode: "USD" },
        terms: "$0.60 per message beyond 1,000 messages a month, at most $600.00 every 30 days",
      }),
    ]);
    // Nothing changes until the merchant approves; plan_details keeps the charge and its link.
    expect(await accountRow(store.account.id)).toMatchObject({
      accountStatus: "CREATED",
      shopifyPlanId: null,
    });
    const tab = await loadBillingTab(await store.context());
    expect(!tab.manualBilling && tab.storePlan?.pending).toEqual({
      planName: "Lite-1000-$199",
      confirmationUrl: outcome.kind === "store_confirmation" ? outcome.url : "",
    });
    const details = (await profileRow(store.shop)).planDetails as StoreDetails;
    expect(details.pending).toMatchObject({
      subscriptionId: subscription.id,
      planId: "lite-1000",
      priceCents: 19_900,
      cappedAmountCents: 60_000,
      confirmationUrl: outcome.kind === "store_confirmation" ? outcome.url : "",
      usageLineItemId: subscription.lineItems[1].id,
    });
  });

  test("asked from inside the Shopify admin, the charge comes back into the admin's app", async () => {
    const stand = shopify();
    const store = await storeCompany(stand);
    const outcome = await selectPlan(await store.context(), "lite-1000", new Date(), {
      embeddedShop: store.shop,
    });
    expect(outcome.kind).toBe("store_confirmation");
    expect(stand.store.subscriptions[0].returnUrl).toBe(
      "https://admin.shopify.com/store/demo-shop/apps/blusteam-test-api-key/settings?tab=billing",
    );
  });

  test("the $25 plan is a store plan; SHOPIFY_BILLING_TEST=false asks for real charges", async () => {
    const stand = shopify();
    const store = await storeCompany(stand);
    process.env.SHOPIFY_BILLING_TEST = "false";
    try {
      const { resetConfigForTests } = await import("~/config.server");
      resetConfigForTests();
      expect((await selectPlan(await store.context(), "lite-250")).kind).toBe("store_confirmation");
    } finally {
      delete process.env.SHOPIFY_BILLING_TEST;
    }
    expect(stand.store.subscriptions[0]).toMatchObject({ name: "Lite-250-$25", test: false });
  });

  test("back from the confirmation: Shopify is asked, and the tab shows the plan at once", async () => {
    const stand = shopify();
    const store = await storeCompany(stand);
    const outcome = await selectPlan(await store.context(), "lite-2500");
    if (outcome.kind !== "store_confirmation") throw new Error(outcome.kind);
    const back = await answerConfirmation(stand, outcome.url, true);
    expect(back.pathname + back.search).toMatch(/^\/settings\?tab=billing&charge_id=\d+$/);

    const tab = await loadBillingTab(await store.context(), {
      shopifyChargeId: back.searchParams.get("charge_id"),
    });
    if (tab.manualBilling) throw new Error("manual billing");
    expect(tab.currentPlan?.id).toBe("lite-2500");
    expect(tab.showsPlanAndUsage).toBe(true);
    expect(tab.storePlan).toEqual({ cancellable: true, pending: null });
    expect(tab.planChoices["lite-2500"]).toBe("current");
    const [subscription] = stand.store.subscriptions;
    expect(await accountRow(store.account.id)).toMatchObject({
      accountStatus: "ACTIVE",
      planId: "lite-2500",
      plan: "Lite",
      shopifyPlanId: subscription.id,
    });
    const details = (await profileRow(store.shop)).planDetails as StoreDetails;
    expect(details).toMatchObject({ subscriptionId: subscription.id, status: "ACTIVE", planId: "lite-2500" });
    expect(details.pending).toBeUndefined();
  });

  test("test billing off (a deployed server): a test subscription never activates a plan, a real one does", async () => {
    const stand = shopify();
    const store = await storeCompany(stand);
    // Asked for while test billing was on (the old default of deployed servers): a test charge.
    const asked = await selectPlan(await store.context(), "lite-1000");
    if (asked.kind !== "store_confirmation") throw new Error(asked.kind);
    const { resetConfigForTests } = await import("~/config.server");
    process.env.SHOPIFY_BILLING_TEST = "false";
    resetConfigForTests();
    try {
      const back = await answerConfirmation(stand, asked.url, true);
      const [testCharge] = stand.store.subscriptions;
      expect(testCharge).toMatchObject({ status: "ACTIVE", test: true });
      // Neither the merchant's return nor Shopify's webhook (whose payload does not say) activates it.
      await loadBillingTab(await store.context(), { shopifyChargeId: back.searchParams.get("charge_id") });
      expect(
        await applyShopifySubscriptionUpdate(
          store.shop,
          webhook(testCharge.id, "ACTIVE", "2025-06-01T10:00:00Z"),
        ),
      ).toBe("ignored: a test subscription while test billing is off");
      // One Shopify does not know (nor we): not known to be paid, so not activated either.
      expect(
        await applyShopifySubscriptionUpdate(
          store.shop,
          webhook("gid://shopify/AppSubscription/404", "ACTIVE", "2025-06-01T11:00:00Z"),
        ),
      ).toBe("ignored: not known to be a real charge while test billing is off");
      expect(await accountRow(store.account.id)).toMatchObject({
        accountStatus: "CREATED",
        shopifyPlanId: null,
        planId: null,
      });

      const real = await selectPlan(await store.context(), "lite-2500");
      if (real.kind !== "store_confirmation") throw new Error(real.kind);
      const realCharge = stand.store.subscriptions[1];
      expect(realCharge).toMatchObject({ test: false });
      await answerConfirmation(stand, real.url, true);
      expect(
        await applyShopifySubscriptionUpdate(
          store.shop,
          webhook(realCharge.id, "ACTIVE", "2025-06-01T12:00:00Z", realCharge.name),
        ),
      ).toBe("applied: ACTIVE on lite-2500");
      expect(await accountRow(store.account.id)).toMatchObject({
        accountStatus: "ACTIVE",
        shopifyPlanId: realCharge.id,
        planId: "lite-2500",
      });
    } finally {
      delete process.env.SHOPIFY_BILLING_TEST;
      resetConfigForTests();
    }
  });

  test("a declined charge changes nothing, and a made-up charge_id is not believed", async () => {
    const stand = shopify();
    const store = await storeCompany(stand);
    const outcome = await selectPlan(await store.context(), "lite-1000");
    if (outcome.kind !== "store_confirmation") throw new Error(outcome.kind);
    const back = await answerConfirmation(stand, outcome.url, false);
    for (const chargeId of [back.searchParams.get("charge_id"), "999999", "not-a-number"]) {
      const tab = await loadBillingTab(await store.context(), { shopifyChargeId: chargeId });
      if (tab.manualBilling) throw new Error("manual billing");
      expect(tab.showsPlanAndUsage).toBe(false);
    }
    expect(await accountRow(store.account.id)).toMatchObject({
      accountStatus: "CREATED",
      shopifyPlanId: null,
    });
    // Shopify says it was declined: the change no longer waits for approval on the tab.
    expect(((await profileRow(store.shop)).planDetails as StoreDetails).pending).toBeUndefined();
  });

  test("app_subscriptions/update: ACTIVE, replays and older updates, FROZEN, CANCELLED; audited as 'shopify'", async () => {
    const stand = shopify();
    const store = await storeCompany(stand);
    const S1 = "gid://shopify/AppSubscription/501";
    const apply = (payload: ReturnType<typeof webhook>) =>
      applyShopifySubscriptionUpdate(store.shop, payload);

    expect(await apply(webhook(S1, "ACTIVE", "2025-06-01T10:00:00Z"))).toBe("applied: ACTIVE on lite-1000");
    expect(await accountRow(store.account.id)).toMatchObject({
      accountStatus: "ACTIVE",
      planId: "lite-1000",
      shopifyPlanId: S1,
    });
    // The same update again (a replay the webhook table did not catch) changes nothing more.
    expect(await apply(webhook(S1, "ACTIVE", "2025-06-01T10:00:00Z"))).toBe(
      "applied: ACTIVE on lite-1000 (company unchanged)",
    );
    expect(await apply(webhook(S1, "FROZEN", "2025-06-02T10:00:00Z"))).toBe(
      "applied: FROZEN: PENDING_PAYMENT",
    );
    // An older update arriving late never moves the company back.
    expect(await apply(webhook(S1, "ACTIVE", "2025-06-01T12:00:00Z"))).toBe(
      "ignored: older than the last applied update",
    );
    expect((await accountRow(store.account.id)).accountStatus).toBe("PENDING_PAYMENT");
    expect(await apply(webhook(S1, "CANCELLED", "2025-06-03T10:00:00Z"))).toBe(
      "applied: CANCELLED: CANCELLED",
    );
    expect(await accountRow(store.account.id)).toMatchObject({
      accountStatus: "CANCELLED",
      shopifyPlanId: null,
    });
    // A cancelled subscription never comes back, even with a newer time.
    expect(await apply(webhook(S1, "ACTIVE", "2025-06-04T10:00:00Z"))).toMatch(
      /^ignored: the subscription has ended/,
    );

    const audit = await getDb().select().from(auditLog).where(eq(auditLog.targetId, store.account.id));
    expect(
      audit.map((a) => [a.actorEmail, a.action, (a.after as { accountStatus: string }).accountStatus]),
    ).toEqual([
      ["shopify", "billing.shopify_subscription", "ACTIVE"],
      ["shopify", "billing.shopify_subscription", "PENDING_PAYMENT"],
      ["shopify", "billing.shopify_subscription", "CANCELLED"],
    ]);
  });

  test("a manually billed company is never moved; an unknown shop or payload is ignored in words", async () => {
    const stand = shopify();
    const store = await storeCompany(stand, { account: { manualBilling: true, accountStatus: "ACTIVE" } });
    const S1 = "gid://shopify/AppSubscription/777";
    expect(
      await applyShopifySubscriptionUpdate(store.shop, webhook(S1, "CANCELLED", "2025-06-01T00:00:00Z")),
    ).toBe("ignored: manual billing: not changed");
    expect((await accountRow(store.account.id)).accountStatus).toBe("ACTIVE");
    expect(
      await applyShopifySubscriptionUpdate(
        "other.myshopify.com",
        webhook(S1, "ACTIVE", "2025-06-01T00:00:00Z"),
      ),
    ).toBe("ignored: no store profile for this shop");
    expect(await applyShopifySubscriptionUpdate(store.shop, { nothing: true })).toBe(
      "ignored: not an app subscription payload",
    );
  });

  test("cancel: Shopify cancels the subscription and the company shows no plan at once", async () => {
    const stand = shopify();
    const store = await storeCompany(stand);
    const outcome = await selectPlan(await store.context(), "lite-1000");
    if (outcome.kind !== "store_confirmation") throw new Error(outcome.kind);
    const back = await answerConfirmation(stand, outcome.url, true);
    await loadBillingTab(await store.context(), { shopifyChargeId: back.searchParams.get("charge_id") });

    expect(await cancelStorePlan(await store.context())).toEqual({ kind: "cancelled" });
    expect(stand.store.subscriptions[0].status).toBe("CANCELLED");
    expect(await accountRow(store.account.id)).toMatchObject({
      accountStatus: "CANCELLED",
      shopifyPlanId: null,
    });
    const tab = await loadBillingTab(await store.context());
    if (tab.manualBilling) throw new Error("manual billing");
    expect(tab.showsPlanAndUsage).toBe(false);
    expect(tab.storePlan?.cancellable).toBe(false);
    // Who asked, and what Shopify applied.
    const audit = await getDb().select().from(auditLog).where(eq(auditLog.targetId, store.account.id));
    expect(audit.map((a) => [a.actorEmail, a.action])).toEqual(
      expect.arrayContaining([
        [store.admin.email, "billing.store_plan_cancel"],
        ["shopify", "billing.shopify_subscription"],
      ]),
    );
    // Nothing left to cancel.
    expect(await cancelStorePlan(await store.context())).toEqual({ kind: "no_store_plan" });
  });

  test("disconnect of an uninstalled store (no session): Shopify ended the charge, our record follows", async () => {
    const stand = shopify();
    const S1 = "gid://shopify/AppSubscription/888";
    const store = await storeCompany(stand, {
      account: { accountStatus: "ACTIVE", shopifyPlanId: S1, planId: "lite-1000", plan: "Lite" },
      planDetails: { subscriptionId: S1, status: "ACTIVE", name: "Lite-1000-$199" },
    });
    await getDb()
      .update(storeProfiles)
      .set({ enabled: false })
      .where(eq(storeProfiles.shopDomain, store.shop));
    await cancelShopifySubscription(store);
    expect(await accountRow(store.account.id)).toMatchObject({
      accountStatus: "CANCELLED",
      shopifyPlanId: null,
    });
    expect(stand.requests.filter((r) => r.path.includes("graphql"))).toHaveLength(0);
  });

  test("a store account without an installed store, or a server without Shopify, is told so", async () => {
    const stand = shopify();
    const store = await storeCompany(stand);
    await getDb()
      .update(storeProfiles)
      .set({ enabled: false })
      .where(eq(storeProfiles.shopDomain, store.shop));
    expect(await selectPlan(await store.context(), "lite-1000")).toEqual({ kind: "store_not_connected" });
    await getDb()
      .update(storeProfiles)
      .set({ enabled: true })
      .where(eq(storeProfiles.shopDomain, store.shop));
    delete process.env.SHOPIFY_API_KEY;
    const { resetConfigForTests } = await import("~/config.server");
    resetConfigForTests();
    expect(await selectPlan(await store.context(), "lite-1000")).toEqual({ kind: "store_not_configured" });
    const tab = await loadBillingTab(await store.context());
    expect(!tab.manualBilling && tab.cardBilling).toBe("store_not_configured");
  });
});

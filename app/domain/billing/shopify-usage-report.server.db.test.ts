import { eq, sql } from "drizzle-orm";
import { afterEach, beforeEach, expect, test, vi } from "vitest";
import { accounts, shopifyUsageRecords } from "#db/schema";
import { seedReferenceData } from "#db/seed";
import { shopifyApiOrNull, shopifySessionStorage } from "~/services/shopify/shopify.server";
import { recordSentMessages } from "../../../tests/support/billing-usage";
import { subscribedStoreCompany } from "../../../tests/support/shopify-billing";
import { setUpShopifyStandIn } from "../../../tests/support/shopify-test-env";
import { describeEachDatabase } from "../../../tests/support/test-database";
import { queueShopifyOverage } from "./shopify-usage-queue.server";
import { runShopifyUsageReport, STALE_CLAIM_MS, usageDescription } from "./shopify-usage-report.server";

/**
 * Overage as Shopify usage records through the library's billing.createUsageRecord against the
 * stand-in: one record per overage message at the tier's overage price, never twice, whatever is
 * lost on the way (the library ignores the idempotency key: our rows are the dedupe).
 */

const shopify = setUpShopifyStandIn();
const OVERAGE = 5;
const later = () => new Date(Date.now() + STALE_CLAIM_MS + 60_000);

describeEachDatabase("Shopify usage records", (getDb) => {
  beforeEach(async () => {
    await seedReferenceData(getDb());
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });

  /** The reporter logs what Shopify refused or left unanswered (with an error id): expected here. */
  const expectWarnings = () => vi.spyOn(console, "warn").mockImplementation(() => {});

  /** A store on the $25 plan (250 messages included, $0.60 overage) that sent 250 + OVERAGE messages. */
  async function storeWithOverage() {
    const store = await subscribedStoreCompany(shopify(), "lite-250");
    const messageIds = await recordSentMessages(getDb(), store.account.id, 250 + OVERAGE, new Date());
    return { ...store, messageIds };
  }

  const rows = (accountId: string) =>
    getDb().select().from(shopifyUsageRecords).where(eq(shopifyUsageRecords.accountId, accountId));

  /** Each message id the stand-in's usage records name, with how many records name it. */
  function chargesPerMessage() {
    const counts = new Map<string, number>();
    for (const record of shopify().store.usageRecords) {
      const id = /\(ref ([0-9a-f-]{36})\)$/.exec(record.description)?.[1] ?? record.description;
      counts.set(id, (counts.get(id) ?? 0) + 1);
    }
    return counts;
  }

  test("each overage message becomes one usage record at the tier's overage price, once", async () => {
    const store = await storeWithOverage();
    const first = await runShopifyUsageReport();
    expect(first).toMatchObject({ queued: OVERAGE, reported: OVERAGE, refused: 0, unavailable: 0 });
    const records = shopify().store.usageRecords;
    expect(records).toHaveLength(OVERAGE);
    const usageLine = store.subscription.lineItems.find((i) => i.kind === "usage");
    for (const record of records) {
      expect(record.price).toEqual({ amount: 0.6, currencyCode: "USD" });
      expect(record.subscriptionLineItemId).toBe(usageLine?.id);
      expect(record.description).toMatch(/^Blusteam overage message, \d{4}-\d{2} \(ref [0-9a-f-]{36}\)$/);
    }
    const stored = await rows(store.account.id);
    expect(stored).toHaveLength(OVERAGE);
    // The newest messages are the overage ones, each charged by its own record.
    expect(new Set(stored.map((r) => r.messageId))).toEqual(new Set(chargesPerMessage().keys()));
    for (const row of stored) {
      expect(row).toMatchObject({ priceCents: 60, shop: store.shop, error: null });
      expect(row.reportedAt).not.toBeNull();
      expect(records.map((r) => r.id)).toContain(row.shopifyRecordId);
    }

    // Again: nothing new is owed, nothing is sent.
    expect(await runShopifyUsageReport()).toMatchObject({ queued: 0, reported: 0 });
    expect(shopify().store.usageRecords).toHaveLength(OVERAGE);
  });

  test("a claim whose answer was lost: found at Shopify it is kept, not found it is sent again; never twice", async () => {
    const store = await storeWithOverage();
    expect(await queueShopifyOverage(new Date())).toBe(OVERAGE);
    const [recordedButLost, neverSent, fresh] = (await rows(store.account.id)).map((r) => r);
    // Two workers killed mid-call long ago: one after Shopify recorded the charge, one before.
    const claimedAt = new Date(Date.now() - 5 * 60_000);
    for (const row of [recordedButLost, neverSent, fresh])
      await getDb()
        .update(shopifyUsageRecords)
        .set({ reportedAt: row === fresh ? new Date() : claimedAt })
        .where(eq(shopifyUsageRecords.messageId, row.messageId));
    const api = shopifyApiOrNull();
    const session = await shopifySessionStorage.loadSession(`offline_${store.shop}`);
    if (!api || !session) throw new Error("no Shopify");
    await api.billing.createUsageRecord({
      session,
      description: usageDescription({
        message_id: recordedButLost.messageId,
        period_start: recordedButLost.periodStart,
      }),
      price: { amount: 0.6, currencyCode: "USD" },
      isTest: true,
    });

    // Soon after: the claims are not stale yet, so only the two unclaimed rows are sent.
    expect(await runShopifyUsageReport()).toMatchObject({ recovered: 0, released: 0, reported: OVERAGE - 3 });
    // Later: the lost answers are settled with Shopify, then the rest is sent.
    const settled = await runShopifyUsageReport({ now: later() });
    expect(settled).toMatchObject({ recovered: 1, released: 2, reported: 2 });
    const charges = chargesPerMessage();
    expect(charges.size).toBe(OVERAGE);
    expect([...charges.values()].every((n) => n === 1)).toBe(true);
    const stored = await rows(store.account.id);
    expect(stored.every((r) => r.shopifyRecordId)).toBe(true);
    expect(await runShopifyUsageReport({ now: later() })).toMatchObject({
      reported: 0,
      recovered: 0,
      released: 0,
    });
  });

  test("Shopify unreachable mid-call (a 500): the claim waits for reconciliation instead of a blind resend", async () => {
    const store = await storeWithOverage();
    const warnings = expectWarnings();
    shopify().failNextGraphql({ status: 500 });
    const first = await runShopifyUsageReport();
    expect(first).toMatchObject({ queued: OVERAGE, reported: 0, unavailable: 1 });
    const claimed = (await rows(store.account.id)).filter((r) => r.reportedAt && !r.shopifyRecordId);
    expect(claimed).toHaveLength(1);
    expect(String(warnings.mock.calls[0]?.[0])).toContain("left for reconciliation");
    // The next runs send the rest; the claim is released only once Shopify shows it has no record.
    expect(await runShopifyUsageReport()).toMatchObject({ reported: OVERAGE - 1, released: 0 });
    expect(await runShopifyUsageReport({ now: later() })).toMatchObject({ released: 1, reported: 1 });
    expect([...chargesPerMessage().values()]).toEqual(Array(OVERAGE).fill(1));
  });

  test("refused by Shopify (the subscription not active there): released with the reason, tried again later", async () => {
    const store = await storeWithOverage();
    const warnings = expectWarnings();
    await shopify().control("POST", "/subscriptions/status", { id: store.subscription.id, status: "FROZEN" });
    const first = await runShopifyUsageReport();
    expect(first).toMatchObject({ queued: OVERAGE, reported: 0, refused: 1 });
    const refused = (await rows(store.account.id)).filter((r) => r.error);
    expect(refused).toHaveLength(1);
    expect(refused[0]).toMatchObject({ reportedAt: null, shopifyRecordId: null });
    expect(refused[0].error).toContain("The subscription is not active");
    expect(String(warnings.mock.calls[0]?.[0])).toContain("Shopify refused the usage record");
    await shopify().control("POST", "/subscriptions/status", { id: store.subscription.id, status: "ACTIVE" });
    expect(await runShopifyUsageReport()).toMatchObject({ reported: OVERAGE });
  });

  test("nothing is queued for a manually billed store, or one without an active subscription", async () => {
    const store = await storeWithOverage();
    await getDb().update(accounts).set({ manualBilling: true }).where(eq(accounts.id, store.account.id));
    expect(await runShopifyUsageReport()).toMatchObject({ queued: 0, reported: 0 });
    await getDb()
      .update(accounts)
      .set({ manualBilling: false, shopifyPlanId: null })
      .where(eq(accounts.id, store.account.id));
    expect(await runShopifyUsageReport()).toMatchObject({ queued: 0, reported: 0 });
    expect(await getDb().$count(shopifyUsageRecords)).toBe(0);
    expect(shopify().store.usageRecords).toHaveLength(0);
    // Sanity: the same store with its subscription back is billed.
    await getDb()
      .update(accounts)
      .set({ shopifyPlanId: store.subscription.id })
      .where(eq(accounts.id, store.account.id));
    expect(await runShopifyUsageReport()).toMatchObject({ queued: OVERAGE, reported: OVERAGE });
    expect(await getDb().execute(sql`select 1`)).toBeTruthy();
  });
});

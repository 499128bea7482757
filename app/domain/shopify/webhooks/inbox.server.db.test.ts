import { expect, test } from "vitest";
import { shopifyWebhooks } from "#db/schema";
import { jobs, stopJobs } from "~/services/jobs/jobs.server";
import { SHOPIFY_WEBHOOK_API_VERSION } from "~/services/shopify/api-versions";
import { describeEachDatabase } from "../../../../tests/support/test-database";
import {
  type AcceptedWebhook,
  acceptShopifyWebhook,
  acceptShopifyWebhooks,
  applyShopifyWebhook,
} from "./inbox.server";

const delivery = (webhookId: string): AcceptedWebhook => ({
  webhookId,
  shop: "intake-shop.myshopify.com",
  topic: "shop/update",
  apiVersion: SHOPIFY_WEBHOOK_API_VERSION,
  payload: { name: `Shop ${webhookId}` },
  triggeredAt: null,
});

describeEachDatabase("the Shopify webhook intake", (getDb) => {
  const queued = async () => {
    const boss = await jobs();
    const { rows } = await boss
      .getDb()
      .executeSql("select data from pgboss.job where name = 'shopify-webhook' order by created_on", []);
    return (rows as { data: { webhookId: string } }[]).map((r) => r.data.webhookId).sort();
  };

  test("a batch is stored once per id and queued once per id not yet applied; replays are told apart", async () => {
    try {
      await acceptShopifyWebhooks([delivery("applied")]);
      await applyShopifyWebhook("applied");
      expect(await acceptShopifyWebhooks([delivery("pending")])).toEqual(["stored"]);

      const outcomes = await acceptShopifyWebhooks([
        delivery("new-1"),
        delivery("applied"),
        delivery("pending"),
        delivery("new-1"),
        delivery("new-2"),
      ]);
      expect(outcomes).toEqual(["stored", "replay", "pending", "pending", "stored"]);
      expect(await getDb().$count(shopifyWebhooks)).toBe(4);
      // "applied" was queued by its first delivery only; "pending" twice (its job may have been lost).
      expect(await queued()).toEqual(["applied", "new-1", "new-2", "pending", "pending"]);
    } finally {
      await stopJobs();
    }
  });

  test("deliveries arriving together are written together, each caller getting its own outcome", async () => {
    try {
      const outcomes = await Promise.all(
        ["a", "b", "c", "a", "d"].map((id) => acceptShopifyWebhook(delivery(`together-${id}`))),
      );
      expect(outcomes.filter((o) => o === "stored")).toHaveLength(4);
      expect(outcomes[3]).toBe("pending");
      expect(await getDb().$count(shopifyWebhooks)).toBe(4);
      // The first is written at once, alone; the rest wait for it and go in one batch, where the second
      // "a" finds the first stored but not applied: queued again, as a retry from Shopify would be.
      expect((await queued()).filter((id) => id.startsWith("together-"))).toEqual([
        "together-a",
        "together-a",
        "together-b",
        "together-c",
        "together-d",
      ]);
    } finally {
      await stopJobs();
    }
  });

  test("the same body for the same shop and topic under another id is a duplicate, neither stored nor queued", async () => {
    try {
      const body = (webhookId: string, shop = "intake-shop.myshopify.com"): AcceptedWebhook => ({
        ...delivery(webhookId),
        shop,
        payload: { name: "One body" },
      });
      expect(await acceptShopifyWebhooks([body("first"), body("copy-in-batch")])).toEqual([
        "stored",
        "duplicate",
      ]);
      expect(await acceptShopifyWebhook(body("copy-later"))).toBe("duplicate");
      // Another shop's delivery of the same body is stored (and refused when applied: payload-shop).
      expect(await acceptShopifyWebhook(body("elsewhere", "another-shop.myshopify.com"))).toBe("stored");
      expect((await getDb().select().from(shopifyWebhooks)).map((r) => r.webhookId).sort()).toEqual([
        "elsewhere",
        "first",
      ]);
      const ofThisTest = new Set(["first", "copy-in-batch", "copy-later", "elsewhere"]);
      expect((await queued()).filter((id) => ofThisTest.has(id))).toEqual(["elsewhere", "first"]);
    } finally {
      await stopJobs();
    }
  });
});

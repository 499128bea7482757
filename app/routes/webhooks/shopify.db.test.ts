import { eq, sql } from "drizzle-orm";
import { afterEach, expect, test } from "vitest";
import { auditLog, shopifySessions, shopifyWebhooks, storeProfiles } from "#db/schema";
import { resetConfigForTests } from "~/config.server";
import { requeueUnappliedShopifyWebhooks, storeShopifyWebhook } from "~/domain/shopify/webhooks/inbox.server";
import { shopifyWebhookLimits, shopifyWebhookRateRules } from "~/domain/shopify/webhooks/rate-limits.server";
import type { MemoryRateLimit } from "~/services/http/memory-rate-limit.server";
import { jobs, startWorker, stopJobs } from "~/services/jobs/jobs.server";
import { SHOPIFY_WEBHOOK_API_VERSION } from "~/services/shopify/api-versions";
import { jobHandlers, workerStartHooks } from "~/worker-handlers.server";
import { createAccount } from "../../../tests/support/factories";
import { createShopifySession, createStoreProfile } from "../../../tests/support/shopify-store-rows";
import {
  configureShopifyTestApp,
  routeArgs,
  SHOPIFY_TEST_APP,
  shopifyDelivery,
  TEST_SHOP,
} from "../../../tests/support/shopify-webhook-requests";
import { signedWebhook } from "../../../tests/support/stand-ins/shopify-signing";
import { describeEachDatabase } from "../../../tests/support/test-database";
import { waitFor } from "../../../tests/support/wait-for";
import { action, loader } from "./shopify";

/** POST /webhooks/shopify/{topic}, called as React Router calls the action, signed as Shopify signs. */

configureShopifyTestApp();

const post = async (request: Request, ip?: string) => (await action(routeArgs(request, ip))) as Response;
const uninstalled = { id: 1, name: "Webhook Test Shop", myshopify_domain: TEST_SHOP };
// An hour ago: recent enough for the staleness check (delivery-checks.server.ts).
const anHourAgo = () => new Date(Math.floor(Date.now() / 1000) * 1000 - 60 * 60_000);

describeEachDatabase(
  "POST /webhooks/shopify/*",
  (getDb) => {
    afterEach(async () => {
      await stopJobs();
      shopifyWebhookLimits.perIp.clear();
      shopifyWebhookLimits.perShop.clear();
    });

    const queuedWebhookIds = async () => {
      const boss = await jobs();
      const { rows } = await boss
        .getDb()
        .executeSql("select data from pgboss.job where name = 'shopify-webhook' order by created_on", []);
      return (rows as { data: { webhookId: string } }[]).map((r) => r.data.webhookId);
    };
    const storedCount = () => getDb().$count(shopifyWebhooks);

    test("answers 404 while Shopify is not configured or for an address of no topic, 405 to a GET", async () => {
      expect(
        (await post(shopifyDelivery("app/uninstalled", uninstalled, { path: "carts-create" }))).status,
      ).toBe(404);
      for (const key of ["SHOPIFY_API_KEY", "SHOPIFY_API_SECRET"]) {
        const value = process.env[key];
        delete process.env[key];
        resetConfigForTests();
        expect((await post(shopifyDelivery("app/uninstalled", uninstalled))).status).toBe(404);
        process.env[key] = value;
        resetConfigForTests();
      }
      expect((loader() as Response).status).toBe(405);
      const put = new Request("http://localhost:3000/webhooks/shopify/app-uninstalled", { method: "PUT" });
      expect((await post(put)).status).toBe(405);
      expect(await storedCount()).toBe(0);
    });

    test("a bad or missing HMAC is refused with 401; nothing is stored or queued", async () => {
      const body = JSON.stringify(uninstalled);
      const refused = [
        shopifyDelivery("app/uninstalled", uninstalled, { secret: "another-app-secret" }),
        shopifyDelivery("app/uninstalled", uninstalled, { hmac: "bm90IGEgc2lnbmF0dXJl" }),
        shopifyDelivery("app/uninstalled", uninstalled, { omit: ["X-Shopify-Hmac-Sha256"] }),
        // Signed for the exact body, then changed.
        shopifyDelivery("app/uninstalled", uninstalled, {
          body: body.replace("Webhook Test Shop", "Tampered Shop"),
          hmac: shopifyDelivery("app/uninstalled", uninstalled).headers.get("X-Shopify-Hmac-Sha256") ?? "",
        }),
      ];
      for (const request of refused) expect((await post(request)).status).toBe(401);
      expect(await storedCount()).toBe(0);
      expect(await queuedWebhookIds()).toEqual([]);
    });

    test("a signed delivery missing a Shopify header, or malformed, is refused with 400", async () => {
      for (const header of [
        "X-Shopify-Webhook-Id",
        "X-Shopify-Topic",
        "X-Shopify-Shop-Domain",
        "X-Shopify-API-Version",
      ])
        expect(
          (await post(shopifyDelivery("app/uninstalled", uninstalled, { omit: [header] }))).status,
          header,
        ).toBe(400);
      const malformed = [
        // Signed, but not JSON.
        shopifyDelivery("app/uninstalled", uninstalled, { body: "{not json" }),
        // The topic of another address.
        shopifyDelivery("shop/update", uninstalled, { path: "app-uninstalled" }),
        // Another shop's signed body sent with this shop's header.
        shopifyDelivery("app/uninstalled", { ...uninstalled, myshopify_domain: "other.myshopify.com" }),
        shopifyDelivery("shop/redact", { shop_id: 1, shop_domain: "other.myshopify.com" }),
        shopifyDelivery("app/uninstalled", uninstalled, { shop: "not a shop" }),
        shopifyDelivery("app/uninstalled", uninstalled, { body: "[1,2]" }),
      ];
      for (const request of malformed) expect((await post(request)).status).toBe(400);
      expect(await storedCount()).toBe(0);
    });

    test("a body over 1 MB is refused with 413 before it is verified, declared or streamed", async () => {
      const big = { ...uninstalled, note: "x".repeat(1024 * 1024) };
      expect((await post(shopifyDelivery("app/uninstalled", big))).status).toBe(413);
      const streamed = shopifyDelivery("app/uninstalled", big);
      const chunks = new TextEncoder().encode(JSON.stringify(big));
      const stream = new ReadableStream({
        start(controller) {
          for (let at = 0; at < chunks.length; at += 64 * 1024)
            controller.enqueue(chunks.slice(at, at + 64 * 1024));
          controller.close();
        },
      });
      const headers = new Headers(streamed.headers);
      headers.delete("Content-Length");
      const chunked = new Request(streamed.url, {
        method: "POST",
        headers,
        body: stream,
        duplex: "half",
      } as RequestInit);
      expect((await post(chunked)).status).toBe(413);
      expect(await storedCount()).toBe(0);
    });

    test("a delivery as the Shopify stand-in signs it (every Shopify header) is accepted", async () => {
      const triggeredAt = anHourAgo();
      const { headers, body } = signedWebhook({
        url: "",
        topic: "shop/update",
        shop: TEST_SHOP,
        secret: SHOPIFY_TEST_APP.apiSecretKey,
        payload: { id: 1, name: "Signed elsewhere", myshopify_domain: TEST_SHOP },
        triggeredAt: triggeredAt.toISOString(),
      });
      const request = new Request("http://localhost:3000/webhooks/shopify/shop-update", {
        method: "POST",
        headers,
        body,
      });
      const response = await post(request);
      expect(await response.json()).toEqual({ received: true, outcome: "stored" });
      const [row] = await getDb().select().from(shopifyWebhooks);
      expect(row).toMatchObject({ topic: "shop/update", triggeredAt });
    });

    test("a valid delivery is stored by its webhook id and queued; a retry before it is applied is stored once", async () => {
      const triggeredAt = anHourAgo();
      const delivery = () =>
        shopifyDelivery("app/uninstalled", uninstalled, { webhookId: "wh-uninstall-1", triggeredAt });
      const first = await post(delivery());
      expect(first.status).toBe(200);
      expect(await first.json()).toEqual({ received: true, outcome: "stored" });
      const [row] = await getDb().select().from(shopifyWebhooks);
      expect(row).toMatchObject({
        webhookId: "wh-uninstall-1",
        shop: TEST_SHOP,
        topic: "app/uninstalled",
        apiVersion: SHOPIFY_WEBHOOK_API_VERSION,
        payload: uninstalled,
        triggeredAt,
        processedAt: null,
      });
      expect(await queuedWebhookIds()).toEqual(["wh-uninstall-1"]);

      const retry = await post(delivery());
      expect(await retry.json()).toEqual({ received: true, outcome: "pending" });
      expect(await storedCount()).toBe(1);
    });

    test("through the worker: applied once; a replay afterwards answers 200 and changes nothing", async () => {
      const account = await createAccount({ source: "shopify" });
      await createStoreProfile({
        shopDomain: TEST_SHOP,
        accountId: account.id,
        installedAt: new Date("2025-01-01"),
      });
      await createShopifySession(TEST_SHOP);
      await startWorker(jobHandlers, workerStartHooks);

      const delivery = () => shopifyDelivery("app/uninstalled", uninstalled, { webhookId: "wh-once" });
      expect((await post(delivery())).status).toBe(200);
      const applied = await waitFor(
        async () => (await getDb().select().from(shopifyWebhooks))[0],
        (row) => row?.processedAt != null,
      );
      expect(applied.outcome).toBe("uninstalled: store disabled, 1 session deleted");
      const [profile] = await getDb().select().from(storeProfiles);
      expect(profile).toMatchObject({ enabled: false, accountId: account.id });
      expect(await getDb().$count(shopifySessions)).toBe(0);

      const replay = await post(delivery());
      expect(await replay.json()).toEqual({ received: true, outcome: "replay" });
      expect(await queuedWebhookIds()).toEqual(["wh-once"]);
      const [after] = await getDb().select().from(storeProfiles);
      expect(after.uninstalledAt).toEqual(profile.uninstalledAt);
      expect(await getDb().$count(auditLog, eq(auditLog.action, "shopify.app_uninstalled"))).toBe(1);
    });

    test("an uninstalled shop we know nothing of is harmless: stored, applied, the outcome says so", async () => {
      await startWorker(jobHandlers, workerStartHooks);
      for (const [topic, payload] of [
        ["app/uninstalled", uninstalled],
        [
          "customers/redact",
          { shop_id: 1, shop_domain: TEST_SHOP, customer: { id: 7, email: "a@example.com" } },
        ],
        ["shop/redact", { shop_id: 1, shop_domain: TEST_SHOP }],
      ] as const)
        expect((await post(shopifyDelivery(topic, payload))).status).toBe(200);
      const rows = await waitFor(
        () => getDb().select().from(shopifyWebhooks),
        (all) => all.length === 3 && all.every((r) => r.processedAt != null),
      );
      expect(Object.fromEntries(rows.map((r) => [r.topic, r.outcome]))).toEqual({
        "app/uninstalled": "no store profile: 0 sessions deleted",
        "customers/redact": "no company linked to the store: we hold no data on this customer",
        // Its own payload, and those of the others applied before it.
        "shop/redact": expect.stringMatching(
          /^store data purged \(0 session\(s\), 0 usage record\(s\), [1-3] webhook payload\(s\)\); no company was linked$/,
        ),
      });
    });

    test("an address past the limit gets 429 before anything is read; a shop past its own limit too", async () => {
      const fill = (limit: MemoryRateLimit, key: string, count: number) => {
        for (let i = 0; i < count; i++) limit.allow(key);
      };
      fill(shopifyWebhookLimits.perIp, "198.51.100.9", shopifyWebhookRateRules.perIp.limit);
      const limited = await post(shopifyDelivery("app/uninstalled", uninstalled), "198.51.100.9");
      expect(limited.status).toBe(429);
      expect(limited.headers.get("Retry-After")).toBe("60");

      fill(shopifyWebhookLimits.perShop, TEST_SHOP, shopifyWebhookRateRules.perShop.limit);
      expect((await post(shopifyDelivery("app/uninstalled", uninstalled), "198.51.100.10")).status).toBe(429);
      // A forged delivery naming that shop is refused for its signature, and does not count against it.
      const hitsBefore = shopifyWebhookLimits.perShop.count(TEST_SHOP);
      expect(
        (await post(shopifyDelivery("app/uninstalled", uninstalled, { secret: "forged" }), "198.51.100.11"))
          .status,
      ).toBe(401);
      expect(shopifyWebhookLimits.perShop.count(TEST_SHOP)).toBe(hitsBefore);
      expect(await storedCount()).toBe(0);
    });

    test("the sweep queues again a webhook stored minutes ago whose job was lost", async () => {
      const base = {
        shop: TEST_SHOP,
        topic: "shop/update" as const,
        apiVersion: SHOPIFY_WEBHOOK_API_VERSION,
        triggeredAt: null,
      };
      await createStoreProfile({ shopDomain: TEST_SHOP, storeName: "Old name" });
      await storeShopifyWebhook({ ...base, webhookId: "wh-lost", payload: { name: "New name" } });
      await storeShopifyWebhook({ ...base, webhookId: "wh-recent", payload: { name: "Newer name" } });
      await getDb()
        .update(shopifyWebhooks)
        .set({ receivedAt: sql`now() - interval '6 minutes'` })
        .where(eq(shopifyWebhooks.webhookId, "wh-lost"));

      expect(await requeueUnappliedShopifyWebhooks()).toBe(1);
      expect(await queuedWebhookIds()).toEqual(["wh-lost"]);
      await startWorker(jobHandlers, workerStartHooks);
      await waitFor(
        async () => (await getDb().select().from(storeProfiles))[0].storeName,
        (name) => name === "New name",
      );
    });

    test("the test app's credentials are the library's test config", () => {
      expect(process.env.SHOPIFY_API_SECRET).toBe(SHOPIFY_TEST_APP.apiSecretKey);
    });
  },
  { freshPerTest: true },
);

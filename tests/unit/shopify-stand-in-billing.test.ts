import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { BillingInterval, RequestedTokenType, type Session, shopifyApi } from "@shopify/shopify-api";
import { afterAll, beforeAll, expect, test } from "vitest";
import { SHOPIFY_ADMIN_API_VERSION } from "~/services/shopify/api-versions";
import { shopifyApiOrNull } from "~/services/shopify/shopify.server";
import {
  SHOPIFY_TEST_API_KEY,
  SHOPIFY_TEST_API_SECRET,
  SHOPIFY_TEST_SHOP,
  setUpShopifyStandIn,
  testIdToken,
} from "../support/shopify-test-env";

/**
 * Shopify billing through the official library against the stand-in: request, the charge page,
 * check, usage records, subscriptions and cancel, and the webhook that follows a merchant's answer.
 */

const received: Array<{ body: string; headers: Record<string, string> }> = [];
let hooks: Server;
let hooksUrl = "";
beforeAll(async () => {
  // The app's webhook endpoint: keeps each delivery to check its signature with the library.
  hooks = createServer((req, res) => {
    let body = "";
    req.on("data", (chunk) => {
      body += chunk;
    });
    req.on("end", () => {
      received.push({ body, headers: req.headers as Record<string, string> });
      res.end("ok");
    });
  });
  await new Promise<void>((resolve) => hooks.listen(0, "127.0.0.1", resolve));
  hooksUrl = `http://127.0.0.1:${(hooks.address() as AddressInfo).port}/webhooks/shopify/{topic}`;
});
afterAll(() => new Promise<void>((resolve) => hooks.close(() => resolve())));

const standIn = setUpShopifyStandIn();

function api() {
  const shopify = shopifyApiOrNull();
  if (!shopify) throw new Error("Shopify is configured by setUpShopifyStandIn");
  return shopify;
}

/** auth.begin → the stand-in's install page → Install → the redirect the app's callback receives. */
async function offlineSession(): Promise<Session> {
  return (
    await api().auth.tokenExchange({
      shop: SHOPIFY_TEST_SHOP,
      sessionToken: testIdToken(),
      requestedTokenType: RequestedTokenType.OfflineAccessToken,
    })
  ).session;
}

test("billing through the library: request, approve on the charge page, check, usage record, cancel", async () => {
  standIn().setWebhookUrl(hooksUrl);
  received.length = 0;
  api(); // sets the library's fetch to the one that reaches the stand-in
  const billing = shopifyApi({
    apiKey: SHOPIFY_TEST_API_KEY,
    apiSecretKey: SHOPIFY_TEST_API_SECRET,
    apiVersion: SHOPIFY_ADMIN_API_VERSION,
    hostName: "localhost:3000",
    hostScheme: "http",
    isEmbeddedApp: true,
    logger: { level: 0 },
    billing: {
      "Store Starter": {
        lineItems: [
          { amount: 25, currencyCode: "USD", interval: BillingInterval.Every30Days },
          {
            amount: 100,
            currencyCode: "USD",
            interval: BillingInterval.Usage,
            terms: "Messages over the plan",
          },
        ],
      },
    },
  }).billing;
  const session = await offlineSession();
  const confirmationUrl = await billing.request({
    session,
    plan: "Store Starter",
    isTest: true,
    returnUrl: "http://localhost:3000/billing/return",
  });
  expect(await billing.check({ session, plans: ["Store Starter"], isTest: true })).toBe(false);

  const chargePage = await fetch(confirmationUrl);
  const html = await chargePage.text();
  expect(html).toContain("Approve Store Starter for Demo Shop");
  const id = new URL(confirmationUrl).searchParams.get("id")!;
  const approved = await fetch(confirmationUrl.split("?")[0]!, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ id, kind: "subscription", decision: "approve" }).toString(),
    redirect: "manual",
  });
  expect(approved.status).toBe(303);
  expect(approved.headers.get("location")).toBe(`http://localhost:3000/billing/return?charge_id=${id}`);

  // Shopify told the app, with a webhook the library validates.
  expect(received).toHaveLength(1);
  const hook = received[0]!;
  const validation = await api().webhooks.validate({
    rawBody: hook.body,
    rawRequest: new Request("http://localhost/webhooks/shopify/app_subscriptions/update", {
      method: "POST",
      headers: hook.headers,
      body: hook.body,
    }),
  });
  expect(validation).toMatchObject({
    valid: true,
    topic: "APP_SUBSCRIPTIONS_UPDATE",
    domain: SHOPIFY_TEST_SHOP,
  });
  expect(JSON.parse(hook.body).app_subscription).toMatchObject({ status: "ACTIVE", name: "Store Starter" });

  const check = await billing.check({ session, plans: ["Store Starter"], isTest: true, returnObject: true });
  expect(check.hasActivePayment).toBe(true);
  const subscription = check.appSubscriptions[0]!;
  expect(subscription.status).toBe("ACTIVE");

  const record = await billing.createUsageRecord({
    session,
    description: "120 messages over the plan",
    price: { amount: 4.8, currencyCode: "USD" },
    isTest: true,
  });
  // Shopify's Decimal is a string; the library leaves a usage record's price as it came.
  expect(record.price).toEqual({ amount: "4.8", currencyCode: "USD" });
  expect(standIn().store.usageRecords).toHaveLength(1);
  await expect(
    billing.createUsageRecord({
      session,
      description: "too much",
      price: { amount: 500, currencyCode: "USD" },
      isTest: true,
    }),
  ).rejects.toThrow(/Error while creating a usage record/);

  const { activeSubscriptions } = await billing.subscriptions({ session });
  expect(activeSubscriptions.map((s) => s.name)).toEqual(["Store Starter"]);

  const cancelled = await billing.cancel({
    session,
    subscriptionId: subscription.id,
    prorate: true,
    isTest: true,
  });
  expect(cancelled.status).toBe("CANCELLED");
  expect(await billing.check({ session, plans: ["Store Starter"], isTest: true })).toBe(false);
});

test("declining on the charge page leaves no active payment", async () => {
  standIn().setWebhookUrl(hooksUrl);
  received.length = 0;
  const session = await offlineSession();
  const client = new (api().clients.Graphql)({ session });
  const created = await client.request<{ appSubscriptionCreate: { confirmationUrl: string } }>(
    `mutation { appSubscriptionCreate(name: "Store Starter", returnUrl: "http://localhost:3000/back", test: true,
      lineItems: [{ plan: { appRecurringPricingDetails: { price: { amount: 25, currencyCode: USD } } } }]) { confirmationUrl } }`,
  );
  const confirmationUrl = created.data!.appSubscriptionCreate.confirmationUrl;
  const id = new URL(confirmationUrl).searchParams.get("id")!;
  const declined = await fetch(confirmationUrl.split("?")[0]!, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ id, decision: "decline" }).toString(),
    redirect: "manual",
  });
  expect(declined.headers.get("location")).toBe(`http://localhost:3000/back?charge_id=${id}`);
  expect(standIn().store.subscriptions[0]!.status).toBe("DECLINED");
  expect(JSON.parse(received[0]!.body).app_subscription.status).toBe("DECLINED");
  const installation = await client.request<{ currentAppInstallation: { activeSubscriptions: unknown[] } }>(
    "{ currentAppInstallation { activeSubscriptions { id } } }",
  );
  expect(installation.data?.currentAppInstallation.activeSubscriptions).toEqual([]);
});

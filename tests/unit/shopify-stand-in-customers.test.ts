import { createHmac } from "node:crypto";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, expect, test } from "vitest";
import { SHOPIFY_ADMIN_API_VERSION } from "~/services/shopify/api-versions";
import { SHOPIFY_TEST_API_SECRET, SHOPIFY_TEST_SHOP, setUpShopifyStandIn } from "../support/shopify-test-env";

/** The stand-in's customers: seeded by control, read and changed through Admin GraphQL, with webhooks. */

let receiver: Server;
let receiverUrl = "";
const received: Array<{ topic: string; body: string; hmac: string }> = [];

beforeAll(async () => {
  receiver = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      received.push({
        topic: String(req.headers["x-shopify-topic"]),
        body: Buffer.concat(chunks).toString("utf8"),
        hmac: String(req.headers["x-shopify-hmac-sha256"]),
      });
      res.writeHead(200).end("ok");
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((resolve) => receiver.close(resolve));
});

const standIn = setUpShopifyStandIn();

async function graphql(query: string, variables?: Record<string, unknown>) {
  await standIn().control("POST", "/access-tokens", {
    shop: SHOPIFY_TEST_SHOP,
    accessToken: "shpat_customers",
  });
  const response = await fetch(
    `${standIn().url}/${SHOPIFY_TEST_SHOP}/admin/api/${SHOPIFY_ADMIN_API_VERSION}/graphql.json`,
    {
      method: "POST",
      headers: { "Content-Type": "application/json", "X-Shopify-Access-Token": "shpat_customers" },
      body: JSON.stringify({ query, variables }),
    },
  );
  return (await response.json()) as {
    data?: Record<string, never>;
    errors?: Array<{ message: string }>;
  };
}

const UPDATE = `mutation Update($input: CustomerSmsMarketingConsentUpdateInput!) {
  customerSmsMarketingConsentUpdate(input: $input) {
    customer { id phone smsMarketingConsent { marketingState marketingOptInLevel consentUpdatedAt consentCollectedFrom } }
    userErrors { field message code }
  }
}`;

test("customers seeded by control are read by id and by phone or email search, with their consent", async () => {
  const { body, status } = await standIn().control("POST", `/shops/${SHOPIFY_TEST_SHOP}/customers`, {
    customers: [
      {
        firstName: "Ada",
        lastName: "Byron",
        email: "ada@example.com",
        phone: "+12015550100",
        sms: { marketingState: "SUBSCRIBED", consentUpdatedAt: "2025-06-01T14:00:00Z" },
      },
      { firstName: "Bo", email: "bo@example.com" },
    ],
  });
  expect(status).toBe(200);
  const [ada, bo] = body as Array<{ id: string }>;
  expect(ada.id).toMatch(/^gid:\/\/shopify\/Customer\/\d+$/);
  expect(
    (await standIn().control("POST", "/shops/nope.myshopify.com/customers", { customers: [] })).status,
  ).toBe(404);

  const byId = await graphql(
    `query($id: ID!) { customer(id: $id) { firstName email defaultPhoneNumber { phoneNumber marketingState }
       smsMarketingConsent { marketingState marketingOptInLevel consentUpdatedAt consentCollectedFrom } } }`,
    { id: ada.id },
  );
  expect(byId.data?.customer).toEqual({
    firstName: "Ada",
    email: "ada@example.com",
    defaultPhoneNumber: { phoneNumber: "+12015550100", marketingState: "SUBSCRIBED" },
    smsMarketingConsent: {
      marketingState: "SUBSCRIBED",
      marketingOptInLevel: "SINGLE_OPT_IN",
      consentUpdatedAt: "2025-06-01T14:00:00Z",
      consentCollectedFrom: "SHOPIFY",
    },
  });
  const search = await graphql(`{ a: customers(first: 5, query: "phone:+12015550100") { nodes { id } }
    b: customers(first: 5, query: "email:BO@example.com") { nodes { id smsMarketingConsent { marketingState } } } }`);
  expect(search.data).toEqual({
    a: { nodes: [{ id: ada.id }] },
    b: { nodes: [{ id: bo.id, smsMarketingConsent: null }] },
  });
});

test("customerSmsMarketingConsentUpdate changes the consent and sends Shopify's two webhooks, signed", async () => {
  standIn().setWebhookUrl(`${receiverUrl}/webhooks/shopify/{topic-segment}`);
  received.length = 0;
  const { body } = await standIn().control("POST", `/shops/${SHOPIFY_TEST_SHOP}/customers`, {
    customers: [
      { firstName: "Ada", phone: "+12015550100", sms: { marketingState: "SUBSCRIBED" } },
      { firstName: "No phone", email: "np@example.com" },
    ],
  });
  const [ada, noPhone] = body as Array<{ id: string; legacyId: number }>;
  const result = await graphql(UPDATE, {
    input: {
      customerId: ada.id,
      smsMarketingConsent: { marketingState: "UNSUBSCRIBED", consentUpdatedAt: "2025-06-03T09:00:00Z" },
    },
  });
  expect(result.data?.customerSmsMarketingConsentUpdate).toEqual({
    customer: {
      id: ada.id,
      phone: "+12015550100",
      smsMarketingConsent: {
        marketingState: "UNSUBSCRIBED",
        marketingOptInLevel: "SINGLE_OPT_IN",
        consentUpdatedAt: "2025-06-03T09:00:00Z",
        consentCollectedFrom: "OTHER",
      },
    },
    userErrors: [],
  });
  await standIn().deliveriesSettled();
  expect(received.map((r) => r.topic)).toEqual(["customers_marketing_consent/update", "customers/update"]);
  const consent = JSON.parse(received[0].body);
  expect(consent).toEqual({
    id: ada.legacyId,
    phone: "+12015550100",
    sms_marketing_consent: {
      state: "unsubscribed",
      opt_in_level: "single_opt_in",
      consent_updated_at: "2025-06-03T09:00:00Z",
      consent_collected_from: "OTHER",
    },
  });
  // customers/update in its API 2025-01+ shape: the customer without any marketing consent.
  expect(JSON.parse(received[1].body)).toMatchObject({ id: ada.legacyId, phone: "+12015550100" });
  expect(JSON.parse(received[1].body)).not.toHaveProperty("sms_marketing_consent");
  expect(received[0].hmac).toBe(
    createHmac("sha256", SHOPIFY_TEST_API_SECRET).update(received[0].body).digest("base64"),
  );

  // A customer without a phone, another shop's customer, an unknown state.
  const refused = await graphql(UPDATE, {
    input: { customerId: noPhone.id, smsMarketingConsent: { marketingState: "UNSUBSCRIBED" } },
  });
  expect(refused.data?.customerSmsMarketingConsentUpdate).toMatchObject({
    customer: null,
    userErrors: [{ field: ["input", "smsMarketingConsent"], code: "MISSING_ARGUMENT" }],
  });
  const unknown = await graphql(UPDATE, {
    input: {
      customerId: "gid://shopify/Customer/1",
      smsMarketingConsent: { marketingState: "UNSUBSCRIBED" },
    },
  });
  expect(unknown.data?.customerSmsMarketingConsentUpdate).toMatchObject({
    userErrors: [{ message: "Customer not found" }],
  });
  const invalid = await graphql(UPDATE, {
    input: { customerId: ada.id, smsMarketingConsent: { marketingState: "MAYBE" } },
  });
  expect(invalid.errors?.[0]?.message).toMatch(/marketingState/);
  await standIn().deliveriesSettled();
  expect(received).toHaveLength(2);
  const stored = (await standIn().control("GET", `/shops/${SHOPIFY_TEST_SHOP}/customers`)).body as Array<{
    sms: { marketingState: string };
  }>;
  expect(stored.map((c) => c.sms.marketingState)).toEqual(["UNSUBSCRIBED", "NOT_SUBSCRIBED"]);
});

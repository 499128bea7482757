import { randomBytes } from "node:crypto";
import { Session } from "@shopify/shopify-api";
import { shopifySessionStorage } from "../../app/services/shopify/session-storage.server";
import { getDb } from "../../db/client.server";
import {
  attributes,
  consentEvents,
  contactAttributeValues,
  contactProducts,
  contacts,
  csvImportErrors,
  csvImports,
  inboundMessages,
  journeys,
  linkClicks,
  messages,
  messageUsage,
  outboxMessages,
  productAttributeValues,
  products,
  shopifyProductMappings,
  shopifyUsageRecords,
  storeProfiles,
  trackedLinks,
} from "../../db/schema";

/**
 * Rows a Shopify store and its customers leave in our database, for the webhook tests: the store's
 * profile and sessions, and one customer's contact with something in every table that holds
 * personal data (attribute and product values, consent, a message and its outbox copy, a link
 * click, a journey, a failed import row, an inbound text).
 */

const unique = () => randomBytes(4).toString("hex");

export async function createStoreProfile(
  values: Partial<typeof storeProfiles.$inferInsert> & { shopDomain: string },
) {
  const [profile] = await getDb()
    .insert(storeProfiles)
    .values({ storeName: "Webhook Test Shop", ...values })
    .returning();
  return profile;
}

export async function createShopifySession(shop: string, options: { online?: boolean; scope?: string } = {}) {
  const id = options.online ? `${shop}_${unique()}` : `offline_${shop}`;
  await shopifySessionStorage.storeSession(
    new Session({
      id,
      shop,
      state: "state",
      isOnline: options.online ?? false,
      scope: options.scope ?? "read_orders",
      accessToken: `shpat_${unique()}`,
    }),
  );
  return id;
}

export async function createStoreUsageAndMapping(accountId: string, shop: string, productId: string) {
  await getDb()
    .insert(shopifyUsageRecords)
    .values({ messageId: crypto.randomUUID(), accountId, shop, periodStart: "2025-01-01", priceCents: 5 });
  await getDb()
    .insert(shopifyProductMappings)
    .values({ accountId, productId, shopifyProductIds: ["gid://shopify/Product/1"] });
}

/**
 * A customer's contact in a company, with a row in every table that holds their data. `fromStore`: a
 * buyer the store's orders brought (a Shopify customer id, no contacts import in the company).
 */
export async function createCustomerRows(
  accountId: string,
  customer: { email: string | null; phone: string | null },
  options: { fromStore?: { shopifyCustomerId: string } } = {},
) {
  const db = getDb();
  const suffix = unique();
  const [contact] = await db
    .insert(contacts)
    .values({
      accountId,
      firstName: "Cora",
      lastName: "Customer",
      email: customer.email,
      phone: customer.phone,
      shopifyCustomerId: options.fromStore?.shopifyCustomerId ?? null,
    })
    .returning();
  const [attribute] = await db
    .insert(attributes)
    .values({ accountId, title: `Birthday ${suffix}`, type: "STRING" })
    .returning();
  const [productAttribute] = await db
    .insert(attributes)
    .values({ accountId, title: `Serial ${suffix}`, type: "STRING", scope: "product" })
    .returning();
  await db
    .insert(contactAttributeValues)
    .values({ accountId, contactId: contact.id, attributeId: attribute.id, value: "1990-04-01" });
  const [product] = await db
    .insert(products)
    .values({ accountId, name: `Kettle ${suffix}` })
    .returning();
  const [journey] = await db
    .insert(journeys)
    .values({ accountId, productId: product.id, name: "Kettle journey" })
    .returning();
  const [link] = await db
    .insert(contactProducts)
    .values({ accountId, contactId: contact.id, productId: product.id })
    .returning();
  await db
    .insert(productAttributeValues)
    .values({ accountId, contactProductId: link.id, attributeId: productAttribute.id, value: "SN-12345" });
  await db.insert(consentEvents).values({
    accountId,
    contactId: contact.id,
    kind: "opt_in",
    source: "checkout",
    consentText: "Yes, text me",
    ip: "198.51.100.23",
  });
  const [message] = await db
    .insert(messages)
    .values({
      accountId,
      idempotencyKey: `test:${crypto.randomUUID()}`,
      contactId: contact.id,
      journeyId: journey.id,
      channel: "sms",
      recipient: customer.phone ?? customer.email,
      body: "Hi Cora, your kettle is descaled?",
      status: "delivered",
      segments: 1,
      sentAt: new Date(),
    })
    .returning();
  const [queued] = await db
    .insert(messages)
    .values({
      accountId,
      idempotencyKey: `test:${crypto.randomUUID()}`,
      contactId: contact.id,
      channel: "sms",
      body: "",
      status: "queued",
    })
    .returning();
  await db.insert(outboxMessages).values({
    channel: "sms",
    recipient: customer.phone ?? "",
    sender: "+15550000000",
    text: "Hi Cora, your kettle is descaled?",
    messageId: message.id,
  });
  const [tracked] = await db
    .insert(trackedLinks)
    .values({
      code: `c${suffix}`,
      accountId,
      targetUrl: "https://shop.example/descale",
      messageId: message.id,
      contactId: contact.id,
    })
    .returning();
  await db.insert(linkClicks).values({
    accountId,
    trackedLinkId: tracked.id,
    messageId: message.id,
    contactId: contact.id,
    userAgent: "Cora's phone",
  });
  await db
    .insert(messageUsage)
    .values({ accountId, periodStart: "2025-01-01", channel: "sms", messages: 1, segments: 1 })
    .onConflictDoNothing();
  if (!options.fromStore) await importErrorsMentioning(accountId, customer.email);
  if (customer.phone)
    await db.insert(inboundMessages).values({
      providerMessageId: `SM${suffix}`,
      fromNumber: customer.phone,
      toNumber: "+15550000000",
      body: "STOP please, Cora",
      keyword: "stop",
    });
  return { contact, product, message, queued, link };
}

/** A contacts import whose failed rows mention the customer (and someone else). */
async function importErrorsMentioning(accountId: string, email: string | null) {
  const db = getDb();
  const suffix = unique();
  const [upload] = await db
    .insert(csvImports)
    .values({
      accountId,
      filename: "customers.csv",
      storageKey: `csv/${suffix}`,
      sizeBytes: 10,
      status: "completed",
    })
    .returning();
  await db.insert(csvImportErrors).values([
    {
      importId: upload.id,
      rowNumber: 2,
      reason: "bad date",
      raw: `Cora,Customer,${email ?? ""},not-a-date`,
    },
    {
      importId: upload.id,
      rowNumber: 3,
      reason: "bad date",
      raw: "Other,Person,other@example.com,not-a-date",
    },
  ]);
}

import { randomUUID } from "node:crypto";
import { and, eq, inArray } from "drizzle-orm";
import { afterEach, beforeEach, expect, test } from "vitest";
import {
  accounts,
  auditLog,
  consentEvents,
  contactAttributeValues,
  contactProducts,
  contacts,
  csvImportErrors,
  enrollments,
  inboundMessages,
  linkClicks,
  messages,
  messageUsage,
  outboxMessages,
  productAttributeValues,
  products,
  shopifyProductMappings,
  shopifySessions,
  shopifyUsageRecords,
  shopifyWebhooks,
  storeProfiles,
  users,
} from "#db/schema";
import { resetConfigForTests } from "~/config.server";
import { SHOPIFY_WEBHOOK_API_VERSION } from "~/services/shopify/api-versions";
import { addMembership, createAccount, createUser } from "../../../../tests/support/factories";
import {
  createCustomerRows,
  createShopifySession,
  createStoreProfile,
  createStoreUsageAndMapping,
} from "../../../../tests/support/shopify-store-rows";
import { describeEachDatabase } from "../../../../tests/support/test-database";
import { NO_PASSWORD } from "../embedded-staff.server";
import { applyShopifyWebhook, storeShopifyWebhook } from "./inbox.server";
import type { ShopifyWebhookTopic } from "./topics";

const SHOP = "privacy-shop.myshopify.com";
const CUSTOMER = { id: 191167, email: "Cora@Example.com", phone: "+1 (201) 555-0123" };
const STORED = { email: "cora@example.com", phone: "+12015550123" };

async function deliver(topic: ShopifyWebhookTopic, payload: Record<string, unknown>) {
  const webhookId = randomUUID();
  await storeShopifyWebhook({
    webhookId,
    shop: SHOP,
    topic,
    apiVersion: SHOPIFY_WEBHOOK_API_VERSION,
    payload,
    triggeredAt: null,
  });
  return { webhookId, outcome: await applyShopifyWebhook(webhookId) };
}

// The local outbox (no SMTP_URL) is where the export's email lands in these tests.
let savedSmtp: string | undefined;
beforeEach(() => {
  savedSmtp = process.env.SMTP_URL;
  delete process.env.SMTP_URL;
  resetConfigForTests();
});
afterEach(() => {
  if (savedSmtp !== undefined) process.env.SMTP_URL = savedSmtp;
  resetConfigForTests();
});

describeEachDatabase("Shopify privacy webhooks", (getDb) => {
  /**
   * The store's company with two admins and a member, the customer's rows, and another company's.
   * `madeForStore`: onboarding created the company for the store, its owner Ann and its other members
   * the store's staff (users the embedded app made), and the customer a buyer of the store.
   */
  async function storeWithCustomer(
    accountOverrides: Partial<typeof accounts.$inferInsert> = {},
    options: { madeForStore?: boolean } = {},
  ) {
    const [ann, bob, max] = [await createUser(), await createUser(), await createUser()];
    const account = await createAccount({
      company: "Privacy Shop Co",
      source: "shopify",
      ownerUserId: ann.id,
      ...accountOverrides,
    });
    await addMembership(ann.id, account.id, { isCompanyAdmin: true });
    await addMembership(bob.id, account.id, { isCompanyAdmin: true });
    await addMembership(max.id, account.id);
    const profile = await createStoreProfile({
      shopDomain: SHOP,
      accountId: account.id,
      storeName: "Privacy Shop",
      enabled: false,
    });
    if (options.madeForStore) {
      await getDb()
        .update(accounts)
        .set({ createdForStoreProfileId: profile.id })
        .where(eq(accounts.id, account.id));
      await getDb()
        .update(users)
        .set({ passwordHash: NO_PASSWORD })
        .where(inArray(users.id, [bob.id, max.id]));
    }
    const rows = await createCustomerRows(
      account.id,
      STORED,
      options.madeForStore
        ? { fromStore: { shopifyCustomerId: `gid://shopify/Customer/${CUSTOMER.id}` } }
        : {},
    );
    const other = await createAccount({ company: "Someone Else" });
    const otherRows = await createCustomerRows(other.id, STORED);
    return { account, admins: [ann, bob], member: max, rows, other, otherRows };
  }
  const contactOf = async (id: string) =>
    (await getDb().select().from(contacts).where(eq(contacts.id, id)))[0];
  const storedPayload = async (webhookId: string) =>
    (await getDb().select().from(shopifyWebhooks).where(eq(shopifyWebhooks.webhookId, webhookId)))[0].payload;

  test("customers/data_request emails the company admins a JSON file of everything held on the customer", async () => {
    const { account, admins, member } = await storeWithCustomer();
    const { webhookId, outcome } = await deliver("customers/data_request", {
      shop_id: 1,
      shop_domain: SHOP,
      orders_requested: [299938],
      customer: CUSTOMER,
      data_request: { id: 9999 },
    });
    expect(outcome).toBe("export of 1 contact emailed to 2 company admins");

    const mails = await getDb().select().from(outboxMessages).where(eq(outboxMessages.channel, "email"));
    expect(mails.map((m) => m.recipient).sort()).toEqual(admins.map((a) => a.email).sort());
    expect(mails.map((m) => m.recipient)).not.toContain(member.email);
    const [mail] = mails;
    expect(mail.subject).toBe("Customer data request from Privacy Shop");
    expect(mail.text).toContain("Cora@Example.com asked your Shopify store Privacy Shop");
    expect(mail.attachments).toHaveLength(1);
    const [file] = mail.attachments ?? [];
    expect(file).toMatchObject({ filename: "customer-data-9999.json", contentType: "application/json" });
    const exported = JSON.parse(Buffer.from(file.contentBase64, "base64").toString("utf8"));
    expect(exported).toMatchObject({
      store: { shop: SHOP, name: "Privacy Shop" },
      company: "Privacy Shop Co",
      request: { shopifyDataRequestId: 9999, ordersRequested: [299938] },
      orders: [],
    });
    expect(exported.contacts).toHaveLength(1);
    expect(exported.contacts[0]).toMatchObject({
      firstName: "Cora",
      email: STORED.email,
      phone: STORED.phone,
      attributes: [{ value: "1990-04-01" }],
      products: [{ attributes: [{ value: "SN-12345" }] }],
      consents: [{ kind: "opt_in", ip: "198.51.100.23", consentText: "Yes, text me" }],
      linkClicks: [{ link: "https://shop.example/descale", userAgent: "Cora's phone" }],
      journeys: [{ journey: "Kettle journey", status: "active" }],
    });
    expect(exported.contacts[0].messages.map((m: { body: string }) => m.body)).toContain(
      "Hi Cora, your kettle is descaled?",
    );
    expect(exported.failedImportRows).toEqual([expect.objectContaining({ row: 2, file: "customers.csv" })]);

    // The audit names the Shopify customer id and counts, not the email; the payload keeps only ids.
    const [entry] = await getDb()
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, "shopify.customers_data_request"));
    expect(entry).toMatchObject({ actorEmail: "shopify", targetType: "account", targetId: account.id });
    expect(entry.after).toMatchObject({
      shopifyCustomerId: 191167,
      emailedTo: 2,
      counts: { contacts: 1, messages: 2 },
    });
    expect(JSON.stringify(entry.after)).not.toContain("example.com");
    expect(await storedPayload(webhookId)).toEqual({
      shop_id: 1,
      shop_domain: SHOP,
      customer: { id: 191167 },
      data_request: { id: 9999 },
      orders_requested: [299938],
    });
    // Applied once: asking again for the same webhook sends nothing more.
    await applyShopifyWebhook(webhookId);
    expect(await getDb().$count(outboxMessages, eq(outboxMessages.channel, "email"))).toBe(2);
  });

  test("customers/data_request for a customer we do not hold still answers the admins, with an empty file", async () => {
    const { admins } = await storeWithCustomer();
    const { outcome } = await deliver("customers/data_request", {
      shop_domain: SHOP,
      customer: { id: 5, email: "nobody@example.com", phone: null },
      data_request: { id: 10 },
    });
    expect(outcome).toBe("export of 0 contacts emailed to 2 company admins");
    const mails = await getDb()
      .select()
      .from(outboxMessages)
      .where(eq(outboxMessages.recipient, admins[0].email));
    expect(mails[0].text).toContain("holds no data on this customer");
    const file = JSON.parse(Buffer.from(mails[0].attachments?.[0].contentBase64 ?? "", "base64").toString());
    expect(file.contacts).toEqual([]);
  });

  test("customers/redact anonymises the customer in the store's company only, keeping counts", async () => {
    const { account, rows, otherRows } = await storeWithCustomer();
    const { webhookId, outcome } = await deliver("customers/redact", {
      shop_id: 1,
      shop_domain: SHOP,
      customer: CUSTOMER,
      orders_to_redact: [299938, 280263],
    });
    expect(outcome).toBe(
      "redacted 1 contact(s): 2 attribute value(s) and 1 import row(s) deleted, 2 message(s) and 1 consent record(s) anonymised",
    );

    const id = rows.contact.id;
    expect(await contactOf(id)).toMatchObject({
      firstName: "Redacted",
      lastName: "customer",
      email: null,
      phone: null,
      isActive: false,
    });
    expect(await getDb().$count(contactAttributeValues, eq(contactAttributeValues.contactId, id))).toBe(0);
    expect(
      await getDb().$count(productAttributeValues, eq(productAttributeValues.contactProductId, rows.link.id)),
    ).toBe(0);
    expect(await getDb().$count(contactProducts, eq(contactProducts.contactId, id))).toBe(1);
    expect(
      (await getDb().select().from(consentEvents).where(eq(consentEvents.contactId, id)))[0],
    ).toMatchObject({ ip: null, kind: "opt_in" });
    const theirMessages = await getDb().select().from(messages).where(eq(messages.contactId, id));
    expect(theirMessages).toHaveLength(2);
    for (const m of theirMessages) expect(m).toMatchObject({ recipient: null, body: null, subject: null });
    expect(theirMessages.find((m) => m.id === rows.queued.id)?.status).toBe("suppressed");
    expect(theirMessages.find((m) => m.id === rows.message.id)?.status).toBe("delivered");
    expect(
      (await getDb().select().from(outboxMessages).where(eq(outboxMessages.messageId, rows.message.id)))[0],
    ).toMatchObject({ recipient: "redacted", text: "" });
    expect(
      (await getDb().select().from(linkClicks).where(eq(linkClicks.contactId, id)))[0].userAgent,
    ).toBeNull();
    expect((await getDb().select().from(enrollments).where(eq(enrollments.contactId, id)))[0]).toMatchObject({
      status: "ended",
      nextDueAt: null,
    });
    const importRows = await getDb().select().from(csvImportErrors);
    expect(importRows.filter((r) => r.raw.includes(STORED.email))).toHaveLength(1); // the other company's
    expect(importRows.filter((r) => r.raw.includes("other@example.com"))).toHaveLength(2);
    // The other company holds the same number: the inbound texts from it stay.
    expect(await getDb().$count(inboundMessages, eq(inboundMessages.fromNumber, STORED.phone))).toBe(2);
    // Counts and billing rows stay.
    expect(await getDb().$count(messageUsage, eq(messageUsage.accountId, account.id))).toBe(1);

    // The other company's customer is untouched.
    expect(await contactOf(otherRows.contact.id)).toMatchObject({
      firstName: "Cora",
      email: STORED.email,
      phone: STORED.phone,
    });
    expect(
      await getDb().$count(
        contactAttributeValues,
        eq(contactAttributeValues.contactId, otherRows.contact.id),
      ),
    ).toBe(1);
    expect(
      (await getDb().select().from(messages).where(eq(messages.id, otherRows.message.id)))[0].body,
    ).toContain("kettle");

    const [entry] = await getDb()
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, "shopify.customers_redact"));
    expect(entry).toMatchObject({ targetType: "account", targetId: account.id });
    expect(entry.after).toMatchObject({
      shopifyCustomerId: 191167,
      counts: { contacts: 1, ordersToRedact: 2, ordersRedacted: 0 },
    });
    expect(JSON.stringify(entry.after)).not.toMatch(/example\.com|5550123/);
    expect(await storedPayload(webhookId)).toEqual({
      shop_id: 1,
      shop_domain: SHOP,
      customer: { id: 191167 },
      orders_to_redact: [299938, 280263],
    });
  });

  test("customers/redact anonymises inbound texts from a number no other contact has", async () => {
    const { rows, other, otherRows } = await storeWithCustomer();
    await getDb().delete(contacts).where(eq(contacts.accountId, other.id));
    expect(otherRows.contact.id).toBeTruthy();
    await deliver("customers/redact", {
      shop_domain: SHOP,
      customer: { id: 1, email: null, phone: CUSTOMER.phone },
    });
    expect(await contactOf(rows.contact.id)).toMatchObject({ phone: null, isActive: false });
    const texts = await getDb().select().from(inboundMessages);
    expect(texts).toHaveLength(2);
    for (const text of texts) expect(text).toMatchObject({ fromNumber: "redacted", body: "" });
  });

  test("shop/redact deletes a company that existed only for the store, and every Shopify row of the shop", async () => {
    const { account, admins, rows, other, otherRows } = await storeWithCustomer({}, { madeForStore: true });
    await createShopifySession(SHOP);
    await createShopifySession("another-shop.myshopify.com");
    await createStoreUsageAndMapping(account.id, SHOP, rows.product.id);
    const earlier = await deliver("shop/update", { name: "Privacy Shop", email: "owner@example.com" });

    const { outcome } = await deliver("shop/redact", { shop_id: 1, shop_domain: SHOP });

    expect(outcome).toBe(
      "store data purged (1 session(s), 1 usage record(s), 2 webhook payload(s), the store profile); company Privacy Shop Co deleted (it existed only for the store)",
    );
    expect(await getDb().$count(accounts, eq(accounts.id, account.id))).toBe(0);
    expect(await getDb().$count(contacts, eq(contacts.accountId, account.id))).toBe(0);
    expect(await getDb().$count(storeProfiles)).toBe(0);
    expect(await getDb().$count(shopifySessions, eq(shopifySessions.shop, SHOP))).toBe(0);
    expect(await getDb().$count(shopifySessions)).toBe(1);
    expect(await getDb().$count(shopifyUsageRecords)).toBe(0);
    expect(await getDb().$count(shopifyProductMappings)).toBe(0);
    expect(await getDb().$count(outboxMessages, eq(outboxMessages.messageId, rows.message.id))).toBe(0);
    expect(await storedPayload(earlier.webhookId)).toEqual({});
    // People keep their sign-in; the other company keeps everything.
    expect(await getDb().$count(users, eq(users.id, admins[0].id))).toBe(1);
    expect(await contactOf(otherRows.contact.id)).toMatchObject({ email: STORED.email });
    expect(await getDb().$count(accounts, eq(accounts.id, other.id))).toBe(1);
    const [entry] = await getDb().select().from(auditLog).where(eq(auditLog.action, "shopify.shop_redact"));
    expect(entry.after).toMatchObject({
      counts: { companyDeleted: true, contacts: 1, products: 1, messages: 2, sessions: 1 },
    });
  });

  test("shop/redact keeps a company billed outside Shopify, without its Shopify data", async () => {
    const { account, rows } = await storeWithCustomer(
      { stripeCustomerId: "cus_123", shopifyPlanId: "store-lite" },
      { madeForStore: true },
    );
    await createStoreUsageAndMapping(account.id, SHOP, rows.product.id);
    const { outcome } = await deliver("shop/redact", { shop_id: 1, shop_domain: SHOP });
    expect(outcome).toBe(
      "store data purged (0 session(s), 1 usage record(s), 1 webhook payload(s), the store profile); company Privacy Shop Co kept without its Shopify data (it is billed through Stripe)",
    );
    expect((await getDb().select().from(accounts).where(eq(accounts.id, account.id)))[0]).toMatchObject({
      shopifyPlanId: null,
    });
    expect(await contactOf(rows.contact.id)).toMatchObject({ email: STORED.email });
    expect(await getDb().$count(products, eq(products.accountId, account.id))).toBe(1);
    expect(await getDb().$count(shopifyProductMappings)).toBe(0);
    expect(await getDb().$count(storeProfiles)).toBe(0);
    const [entry] = await getDb()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "shopify.shop_redact"), eq(auditLog.targetId, account.id)));
    expect(entry.after).toMatchObject({ counts: { companyDeleted: false, productMappings: 1 } });
  });

  test("shop/redact for a store that installed the app again afterwards changes nothing", async () => {
    const account = await createAccount({ source: "shopify" });
    await createStoreProfile({
      shopDomain: SHOP,
      accountId: account.id,
      enabled: true,
      installedAt: new Date(Date.now() + 60_000),
    });
    await createShopifySession(SHOP);
    const { outcome } = await deliver("shop/redact", { shop_id: 1, shop_domain: SHOP });
    expect(outcome).toBe("skipped: the store installed the app again after this request");
    expect(await getDb().$count(accounts)).toBe(1);
    expect(await getDb().$count(shopifySessions)).toBe(1);
  });
});

import { and, eq, inArray, isNotNull, notInArray } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import type { Tx } from "#db/client.server";
import {
  consentEvents,
  contactAttributeValues,
  contactProducts,
  contacts,
  csvImportErrors,
  enrollments,
  inboundMessages,
  linkClicks,
  messages,
  outboxMessages,
  productAttributeValues,
} from "#db/schema";
import { companyCountry } from "~/domain/accounts/company-country.server";
import { recordSystemAudit } from "~/domain/admin/audit.server";
import { forgetCustomerConsents } from "../commerce/customer-consents.server";
import { redactCustomerOrders } from "../commerce/customer-orders.server";
import { findStoreProfileByShop } from "../store-profiles.server";
import {
  customerKeys,
  customerPayload,
  findCustomerContacts,
  importErrorsMentioning,
} from "./customer-data.server";
import type { StoredWebhook } from "./stored-webhook.server";

/**
 * customers/redact: the store asks us to erase a customer (Shopify sends it 10 days after the
 * merchant's request, or at once when there are no recent orders). In the store's company, each of
 * the customer's contacts is kept as an anonymous, inactive row, so every count built on it stays
 * (messages sent, journey and product totals, billing): its name, email, phone and Shopify customer
 * id are replaced; its store orders (and those the request names) keep their amounts but lose the
 * customer id; its
 * attribute and product attribute values and the import rows that mention it are deleted; its
 * messages lose their text and address, their local outbox copies too; consent records lose their
 * IP address; link clicks their browser; its journeys end and nothing waiting is sent. Inbound texts
 * from the number are anonymised when no other contact anywhere has that number (they are kept
 * without a company, for STOP and HELP). Other companies' rows are never touched.
 */

export const REDACTED_FIRST_NAME = "Redacted";
export const REDACTED_LAST_NAME = "customer";
const REDACTED = "redacted";

export async function applyCustomerRedact(tx: Tx, webhook: StoredWebhook, now: Date): Promise<string> {
  const parsed = customerPayload.safeParse(webhook.payload);
  if (!parsed.success) return "ignored: the payload names no customer";
  const { customer } = parsed.data;
  const orderIds = Array.isArray(webhook.payload.orders_to_redact)
    ? (webhook.payload.orders_to_redact as unknown[]).filter(
        (id): id is string | number => typeof id === "number" || typeof id === "string",
      )
    : [];
  const ordersToRedact = orderIds.length;
  const audit = { shop: webhook.shop, webhookId: webhook.webhookId, shopifyCustomerId: customer.id ?? null };

  const profile = await findStoreProfileByShop(webhook.shop, tx);
  if (!profile?.accountId) {
    await recordSystemAudit(tx, "shopify", {
      action: "shopify.customers_redact",
      targetType: "store",
      targetId: webhook.shop,
      after: { ...audit, counts: null },
    });
    return "no company linked to the store: we hold no data on this customer";
  }
  const accountId = profile.accountId;
  const keys = customerKeys(customer, await companyCountry({ account: { id: accountId } }, tx));
  const found = await findCustomerContacts(tx, accountId, keys);
  const ids = found.map((c) => c.id);
  const ofTheseContacts = (column: AnyPgColumn) => inArray(column, ids);

  const counts = {
    contacts: ids.length,
    attributeValues: 0,
    productAttributeValues: 0,
    consentsAnonymised: 0,
    messagesAnonymised: 0,
    messagesStopped: 0,
    outboxCopiesAnonymised: 0,
    linkClicksAnonymised: 0,
    journeysEnded: 0,
    importRowsDeleted: 0,
    inboundTextsAnonymised: 0,
    ordersToRedact,
    // The store orders lose the customer's Shopify id (commerce/customer-orders.server.ts).
    ordersRedacted: await redactCustomerOrders(tx, accountId, {
      contactIds: ids,
      shopifyCustomerId: keys.shopifyCustomerId,
      orderIds,
    }),
    // The consent Shopify told us of, kept whether or not the customer was a contact.
    storeConsentsDeleted: await forgetCustomerConsents(
      tx,
      { accountId, shop: webhook.shop },
      keys.shopifyCustomerId,
    ),
  };

  if (ids.length > 0) {
    counts.attributeValues = (
      await tx
        .delete(contactAttributeValues)
        .where(ofTheseContacts(contactAttributeValues.contactId))
        .returning({ id: contactAttributeValues.contactId })
    ).length;
    counts.productAttributeValues = (
      await tx
        .delete(productAttributeValues)
        .where(
          inArray(
            productAttributeValues.contactProductId,
            tx
              .select({ id: contactProducts.id })
              .from(contactProducts)
              .where(ofTheseContacts(contactProducts.contactId)),
          ),
        )
        .returning({ id: productAttributeValues.contactProductId })
    ).length;
    counts.consentsAnonymised = (
      await tx
        .update(consentEvents)
        .set({ ip: null })
        .where(ofTheseContacts(consentEvents.contactId))
        .returning({ id: consentEvents.id })
    ).length;
    const theirMessages = tx
      .select({ id: messages.id })
      .from(messages)
      .where(ofTheseContacts(messages.contactId));
    counts.outboxCopiesAnonymised = (
      await tx
        .update(outboxMessages)
        .set({ recipient: REDACTED, subject: null, text: "", html: null, attachments: null })
        .where(inArray(outboxMessages.messageId, theirMessages))
        .returning({ id: outboxMessages.id })
    ).length;
    counts.messagesStopped = (
      await tx
        .update(messages)
        .set({ status: "suppressed", statusReason: "customer data redacted", updatedAt: now })
        .where(and(ofTheseContacts(messages.contactId), eq(messages.status, "queued")))
        .returning({ id: messages.id })
    ).length;
    counts.messagesAnonymised = (
      await tx
        .update(messages)
        .set({ recipient: null, subject: null, body: null, updatedAt: now })
        .where(ofTheseContacts(messages.contactId))
        .returning({ id: messages.id })
    ).length;
    counts.linkClicksAnonymised = (
      await tx
        .update(linkClicks)
        .set({ userAgent: null })
        .where(and(ofTheseContacts(linkClicks.contactId), isNotNull(linkClicks.userAgent)))
        .returning({ id: linkClicks.id })
    ).length;
    counts.journeysEnded = (
      await tx
        .update(enrollments)
        .set({ status: "ended", nextDueAt: null, endedAt: now, updatedAt: now })
        .where(and(ofTheseContacts(enrollments.contactId), eq(enrollments.status, "active")))
        .returning({ id: enrollments.id })
    ).length;
    await tx
      .update(contacts)
      .set({
        firstName: REDACTED_FIRST_NAME,
        lastName: REDACTED_LAST_NAME,
        email: null,
        phone: null,
        shopifyCustomerId: null,
        isActive: false,
        updatedAt: now,
      })
      .where(ofTheseContacts(contacts.id));
  }

  const importCondition = importErrorsMentioning(accountId, keys);
  if (importCondition)
    counts.importRowsDeleted = (
      await tx.delete(csvImportErrors).where(importCondition).returning({ row: csvImportErrors.rowNumber })
    ).length;

  // Inbound texts belong to no company: anonymised only when no remaining contact has the number.
  const numbers = [...new Set(found.map((c) => c.phone).filter((p): p is string => Boolean(p)))];
  if (numbers.length > 0) {
    const stillKnown = await tx
      .select({ phone: contacts.phone })
      .from(contacts)
      .where(and(inArray(contacts.phone, numbers), notInArray(contacts.id, ids)));
    const known = new Set(stillKnown.map((c) => c.phone));
    const orphaned = numbers.filter((n) => !known.has(n));
    if (orphaned.length > 0)
      counts.inboundTextsAnonymised = (
        await tx
          .update(inboundMessages)
          .set({ fromNumber: REDACTED, body: "" })
          .where(inArray(inboundMessages.fromNumber, orphaned))
          .returning({ id: inboundMessages.id })
      ).length;
  }

  await recordSystemAudit(tx, "shopify", {
    action: "shopify.customers_redact",
    targetType: "account",
    targetId: accountId,
    after: { ...audit, counts },
  });
  if (ids.length === 0 && counts.importRowsDeleted === 0)
    return "no contact matches the customer: nothing to redact";
  return (
    `redacted ${ids.length} contact(s): ${counts.attributeValues + counts.productAttributeValues} attribute value(s) ` +
    `and ${counts.importRowsDeleted} import row(s) deleted, ${counts.messagesAnonymised} message(s) and ` +
    `${counts.consentsAnonymised} consent record(s) anonymised`
  );
}

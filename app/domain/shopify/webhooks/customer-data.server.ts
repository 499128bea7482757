import { and, asc, eq, inArray, or, type SQL, sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import { parsePhoneNumberFromString } from "libphonenumber-js";
import { z } from "zod";
import type { Tx } from "#db/client.server";
import {
  attributes,
  consentEvents,
  contactAttributeValues,
  contactProducts,
  contacts,
  csvImportErrors,
  csvImports,
  enrollments,
  journeys,
  linkClicks,
  messages,
  productAttributeValues,
  products,
  trackedLinks,
} from "#db/schema";
import type { CountryCode } from "~/domain/accounts/country";
import { normalizePhone } from "~/domain/contacts/phone";
import { escapeLike } from "~/domain/kernel/sql-text";
import { customerOrders } from "../commerce/customer-orders.server";
import { shopifyGid } from "../commerce/order-payload";

/**
 * The customer a privacy webhook names, and what we hold on them in one company: the company's
 * contacts with the same Shopify customer id (buyers from store orders), email (case-insensitive) or
 * phone number (E.164), the failed rows of its contact imports that mention the email or phone, and
 * the store orders of those contacts or that customer (commerce/customer-orders.server.ts).
 */

export const customerPayload = z.object({
  customer: z.object({
    id: z.union([z.number(), z.string()]).nullish(),
    email: z.string().nullish(),
    phone: z.string().nullish(),
  }),
});

export type ShopifyCustomer = z.infer<typeof customerPayload>["customer"];

export type CustomerKeys = {
  email: string | null;
  phone: string | null;
  phoneDigits: string | null;
  shopifyCustomerId: string | null;
};

/** `country`: the company's, for a number written without "+country code". */
export function customerKeys(customer: ShopifyCustomer, country?: CountryCode): CustomerKeys {
  const email = customer.email?.trim().toLowerCase() || null;
  const phone = customer.phone ? normalizePhone(customer.phone, country) : null;
  // The national digits, to find the number however a spreadsheet wrote it ("(201) 555-0123").
  const national = phone ? parsePhoneNumberFromString(phone)?.nationalNumber : undefined;
  return {
    email,
    phone,
    phoneDigits: national && national.length >= 7 ? national : null,
    shopifyCustomerId: shopifyGid("Customer", customer.id),
  };
}

/** How the customer is named in texts for the merchant: email, else phone, else Shopify's id. */
export function customerLabel(customer: ShopifyCustomer): string {
  return customer.email?.trim() || customer.phone?.trim() || `Shopify customer ${customer.id ?? "(no id)"}`;
}

export async function findCustomerContacts(tx: Tx, accountId: string, keys: CustomerKeys) {
  const match: SQL[] = [];
  if (keys.email) match.push(eq(contacts.email, keys.email));
  if (keys.phone) match.push(eq(contacts.phone, keys.phone));
  if (keys.shopifyCustomerId) match.push(eq(contacts.shopifyCustomerId, keys.shopifyCustomerId));
  if (match.length === 0) return [];
  return tx
    .select()
    .from(contacts)
    .where(and(eq(contacts.accountId, accountId), or(...match)))
    .orderBy(asc(contacts.createdAt));
}

/** Failed import rows of the company whose raw text mentions the customer's email or number. */
export function importErrorsMentioning(accountId: string, keys: CustomerKeys): SQL | null {
  const mentions: SQL[] = [];
  if (keys.email) mentions.push(sql`${csvImportErrors.raw} ilike ${`%${escapeLike(keys.email)}%`}`);
  if (keys.phoneDigits)
    mentions.push(
      sql`regexp_replace(${csvImportErrors.raw}, '\\D', '', 'g') like ${`%${keys.phoneDigits}%`}`,
    );
  if (mentions.length === 0) return null;
  return and(
    inArray(
      csvImportErrors.importId,
      sql`(select ${csvImports.id} from ${csvImports} where ${csvImports.accountId} = ${accountId})`,
    ),
    or(...mentions),
  ) as SQL;
}

const iso = (date: Date | null) => date?.toISOString() ?? null;

/**
 * Everything the company holds on these contacts, as the data request's file: each contact with
 * its attribute values, products (and their attribute values), consent records, messages, link
 * clicks and journeys; the import rows that mention the customer; and their store orders (with the
 * orders the request names).
 */
export async function collectCustomerData(
  tx: Tx,
  accountId: string,
  keys: CustomerKeys,
  ordersRequested: (string | number)[] = [],
) {
  const found = await findCustomerContacts(tx, accountId, keys);
  const ids = found.map((c) => c.id);
  const none = sql`false`;
  const ofContacts = (column: AnyPgColumn) => (ids.length ? inArray(column, ids) : none);

  const [attributeRows, productRows, productAttributeRows, consentRows, messageRows, clickRows, journeyRows] =
    await Promise.all([
      tx
        .select({
          contactId: contactAttributeValues.contactId,
          attribute: attributes.title,
          type: attributes.type,
          value: contactAttributeValues.value,
          updatedAt: contactAttributeValues.updatedAt,
        })
        .from(contactAttributeValues)
        .innerJoin(attributes, eq(attributes.id, contactAttributeValues.attributeId))
        .where(ofContacts(contactAttributeValues.contactId)),
      tx
        .select({
          id: contactProducts.id,
          contactId: contactProducts.contactId,
          product: products.name,
          linkedAt: contactProducts.createdAt,
        })
        .from(contactProducts)
        .innerJoin(products, eq(products.id, contactProducts.productId))
        .where(ofContacts(contactProducts.contactId)),
      tx
        .select({
          contactProductId: productAttributeValues.contactProductId,
          attribute: attributes.title,
          value: productAttributeValues.value,
        })
        .from(productAttributeValues)
        .innerJoin(attributes, eq(attributes.id, productAttributeValues.attributeId))
        .innerJoin(contactProducts, eq(contactProducts.id, productAttributeValues.contactProductId))
        .where(ofContacts(contactProducts.contactId)),
      tx.select().from(consentEvents).where(ofContacts(consentEvents.contactId)),
      tx.select().from(messages).where(ofContacts(messages.contactId)).orderBy(asc(messages.createdAt)),
      tx
        .select({
          contactId: linkClicks.contactId,
          clickedAt: linkClicks.clickedAt,
          userAgent: linkClicks.userAgent,
          targetUrl: trackedLinks.targetUrl,
        })
        .from(linkClicks)
        .innerJoin(trackedLinks, eq(trackedLinks.id, linkClicks.trackedLinkId))
        .where(ofContacts(linkClicks.contactId)),
      tx
        .select({
          contactId: enrollments.contactId,
          journey: journeys.name,
          status: enrollments.status,
          enrolledAt: enrollments.enrolledAt,
          endedAt: enrollments.endedAt,
        })
        .from(enrollments)
        .innerJoin(journeys, eq(journeys.id, enrollments.journeyId))
        .where(ofContacts(enrollments.contactId)),
    ]);
  const importCondition = importErrorsMentioning(accountId, keys);
  const importRows = importCondition
    ? await tx
        .select({
          file: csvImports.filename,
          uploadedAt: csvImports.createdAt,
          row: csvImportErrors.rowNumber,
          reason: csvImportErrors.reason,
          raw: csvImportErrors.raw,
        })
        .from(csvImportErrors)
        .innerJoin(csvImports, eq(csvImports.id, csvImportErrors.importId))
        .where(importCondition)
    : [];

  const orders = await customerOrders(tx, accountId, {
    contactIds: ids,
    shopifyCustomerId: keys.shopifyCustomerId,
    orderIds: ordersRequested,
  });

  const exported = found.map((contact) => ({
    firstName: contact.firstName,
    lastName: contact.lastName,
    email: contact.email,
    phone: contact.phone,
    smsConsent: contact.smsConsent,
    active: contact.isActive,
    createdAt: iso(contact.createdAt),
    updatedAt: iso(contact.updatedAt),
    attributes: attributeRows
      .filter((row) => row.contactId === contact.id)
      .map(({ attribute, type, value, updatedAt }) => ({
        attribute,
        type,
        value,
        updatedAt: iso(updatedAt),
      })),
    products: productRows
      .filter((row) => row.contactId === contact.id)
      .map((link) => ({
        product: link.product,
        linkedAt: iso(link.linkedAt),
        attributes: productAttributeRows
          .filter((row) => row.contactProductId === link.id)
          .map(({ attribute, value }) => ({ attribute, value })),
      })),
    consents: consentRows
      .filter((row) => row.contactId === contact.id)
      .map((row) => ({
        channel: row.channel,
        kind: row.kind,
        source: row.source,
        consentText: row.consentText,
        ip: row.ip,
        keyword: row.keyword,
        at: iso(row.createdAt),
      })),
    messages: messageRows
      .filter((row) => row.contactId === contact.id)
      .map((row) => ({
        channel: row.channel,
        to: row.recipient,
        subject: row.subject,
        body: row.body,
        status: row.status,
        createdAt: iso(row.createdAt),
        sentAt: iso(row.sentAt),
      })),
    linkClicks: clickRows
      .filter((row) => row.contactId === contact.id)
      .map((row) => ({ link: row.targetUrl, at: iso(row.clickedAt), userAgent: row.userAgent })),
    journeys: journeyRows
      .filter((row) => row.contactId === contact.id)
      .map((row) => ({
        journey: row.journey,
        status: row.status,
        enrolledAt: iso(row.enrolledAt),
        endedAt: iso(row.endedAt),
      })),
  }));

  return {
    contacts: exported,
    importRows: importRows.map((row) => ({ ...row, uploadedAt: iso(row.uploadedAt) })),
    orders,
    counts: {
      contacts: found.length,
      attributeValues: attributeRows.length,
      products: productRows.length,
      consents: consentRows.length,
      messages: messageRows.length,
      linkClicks: clickRows.length,
      journeys: journeyRows.length,
      importRows: importRows.length,
      orders: orders.length,
    },
  };
}

export type CustomerData = Awaited<ReturnType<typeof collectCustomerData>>;

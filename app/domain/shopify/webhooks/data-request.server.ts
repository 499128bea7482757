import { and, eq, isNull } from "drizzle-orm";
import { z } from "zod";
import type { Tx } from "#db/client.server";
import { accounts, memberships, users } from "#db/schema";
import { config } from "~/config.server";
import { companyCountry } from "~/domain/accounts/company-country.server";
import { recordSystemAudit } from "~/domain/admin/audit.server";
import { renderEmail } from "~/services/mail/layout.server";
import { sendMail } from "~/services/mail/mail.server";
import { findStoreProfileByShop } from "../store-profiles.server";
import { collectCustomerData, customerKeys, customerLabel, customerPayload } from "./customer-data.server";
import type { StoredWebhook } from "./stored-webhook.server";

/**
 * customers/data_request: a customer asked the merchant for their data. Everything the store's
 * company holds on them goes, as a JSON file, to the company admins by email (the merchant answers
 * the customer; Shopify gives 30 days). Sent inside the webhook's transaction: a second worker waits
 * for it and finds it done, so the admins get one email each unless the send itself is retried.
 * The audit entry names the Shopify customer id and counts, never the customer's email or phone.
 */

const dataRequestPayload = customerPayload.extend({
  orders_requested: z.array(z.union([z.number(), z.string()])).nullish(),
  data_request: z.object({ id: z.union([z.number(), z.string()]) }).nullish(),
});

export const DATA_REQUEST_FILE_TYPE = "application/json";

export async function applyCustomerDataRequest(tx: Tx, webhook: StoredWebhook, now: Date): Promise<string> {
  const parsed = dataRequestPayload.safeParse(webhook.payload);
  if (!parsed.success) return "ignored: the payload names no customer";
  const { customer, data_request: request, orders_requested: ordersRequested } = parsed.data;
  const audit = {
    shop: webhook.shop,
    webhookId: webhook.webhookId,
    shopifyCustomerId: customer.id ?? null,
    dataRequestId: request?.id ?? null,
  };

  const profile = await findStoreProfileByShop(webhook.shop, tx);
  const [account] = profile?.accountId
    ? await tx
        .select({ id: accounts.id, company: accounts.company })
        .from(accounts)
        .where(eq(accounts.id, profile.accountId))
    : [];
  if (!profile || !account) {
    await recordSystemAudit(tx, "shopify", {
      action: "shopify.customers_data_request",
      targetType: "store",
      targetId: webhook.shop,
      after: { ...audit, counts: null, emailedTo: 0 },
    });
    return "no company linked to the store: we hold no data on this customer";
  }

  const data = await collectCustomerData(
    tx,
    account.id,
    customerKeys(customer, await companyCountry({ account: account }, tx)),
    ordersRequested ?? [],
  );
  const file = {
    filename: `customer-data-${request?.id ?? customer.id ?? webhook.webhookId}.json`,
    contentType: DATA_REQUEST_FILE_TYPE,
    content: JSON.stringify(
      {
        exportedAt: now.toISOString(),
        store: { shop: webhook.shop, name: profile.storeName },
        company: account.company,
        request: {
          shopifyDataRequestId: request?.id ?? null,
          customer,
          ordersRequested: ordersRequested ?? [],
        },
        contacts: data.contacts,
        failedImportRows: data.importRows,
        orders: data.orders,
      },
      null,
      2,
    ),
  };

  const admins = await companyAdminEmails(tx, account.id);
  const label = customerLabel(customer);
  for (const to of admins) {
    const content = dataRequestEmail({
      label,
      store: profile.storeName,
      company: account.company,
      data,
      file,
    });
    await sendMail({ to, ...content, attachments: [file] }, { db: tx });
  }

  await recordSystemAudit(tx, "shopify", {
    action: "shopify.customers_data_request",
    targetType: "account",
    targetId: account.id,
    after: { ...audit, counts: data.counts, emailedTo: admins.length },
  });
  const held = `${data.counts.contacts} contact${data.counts.contacts === 1 ? "" : "s"}`;
  if (admins.length === 0) return `export of ${held} not sent: the company has no company admin`;
  return `export of ${held} emailed to ${admins.length} company admin${admins.length === 1 ? "" : "s"}`;
}

/** The company admins' addresses (not suspended); the owner's when it has no admin. */
async function companyAdminEmails(tx: Tx, accountId: string): Promise<string[]> {
  const admins = await tx
    .select({ email: users.email })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(
      and(
        eq(memberships.accountId, accountId),
        eq(memberships.isCompanyAdmin, true),
        isNull(users.suspendedAt),
      ),
    );
  if (admins.length > 0) return admins.map((a) => a.email).sort();
  const owner = await tx
    .select({ email: users.email })
    .from(accounts)
    .innerJoin(users, eq(users.id, accounts.ownerUserId))
    .where(and(eq(accounts.id, accountId), isNull(users.suspendedAt)));
  return owner.map((o) => o.email);
}

// English: it is written by a background job, with no request (and no user setting) to take a
// language from; the spec has no text for it.
function dataRequestEmail(input: {
  label: string;
  store: string;
  company: string;
  data: Awaited<ReturnType<typeof collectCustomerData>>;
  file: { filename: string };
}) {
  const product = config().PRODUCT_NAME;
  const { counts } = input.data;
  const held =
    counts.contacts === 0 && counts.importRows === 0
      ? `${product} holds no data on this customer in ${input.company}: the attached file ${input.file.filename} says so.`
      : `The attached file ${input.file.filename} holds everything ${product} has on this customer in ${input.company}: ` +
        `${counts.contacts} contact(s) with ${counts.attributeValues} attribute value(s), ${counts.products} product(s), ` +
        `${counts.consents} consent record(s), ${counts.messages} message(s) and ${counts.linkClicks} link click(s), ` +
        `and ${counts.importRows} failed import row(s) that mention them.`;
  const { html, text } = renderEmail({
    heading: "A customer asked for their data",
    paragraphs: [
      `${input.label} asked your Shopify store ${input.store} for the personal data held about them.`,
      held,
      "Please send it to the customer as your privacy policy says: Shopify expects an answer within 30 days.",
    ],
    footer: `You receive this email because you are a company admin of ${input.company} on ${product}.`,
  });
  return { subject: `Customer data request from ${input.store}`, html, text };
}

import { sql } from "drizzle-orm";
import { getDb } from "#db/client.server";
import { rowsOf } from "#db/rows";
import { recordSystemAudit } from "~/domain/admin/audit.server";
import { logWithErrorId } from "~/domain/kernel/error-id.server";
import { isUuid } from "~/domain/kernel/ids";
import { sendJobs } from "~/services/jobs/jobs.server";
import { adminGraphql, ShopifyNotConfiguredError } from "../admin-api.server";

/**
 * An inbound STOP written back to Shopify (issue 14 item 2): the contact's store customer becomes
 * UNSUBSCRIBED from SMS marketing through the Admin API (customerSmsMarketingConsentUpdate), so the
 * store and its other apps stop too, and Shopify's next webhooks agree with us.
 *
 * One "shopify-consent-write-back" job per STOP (its consent event), queued when the STOP is
 * received; retried with backoff on a failure that may pass (network, 5xx, throttling). Its audit
 * entry (target: the consent event) marks it done, whether Shopify took it, refused it (userErrors:
 * not retried) or there was nothing to do; the sweep queues again, for a week, a STOP whose entry is
 * missing (its job was lost or ran out of tries). Setting the same state twice is harmless, so a job
 * run twice does no harm.
 */

export const WRITE_BACK_ACTION = "shopify.sms_consent_write_back";
const WINDOW_MS = 7 * 24 * 60 * 60_000;

// Only the userErrors are read: the customer's consent is not asked back (Customer.smsMarketingConsent
// is deprecated, and the write is the answer).
const MUTATION = `#graphql
  mutation WriteBackSmsOptOut($input: CustomerSmsMarketingConsentUpdateInput!) {
    customerSmsMarketingConsentUpdate(input: $input) {
      customer { id }
      userErrors { field message }
    }
  }`;

/** STOPs (keyword opt-outs) of store customers in companies with an installed store, not yet written back. */
async function pendingWriteBacks(filter: { contactIds?: string[]; receivedBefore?: Date; now: Date }) {
  const ids = filter.contactIds?.filter(isUuid);
  if (ids && ids.length === 0) return [];
  const since = new Date(filter.now.getTime() - WINDOW_MS).toISOString();
  const before = (filter.receivedBefore ?? filter.now).toISOString();
  const rows = rowsOf<{ id: string }>(
    await getDb().execute(sql`
      select ce.id from consent_events ce
      join contacts c on c.id = ce.contact_id and c.shopify_customer_id is not null
      join store_profiles sp on sp.account_id = ce.account_id and sp.enabled
      where ce.kind = 'opt_out' and ce.source = 'keyword' and ce.channel = 'sms'
        and ce.created_at > ${since}::timestamptz and ce.created_at <= ${before}::timestamptz
        ${ids ? sql`and ce.contact_id in (select value::uuid from json_array_elements_text(${JSON.stringify(ids)}::json))` : sql``}
        and not exists (select 1 from audit_log a where a.target_type = 'consent_event'
          and a.target_id = ce.id::text and a.action = ${WRITE_BACK_ACTION})
      order by ce.created_at
      limit 1000`),
  );
  return rows.map((r) => r.id);
}

/**
 * After an inbound STOP committed: a write-back job for each contact it opted out that is a store
 * customer. Never throws (the STOP is recorded; the sweep catches up on a job not queued).
 */
export async function queueConsentWriteBacks(contactIds: string[], now = new Date()): Promise<number> {
  try {
    const events = await pendingWriteBacks({ contactIds, now });
    await sendJobs(
      "shopify-consent-write-back",
      events.map((consentEventId) => ({ consentEventId })),
    );
    return events.length;
  } catch (error) {
    logWithErrorId("Queuing the Shopify SMS consent write-back failed (the sweep retries)", error);
    return 0;
  }
}

/** The sweep: write-backs whose STOP came minutes ago and are still not done. */
export async function requeueConsentWriteBacks(now = new Date(), olderThanMs = 5 * 60_000): Promise<number> {
  const events = await pendingWriteBacks({ now, receivedBefore: new Date(now.getTime() - olderThanMs) });
  await sendJobs(
    "shopify-consent-write-back",
    events.map((consentEventId) => ({ consentEventId })),
  );
  return events.length;
}

type EventRow = {
  id: string;
  account_id: string;
  contact_id: string;
  created_at: Date | string;
  sms_consent: string;
  customer_id: string | null;
  shop: string | null;
  done: boolean;
};

/** The "shopify-consent-write-back" job: returns what it did, in words (also in its audit entry). */
export async function runConsentWriteBack(consentEventId: string): Promise<string> {
  if (!isUuid(consentEventId)) return "ignored: not a consent event id";
  const db = getDb();
  const [event] = rowsOf<EventRow>(
    await db.execute(sql`
      select ce.id, ce.account_id, ce.contact_id, ce.created_at, c.sms_consent::text as sms_consent,
        c.shopify_customer_id as customer_id, sp.shop_domain as shop,
        exists (select 1 from audit_log a where a.target_type = 'consent_event'
          and a.target_id = ce.id::text and a.action = ${WRITE_BACK_ACTION}) as done
      from consent_events ce
      join contacts c on c.id = ce.contact_id
      left join store_profiles sp on sp.account_id = ce.account_id and sp.enabled
      where ce.id = ${consentEventId}::uuid and ce.kind = 'opt_out'`),
  );
  if (!event) return "ignored: no such opt-out";
  if (event.done) return "already written back";
  const at = new Date(event.created_at).toISOString();
  const record = async (outcome: string) => {
    await recordSystemAudit(db, "shopify", {
      action: WRITE_BACK_ACTION,
      targetType: "consent_event",
      targetId: event.id,
      after: {
        accountId: event.account_id,
        contactId: event.contact_id,
        shop: event.shop,
        shopifyCustomerId: event.customer_id,
        consentUpdatedAt: at,
        outcome,
      },
    });
    return outcome;
  };
  if (!event.customer_id) return record("skipped: the contact is no store customer");
  if (!event.shop) return record("skipped: the company has no installed store");
  // START since: the contact is no longer opted out, and Shopify must not be told they are.
  if (event.sms_consent !== "opted_out") return record("skipped: the contact opted in again");

  let answer: { customerSmsMarketingConsentUpdate: { userErrors: { message: string }[] } | null };
  try {
    answer = await adminGraphql(event.shop, MUTATION, {
      input: {
        customerId: event.customer_id,
        smsMarketingConsent: { marketingState: "UNSUBSCRIBED", consentUpdatedAt: at },
      },
    });
  } catch (error) {
    if (error instanceof ShopifyNotConfiguredError) return record("skipped: Shopify is not configured");
    throw error; // retried by the job, then by the sweep
  }
  const errors = answer.customerSmsMarketingConsentUpdate?.userErrors ?? [];
  if (errors.length > 0) return record(`refused by Shopify: ${errors.map((e) => e.message).join("; ")}`);
  return record("written back: UNSUBSCRIBED");
}

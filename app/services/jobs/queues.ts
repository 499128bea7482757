import type { Queue } from "pg-boss";
import { z } from "zod";
import { CRM_EVENTS_PER_JOB, pendingCrmEventSchema } from "~/services/crm/crm-event";

/**
 * Every queue of the app: its name, pg-boss options (retries, expiry, policy), how many jobs a worker
 * runs at once, its cron schedule, and the zod schema of its payload. Imports no domain code: the
 * handlers are given to startWorker by the process that works (server.ts, scripts/worker.ts).
 */
export const queues = {
  /** One uploaded contacts file. Resumes after its last committed batch when retried. */
  "csv-import": {
    options: {
      retryLimit: 3,
      retryDelay: 5,
      retryBackoff: true,
      // A worker that dies mid-import stops renewing the import's lease, and another worker's sweep
      // queues it again within about twice CSV_IMPORT_LEASE_SECONDS (csv-import-lease.server.ts);
      // the dead worker's job itself expires after this long and then finds nothing to do.
      expireInSeconds: 30 * 60,
    },
    payload: z.object({ importId: z.string() }),
  },
  /**
   * Due enrollments → messages (app/domain/journeys/dispatch). At most one waits ("short"), so
   * wake-ups do not pile up; several may run (claims skip each other's rows), and one left active by a
   * dead worker blocks nothing.
   */
  "journey-dispatch": {
    options: { policy: "short", retryLimit: 2, retryDelay: 5, expireInSeconds: 5 * 60 },
    payload: z.object({}),
    schedule: "* * * * *",
  },
  /** A chunk of messages to send; each message is claimed once, so a retried job never sends twice. */
  "journey-send": {
    options: { retryLimit: 5, retryDelay: 10, retryBackoff: true, expireInSeconds: 10 * 60 },
    payload: z.object({ messageIds: z.array(z.string()) }),
    concurrency: 3,
    yieldsToWeb: true,
  },
  /**
   * Overage messages (beyond the plan's included count in the period) reported to Stripe as meter
   * events, one per message with the message id as identifier, so a retry never bills twice.
   */
  "billing-usage-report": {
    options: { policy: "short", retryLimit: 5, retryDelay: 30, retryBackoff: true, expireInSeconds: 10 * 60 },
    payload: z.object({}),
    schedule: "* * * * *",
  },
  /**
   * Overage messages of store accounts as Shopify usage records, one per message; our row (written
   * before the call, claimed during it, reconciled with Shopify after a crash) is the dedupe.
   */
  "shopify-usage-report": {
    options: { policy: "short", retryLimit: 5, retryDelay: 30, retryBackoff: true, expireInSeconds: 10 * 60 },
    payload: z.object({}),
    schedule: "* * * * *",
  },
  /**
   * One accepted Stripe webhook event (stored in stripe_events by the route, which answers at once):
   * applied to its company exactly once, never moving it back to an older event's state. Retried
   * with backoff (about 20 minutes in all); the "billing-late-start" run re-queues any stored event
   * still unapplied after that, so a lost job never loses an event.
   */
  "stripe-event": {
    options: { retryLimit: 8, retryDelay: 5, retryBackoff: true, expireInSeconds: 5 * 60 },
    payload: z.object({ eventId: z.string().min(1).max(255) }),
    concurrency: 4,
  },
  /**
   * Every 5 minutes: LATE_START companies whose late start date has passed without a subscription
   * move to LATE_START_END, and stored Stripe events left unapplied for minutes are queued again.
   */
  "billing-late-start": {
    options: { policy: "short", retryLimit: 2, retryDelay: 30, expireInSeconds: 5 * 60 },
    payload: z.object({}),
    schedule: "*/5 * * * *",
  },
  /**
   * One accepted Shopify webhook (stored in shopify_webhooks by the route, which answers at once),
   * applied exactly once. Retried with backoff; "shopify-webhooks-sweep" re-queues any stored
   * webhook still unapplied after that, so a lost job never loses a webhook.
   */
  "shopify-webhook": {
    options: { retryLimit: 8, retryDelay: 5, retryBackoff: true, expireInSeconds: 5 * 60 },
    payload: z.object({ webhookId: z.string().min(1).max(255) }),
    concurrency: 2,
    // A store's orders arrive by hundreds a second at peaks: each fetch takes up to 50 of them.
    batchSize: 50,
    // During such a peak the web process's answers come first (web-load.server.ts): Shopify waits 5 s
    // for its 200, while applying an order may wait a little.
    yieldsToWeb: true,
  },
  /**
   * An inbound STOP written back to the contact's Shopify customer (SMS marketing UNSUBSCRIBED), one
   * job per STOP; retried with backoff, then by "shopify-webhooks-sweep" for a week. Idempotent.
   */
  "shopify-consent-write-back": {
    options: { retryLimit: 6, retryDelay: 10, retryBackoff: true, expireInSeconds: 5 * 60 },
    payload: z.object({ consentEventId: z.string().uuid() }),
  },
  /**
   * Every 5 minutes: stored Shopify webhooks left unapplied for minutes are queued again, and STOPs
   * not yet written back to Shopify.
   */
  "shopify-webhooks-sweep": {
    options: { policy: "short", retryLimit: 2, retryDelay: 30, expireInSeconds: 5 * 60 },
    payload: z.object({}),
    schedule: "*/5 * * * *",
  },
  /**
   * A store catalogue's Sync Now (app/domain/shopify/commerce/catalogue.server.ts): the Admin API's
   * pages, or for a large store a bulk operation Shopify may take minutes to run. A retry polls the
   * bulk operation the first attempt started.
   */
  "shopify-catalogue-sync": {
    options: { retryLimit: 2, retryDelay: 15, expireInSeconds: 45 * 60 },
    payload: z.object({ accountId: z.string().min(1), runId: z.string().min(1) }),
  },
  /**
   * One company's analytics rollups recomputed from its raw rows (app/domain/analytics), queued when
   * its time zone changes so its history moves to its new local days. Idempotent: a rebuild.
   */
  "analytics-rebuild": {
    options: { retryLimit: 3, retryDelay: 30, retryBackoff: true, expireInSeconds: 30 * 60 },
    payload: z.object({ accountId: z.string().uuid() }),
  },
  /**
   * Sign-up form events ('Form Page Loads', 'Form Submitted') for the optional CRM webhook, up to
   * CRM_EVENTS_PER_JOB per job, POSTed one by one. Retried with backoff (about 40 minutes in all);
   * a job that fails part-way queues the events not yet delivered as a new job, so a retry re-sends
   * none that the CRM took. Only queued when CRM_WEBHOOK_URL is set.
   */
  "crm-events": {
    options: { retryLimit: 8, retryDelay: 10, retryBackoff: true, expireInSeconds: 10 * 60 },
    payload: z.object({ events: z.array(pendingCrmEventSchema).min(1).max(CRM_EVENTS_PER_JOB) }),
    concurrency: 2,
    yieldsToWeb: true,
  },
  /**
   * Public form submissions stored by their request (pending_form_submissions) applied: contacts,
   * consent, products and journeys (app/domain/forms/apply-submissions.server.ts). One job drains
   * every due submission in batches; each batch is one transaction, so a retry or a second worker
   * applies nothing twice. At most one waits ("short"): every stored batch of submissions queues one,
   * and the minute's run picks up what a lost job or a failed submission left.
   */
  "form-submissions-apply": {
    options: { policy: "short", retryLimit: 5, retryDelay: 5, retryBackoff: true, expireInSeconds: 10 * 60 },
    payload: z.object({}),
    schedule: "* * * * *",
    // A burst of sign-ups (a campaign's link) is answered first; the contacts follow within seconds.
    yieldsToWeb: true,
  },
  /**
   * Daily: uploaded form images never saved (older than a day, shown by no form of their company) are
   * removed from storage (app/domain/forms/form-images.server.ts). Idempotent.
   */
  "form-images-sweep": {
    options: { policy: "short", retryLimit: 2, retryDelay: 60, expireInSeconds: 30 * 60 },
    payload: z.object({}),
    schedule: "41 3 * * *",
  },
  /**
   * Daily: uploads a process died in the middle of (part files, incomplete database files, open
   * multipart uploads) are removed from storage once a day old (app/services/storage). Idempotent.
   */
  "abandoned-uploads-sweep": {
    options: { policy: "short", retryLimit: 2, retryDelay: 60, expireInSeconds: 30 * 60 },
    payload: z.object({}),
    schedule: "53 3 * * *",
  },
  /** Housekeeping: expired rate-limit counters and spent captcha solutions (hourly). */
  "prune-rate-limits": {
    options: { policy: "short", retryLimit: 1, expireInSeconds: 5 * 60 },
    payload: z.object({}),
    schedule: "17 * * * *",
  },
} satisfies Record<string, QueueDefinition>;

type QueueDefinition = {
  options: Omit<Queue, "name">;
  payload: z.ZodType;
  /** Jobs a worker process runs at once (default 1). */
  concurrency?: number;
  /** Jobs a lane fetches at once and runs one after the other (default 1; see startWorker). */
  batchSize?: number;
  /** Cron (UTC), created by every worker; pg-boss runs each once per tick across processes. */
  schedule?: string;
  /** In a process that also serves the web, each job first waits out a burst of requests (yieldToWeb). */
  yieldsToWeb?: boolean;
};

export type QueueName = keyof typeof queues;
export type JobPayload<Q extends QueueName> = z.infer<(typeof queues)[Q]["payload"]>;
/** A queue with the "short" policy keeps one job waiting: sending another answers no id. */
export type SentJobId<Q extends QueueName> = (typeof queues)[Q]["options"] extends { policy: "short" }
  ? string | null
  : string;

export const queueNames = Object.keys(queues) as QueueName[];

import { getDb } from "#db/client.server";
import { rebuildAnalytics } from "~/domain/analytics/rebuild.server";
import { pruneRateLimitBuckets } from "~/domain/auth/rate-limit.server";
import { endLateStarts } from "~/domain/billing/late-start.server";
import { runShopifyUsageReport } from "~/domain/billing/shopify-usage-report.server";
import { requeueUnappliedStripeEvents, runStripeEventJob } from "~/domain/billing/stripe-events.server";
import { runUsageReport } from "~/domain/billing/usage-report.server";
import { runLeasedCsvImport, startImportLeaseSweep } from "~/domain/contacts/csv-import-lease.server";
import { runApplySubmissionsJob } from "~/domain/forms/apply-submissions.server";
import { deliverCrmEvents } from "~/domain/forms/crm-events.server";
import { sweepUnsavedFormImages } from "~/domain/forms/form-images.server";
import { pruneSpentCaptchas } from "~/domain/forms/spent-captchas.server";
import { runDispatchJob, startDispatchListener } from "~/domain/journeys/dispatch/job.server";
import { sendMessages } from "~/domain/journeys/dispatch/send.server";
import { runCatalogueSync } from "~/domain/shopify/commerce/catalogue.server";
import {
  requeueConsentWriteBacks,
  runConsentWriteBack,
} from "~/domain/shopify/commerce/consent-write-back.server";
import {
  requeueUnappliedShopifyWebhooks,
  runShopifyWebhookJob,
} from "~/domain/shopify/webhooks/inbox.server";
import type { JobHandlers, WorkerStartHook } from "~/services/jobs/jobs.server";
import { sweepAbandonedUploads } from "~/services/storage/storage.server";

/**
 * What a worker process runs for each queue (app/services/jobs/queues.ts), given to startWorker by
 * server.ts and scripts/worker.ts: the jobs module itself never imports domain code.
 */
export const jobHandlers: JobHandlers = {
  "csv-import": ({ importId }, job) =>
    runLeasedCsvImport(importId, { signal: job.signal, lastAttempt: job.lastAttempt }),
  "journey-dispatch": (_payload, job) => runDispatchJob({ signal: job.signal }),
  "journey-send": async ({ messageIds }) => {
    await sendMessages(messageIds);
  },
  "billing-usage-report": async (_payload, job) => {
    await runUsageReport({ signal: job.signal });
  },
  "shopify-usage-report": async (_payload, job) => {
    await runShopifyUsageReport({ signal: job.signal });
  },
  "stripe-event": ({ eventId }, job) => runStripeEventJob(eventId, job),
  "billing-late-start": async () => {
    await endLateStarts();
    // The same 5-minute tick sweeps Stripe events whose job was lost.
    await requeueUnappliedStripeEvents();
  },
  "shopify-webhook": ({ webhookId }, job) => runShopifyWebhookJob(webhookId, job),
  "shopify-webhooks-sweep": async () => {
    await requeueUnappliedShopifyWebhooks();
    await requeueConsentWriteBacks();
  },
  "shopify-consent-write-back": async ({ consentEventId }) => {
    await runConsentWriteBack(consentEventId);
  },
  "shopify-catalogue-sync": ({ accountId, runId }, job) => runCatalogueSync(accountId, runId, job),
  "analytics-rebuild": async ({ accountId }) => {
    await rebuildAnalytics(getDb(), accountId);
  },
  "crm-events": ({ events }) => deliverCrmEvents(events),
  "form-submissions-apply": async (_payload, job) => {
    await runApplySubmissionsJob({ signal: job.signal });
  },
  "form-images-sweep": async (_payload, job) => {
    await sweepUnsavedFormImages({ signal: job.signal });
  },
  "abandoned-uploads-sweep": async () => {
    await sweepAbandonedUploads();
  },
  "prune-rate-limits": async () => {
    await pruneRateLimitBuckets();
    await pruneSpentCaptchas();
  },
};

/**
 * The dispatcher listens for wake-ups (NOTIFY journey_dispatch) in every worker, and every worker
 * sweeps for CSV imports whose worker died (their lease expired).
 */
export const workerStartHooks: WorkerStartHook[] = [startDispatchListener, startImportLeaseSweep];

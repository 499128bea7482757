import { runCsvImport } from "~/domain/contacts/csv-import.server";
import { runDispatchJob, sendMessages, startDispatchListener } from "~/domain/journeys/dispatcher.server";
import type { JobHandler, QueueName } from "./jobs.server";

/** What each queue runs. Loaded by startWorker only: processes that merely send jobs never import it. */
export const jobHandlers: Record<QueueName, JobHandler> = {
  "csv-import": (data, job) =>
    runCsvImport(String(data.importId), { signal: job.signal, lastAttempt: job.lastAttempt }),
  "journey-dispatch": (_data, job) => runDispatchJob({ signal: job.signal }),
  "journey-send": async (data) => {
    await sendMessages(Array.isArray(data.messageIds) ? data.messageIds.map(String) : []);
  },
};

/** Run when a worker starts; each returns what stops it. The dispatcher listens for wake-ups. */
export const onWorkerStart: (() => Promise<() => Promise<void>>)[] = [startDispatchListener];

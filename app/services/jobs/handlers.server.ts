import { runCsvImport } from "~/domain/contacts/csv-import.server";
import type { JobHandler, QueueName } from "./jobs.server";

/** What each queue runs. Loaded by startWorker only: processes that merely send jobs never import it. */
export const jobHandlers: Record<QueueName, JobHandler> = {
  "csv-import": (data, job) =>
    runCsvImport(String(data.importId), { signal: job.signal, lastAttempt: job.lastAttempt }),
};

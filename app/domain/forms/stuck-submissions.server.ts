import { and, desc, eq, gte, sql } from "drizzle-orm";
import { getDb } from "#db/client.server";
import { pendingFormSubmissions } from "#db/schema";
import type { AccountScope } from "~/domain/kernel/scope";
import { sendJob } from "~/services/jobs/jobs.server";
import { MAX_SUBMISSION_ATTEMPTS } from "./apply-submissions.server";

/**
 * Public form submissions the apply job gave up on (MAX_SUBMISSION_ATTEMPTS failures): the visitor was
 * told they were saved, so they are kept, shown to the company's admins on /contact-form, and put back
 * in the queue by their Retry (a deleted attribute or product is the usual cause; the retry applies
 * what it can once the form is fixed, or fails again and waits for the next Retry).
 */

/** Why the last one failed, in words an admin can act on; null when the error says nothing safe. */
export type StuckReason = "deleted" | "conflict" | "invalid" | "unavailable";

export type StuckSubmissions = { count: number; reason: StuckReason | null };

/**
 * The SQLSTATE class of the last error (failureSummary keeps it first): only these map to words; the
 * message itself (constraint and table names, or an unexpected error's text) is never shown.
 */
export function plainReason(lastError: string | null): StuckReason | null {
  const code = /^([0-9A-Z]{5}) /.exec(lastError ?? "")?.[1];
  if (!code) return null;
  if (code === "23503") return "deleted";
  if (code === "23505" || code === "40001" || code === "40P01") return "conflict";
  if (code.startsWith("22") || code === "23502" || code === "23514") return "invalid";
  if (code.startsWith("08") || code.startsWith("53") || code.startsWith("57")) return "unavailable";
  return null;
}

/** The company's stuck submissions: how many, and the plain reason of the latest failure. */
export async function stuckSubmissions(scope: AccountScope): Promise<StuckSubmissions> {
  const stuck = and(
    eq(pendingFormSubmissions.accountId, scope.account.id),
    gte(pendingFormSubmissions.attempts, MAX_SUBMISSION_ATTEMPTS),
  );
  const [summary] = await getDb()
    .select({ count: sql<number>`count(*)::int` })
    .from(pendingFormSubmissions)
    .where(stuck);
  const count = summary?.count ?? 0;
  if (count === 0) return { count: 0, reason: null };
  // The last failure is the one whose next try was set latest.
  const [latest] = await getDb()
    .select({ lastError: pendingFormSubmissions.lastError })
    .from(pendingFormSubmissions)
    .where(stuck)
    .orderBy(desc(pendingFormSubmissions.notBefore))
    .limit(1);
  return { count, reason: plainReason(latest?.lastError ?? null) };
}

/**
 * Retry: the company's stuck submissions get their tries back and are due now, and the apply job is
 * woken (the minute's schedule would pick them up anyway). Returns how many were put back.
 */
export async function retryStuckSubmissions(scope: AccountScope, now = new Date()): Promise<number> {
  const retried = await getDb()
    .update(pendingFormSubmissions)
    .set({ attempts: 0, notBefore: now })
    .where(
      and(
        eq(pendingFormSubmissions.accountId, scope.account.id),
        gte(pendingFormSubmissions.attempts, MAX_SUBMISSION_ATTEMPTS),
      ),
    )
    .returning({ id: pendingFormSubmissions.id });
  if (retried.length > 0)
    await sendJob("form-submissions-apply", {}).catch((error) =>
      console.error("public form: the apply job was not queued after a retry", error),
    );
  return retried.length;
}

import { and, eq, inArray, isNull, lte } from "drizzle-orm";
import { getDb } from "#db/client.server";
import { accounts } from "#db/schema";
import { recordSystemAudit } from "~/domain/admin/audit.server";
import { publishEvent } from "~/services/events/events.server";

/**
 * LATE_START → LATE_START_END (spec 1 section 4): a company an admin gave a late start whose date has
 * passed without a Stripe subscription (no checkout completed) now sees the 'trial period has been
 * completed' banner. Run every 5 minutes by the "billing-late-start" job; rows another run holds are
 * skipped, so two workers never move or audit one company twice. Manually billed companies are left
 * alone: they never get a subscription, and the banner asks for a card.
 */
export async function endLateStarts(now: Date = new Date()): Promise<number> {
  return getDb().transaction(async (tx) => {
    const due = await tx
      .select({ id: accounts.id, lateStartDate: accounts.lateStartDate })
      .from(accounts)
      .where(
        and(
          eq(accounts.accountStatus, "LATE_START"),
          lte(accounts.lateStartDate, now),
          isNull(accounts.stripeSubscriptionId),
          eq(accounts.manualBilling, false),
        ),
      )
      .limit(1000)
      .for("update", { skipLocked: true });
    if (due.length === 0) return 0;
    await tx
      .update(accounts)
      .set({ accountStatus: "LATE_START_END", updatedAt: now })
      .where(
        inArray(
          accounts.id,
          due.map((account) => account.id),
        ),
      );
    for (const account of due) {
      const lateStartDate = account.lateStartDate?.toISOString() ?? null;
      await recordSystemAudit(tx, "system", {
        action: "billing.late_start_end",
        targetType: "account",
        targetId: account.id,
        before: { accountStatus: "LATE_START", lateStartDate },
        after: { accountStatus: "LATE_START_END", lateStartDate },
      });
      await publishEvent({ topic: "account", accountId: account.id }, tx);
    }
    return due.length;
  });
}

import { eq } from "drizzle-orm";
import { getDb } from "#db/client.server";
import { accounts } from "#db/schema";
import type { MemberContext } from "~/domain/access/guard.server";
import { recordAudit } from "~/domain/admin/audit.server";
import type { AccountScope } from "~/domain/kernel/scope";

/**
 * The company's revenue attribution window: an order placed within this many days of a contact's
 * click on a touchpoint's tracked link is attributed to that touchpoint (see attributeOrder).
 */
export async function getAttributionWindowDays(scope: AccountScope): Promise<number> {
  const [row] = await getDb()
    .select({ days: accounts.attributionWindowDays })
    .from(accounts)
    .where(eq(accounts.id, scope.account.id));
  return row?.days ?? 7;
}

/**
 * Saves the window (the caller checked company.write and the 1-90 range) and records the change in
 * the audit log in the same transaction, before and after, as other company setting changes are.
 * Orders already attributed keep their touchpoint: the window applies to orders received from now on.
 */
export async function updateAttributionWindowDays(member: MemberContext, days: number): Promise<void> {
  await getDb().transaction(async (tx) => {
    const [before] = await tx
      .select({ days: accounts.attributionWindowDays })
      .from(accounts)
      .where(eq(accounts.id, member.account.id))
      .for("update");
    if (!before || before.days === days) return;
    await tx
      .update(accounts)
      .set({ attributionWindowDays: days, updatedAt: new Date() })
      .where(eq(accounts.id, member.account.id));
    await recordAudit(tx, member, {
      action: "settings.attribution-window",
      targetType: "account",
      targetId: member.account.id,
      before: { attributionWindowDays: before.days },
      after: { attributionWindowDays: days },
    });
  });
}

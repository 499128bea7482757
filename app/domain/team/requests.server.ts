import { and, desc, eq, ilike } from "drizzle-orm";
import { getDb } from "#db/client.server";
import { accountRequests, memberships, users } from "#db/schema";
import type { MemberContext } from "~/domain/access/guard.server";
import { isUuid } from "~/domain/kernel/ids";
import type { AccountScope } from "~/domain/kernel/scope";
import { escapeLike } from "~/domain/kernel/sql-text";
import type { Language } from "~/i18n/resources";
import { publishEvent } from "~/services/events/events.server";
import { sendRequestDecisionEmail } from "./emails.server";
import { clearRemoval } from "./removals.server";

/** Pending requests to join the active company, optionally searched by email. */
export async function listAccessRequests(context: AccountScope, search = "") {
  return getDb()
    .select({
      id: accountRequests.id,
      email: accountRequests.ownerEmail,
      createdAt: accountRequests.createdAt,
    })
    .from(accountRequests)
    .where(
      and(
        eq(accountRequests.accountId, context.account.id),
        eq(accountRequests.status, "PENDING"),
        search.trim()
          ? ilike(accountRequests.ownerEmail, `%${escapeLike(search.trim().toLowerCase())}%`)
          : undefined,
      ),
    )
    .orderBy(desc(accountRequests.createdAt));
}

export type DecisionOutcome = "done" | "not_found";

/** Approve adds the requester as a member (their new company becomes active) and emails them. */
export async function decideAccessRequest(
  context: MemberContext,
  requestId: string,
  approve: boolean,
  language: Language,
): Promise<DecisionOutcome> {
  if (!isUuid(requestId)) return "not_found";
  const db = getDb();
  const decided = await db.transaction(async (tx) => {
    const [request] = await tx
      .update(accountRequests)
      .set({ status: approve ? "APPROVED" : "DENIED", decidedAt: new Date(), updatedAt: new Date() })
      .where(
        and(
          eq(accountRequests.id, requestId),
          eq(accountRequests.accountId, context.account.id),
          eq(accountRequests.status, "PENDING"),
        ),
      )
      .returning();
    if (!request) return null;
    if (approve) {
      const [requester] = await tx
        .select({ id: users.id })
        .from(users)
        .where(eq(users.email, request.ownerEmail));
      if (requester) {
        await tx
          .insert(memberships)
          .values({ userId: requester.id, accountId: context.account.id, activatedAt: new Date() })
          .onConflictDoNothing();
        await clearRemoval(tx, { userId: requester.id, accountId: context.account.id });
      }
    }
    await publishEvent({ topic: "requests", accountId: context.account.id, email: request.ownerEmail }, tx);
    if (approve) await publishEvent({ topic: "members", accountId: context.account.id }, tx);
    return request;
  });
  if (!decided) return "not_found";
  await sendRequestDecisionEmail({
    to: decided.ownerEmail,
    company: context.account.company,
    approved: approve,
    language,
  });
  return "done";
}

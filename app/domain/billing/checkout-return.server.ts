import { eq } from "drizzle-orm";
import { getDb } from "#db/client.server";
import { accounts, plans } from "#db/schema";
import type { MemberContext } from "~/domain/access/guard.server";
import { recordSystemAudit } from "~/domain/admin/audit.server";
import { logWithErrorId } from "~/domain/kernel/error-id.server";
import { type CheckoutSessionState, stripeBilling } from "~/services/billing/stripe-billing.server";
import { paidCheckoutChange } from "./stripe-event-rules";
import { billingColumns } from "./stripe-events.server";

export type CheckoutConfirmation = "paid" | "pending" | "not_found";

const CHECKOUT_SESSION_ID = /^cs_[A-Za-z0-9_]{1,250}$/;

/**
 * The thank-you page (spec 2 section 2): ?stripe_session= is only a claim. The session is read back
 * from Stripe and must be this company's (client_reference_id) and complete and paid (or need no
 * payment: a late start's trial) before the thank-you shows.
 */
export async function confirmCheckoutSession(
  member: MemberContext,
  sessionId: string,
): Promise<CheckoutConfirmation> {
  const stripe = stripeBilling();
  if (!stripe || !CHECKOUT_SESSION_ID.test(sessionId)) return "not_found";
  try {
    const session = await stripe.retrieveCheckoutSession(sessionId);
    if (session.clientReferenceId !== member.account.id) return "not_found";
    const paid = session.paymentStatus === "paid" || session.paymentStatus === "no_payment_required";
    if (session.status !== "complete" || !paid) return "pending";
    await applyPaidCheckout(member.account.id, session);
    return "paid";
  } catch (error) {
    if ((error as { statusCode?: number }).statusCode === 404) return "not_found";
    logWithErrorId(`Confirming checkout ${sessionId} for ${member.account.id} failed`, error, "warn");
    return "pending";
  }
}

/**
 * What the webhook's checkout.session.completed will also do, done now so the tab shows the plan
 * at once: the same rule (paidCheckoutChange), under the company's lock. It leaves stripeEventAt
 * alone, so every webhook event still applies in its order; a manually billed company is not moved.
 */
async function applyPaidCheckout(accountId: string, session: CheckoutSessionState) {
  await getDb().transaction(async (tx) => {
    const [account] = await tx
      .select(billingColumns)
      .from(accounts)
      .where(eq(accounts.id, accountId))
      .for("update");
    if (!account || account.manualBilling) return;
    const { id: _id, manualBilling: _manual, stripeEventAt: _eventAt, ...before } = account;
    const [plan] = session.planId
      ? await tx.select({ id: plans.id, name: plans.name }).from(plans).where(eq(plans.id, session.planId))
      : [];
    const change = paidCheckoutChange(session, before, plan ?? null);
    if ("ignored" in change) return;
    const after = { ...before, ...change.changes };
    if (JSON.stringify(after) === JSON.stringify(before)) return;
    await tx
      .update(accounts)
      .set({ ...change.changes, updatedAt: new Date() })
      .where(eq(accounts.id, accountId));
    await recordSystemAudit(tx, "stripe", {
      action: "billing.checkout_confirmed",
      targetType: "account",
      targetId: accountId,
      before,
      after: { ...after, checkoutSession: session.id },
    });
  });
}

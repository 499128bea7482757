import { and, asc, eq } from "drizzle-orm";
import { getDb } from "#db/client.server";
import { accounts, memberships, users } from "#db/schema";
import { config } from "~/config.server";
import { logWithErrorId } from "~/domain/kernel/error-id.server";
import { stripeBilling } from "~/services/billing/stripe-billing.server";
import { listBillingPlans } from "./catalogue.server";

export type LateStartCheckout =
  | { kind: "checkout"; url: string }
  | { kind: "not_configured" }
  | { kind: "no_plan" }
  | { kind: "failed"; errorId: string };

/**
 * An admin set LATE_START with a plan (spec 1 sections 4 and 5): a Checkout Session for that plan
 * whose subscription starts at the late start date (a trial until then), for the company's owner
 * (else its first company admin) to complete. Its URL goes back to the admin to hand over; the
 * company's members can also start the same checkout themselves from the Billing tab.
 */
export async function startLateStartCheckout(
  accountId: string,
  now = new Date(),
): Promise<LateStartCheckout> {
  const stripe = stripeBilling();
  if (!stripe) return { kind: "not_configured" };
  const db = getDb();
  const [account] = await db.select().from(accounts).where(eq(accounts.id, accountId));
  const plan = (await listBillingPlans(db)).find((p) => p.id === account?.planId);
  if (!account || !plan || plan.checkoutLookupKeys.length === 0) return { kind: "no_plan" };
  try {
    const returnUrl = new URL("/settings?tab=billing", config().APP_URL).toString();
    const session = await stripe.createCheckoutSession({
      accountId,
      planId: plan.id,
      lookupKeys: plan.checkoutLookupKeys,
      customerId: account.stripeCustomerId,
      customerEmail: await billingContactEmail(accountId, account.ownerUserId),
      successUrl: `${returnUrl}&stripe_session={CHECKOUT_SESSION_ID}`,
      cancelUrl: returnUrl,
      startAt: account.lateStartDate ?? undefined,
      // "This will start new subscription and it will cancel all previous subscriptions": the one
      // the company has now is cancelled when this checkout is paid (stripe-events.server.ts).
      replacesSubscriptionId: account.stripeSubscriptionId,
      now,
    });
    return { kind: "checkout", url: session.url };
  } catch (error) {
    return { kind: "failed", errorId: logWithErrorId(`Late start checkout for ${accountId} failed`, error) };
  }
}

/** The owner's address, else the longest-standing company admin's. */
async function billingContactEmail(accountId: string, ownerUserId: string | null): Promise<string | null> {
  const db = getDb();
  if (ownerUserId) {
    const [owner] = await db.select({ email: users.email }).from(users).where(eq(users.id, ownerUserId));
    if (owner) return owner.email;
  }
  const [admin] = await db
    .select({ email: users.email })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(and(eq(memberships.accountId, accountId), eq(memberships.isCompanyAdmin, true)))
    .orderBy(asc(memberships.createdAt))
    .limit(1);
  return admin?.email ?? null;
}

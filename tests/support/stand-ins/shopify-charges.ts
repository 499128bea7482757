import type { GqlObject } from "./shopify-graphql";
import { escapeHtml, page } from "./shopify-pages";
import type { Money, ShopifyStore, StoredSubscription, SubscriptionStatus } from "./shopify-store";

/**
 * A charge's life after the app asked for it: the confirmation page (Approve / Decline), the new
 * status, and the webhook Shopify then sends the app (app_subscriptions/update,
 * app_purchases_one_time/update). Also the money shapes the Admin API answers with.
 */

export type BillingContext = {
  store: ShopifyStore;
  shop: string;
  /** The stand-in's URL for this shop: http://127.0.0.1:port/{shop}. */
  shopOrigin: string;
  sendWebhook: (topic: string, payload: unknown) => void;
};

/** Shopify's Decimal: a string, always with a fraction ("25.0"). */
export const decimal = (n: number) => (Number.isInteger(n) ? n.toFixed(1) : String(Number(n.toFixed(2))));

export const moneyV2 = (m: Money): GqlObject => ({
  __typename: "MoneyV2",
  amount: decimal(m.amount),
  currencyCode: m.currencyCode,
});

/** The payload of app_subscriptions/update, as Shopify sends it. */
export function subscriptionWebhookPayload(ctx: BillingContext, sub: StoredSubscription) {
  const recurring = sub.lineItems.find((i) => i.kind === "recurring");
  const usage = sub.lineItems.find((i) => i.kind === "usage");
  const shopRecord = ctx.store.shops.get(ctx.shop);
  return {
    app_subscription: {
      admin_graphql_api_id: sub.id,
      name: sub.name,
      status: sub.status,
      admin_graphql_api_shop_id: shopRecord?.id ?? null,
      created_at: sub.createdAt,
      updated_at: new Date().toISOString(),
      currency: (recurring?.price ?? usage?.cappedAmount)?.currencyCode ?? "USD",
      ...(recurring
        ? { price: recurring.price!.amount.toFixed(2), interval: recurring.interval.toLowerCase() }
        : {}),
      ...(usage ? { capped_amount: decimal(usage.cappedAmount!.amount) } : {}),
      plan_handle: null,
    },
  };
}

/** Moves a subscription to a new status and tells the app, as Shopify does. */
export function setSubscriptionStatus(
  ctx: BillingContext,
  sub: StoredSubscription,
  status: SubscriptionStatus,
) {
  if (status === "ACTIVE") {
    // One active subscription per app and shop: approving a new one replaces the old.
    for (const other of ctx.store.subscriptions)
      if (other !== sub && other.shop === sub.shop && other.status === "ACTIVE") {
        other.status = "CANCELLED";
        ctx.sendWebhook("app_subscriptions/update", subscriptionWebhookPayload(ctx, other));
      }
    sub.currentPeriodEnd = new Date(Date.now() + (sub.trialDays + 30) * 86400_000).toISOString();
  }
  sub.status = status;
  ctx.sendWebhook("app_subscriptions/update", subscriptionWebhookPayload(ctx, sub));
}

/** Approve or Decline on the confirmation page; answers where the merchant goes next. */
export function answerCharge(ctx: BillingContext, kind: string, id: number, approve: boolean): string {
  if (kind === "purchase") {
    const purchase = ctx.store.purchases.find((p) => p.legacyId === id && p.shop === ctx.shop);
    if (!purchase) throw new Error("No such charge");
    purchase.status = approve ? "ACTIVE" : "DECLINED";
    ctx.sendWebhook("app_purchases_one_time/update", {
      app_purchase_one_time: {
        admin_graphql_api_id: purchase.id,
        name: purchase.name,
        status: purchase.status,
        admin_graphql_api_shop_id: ctx.store.shops.get(ctx.shop)?.id ?? null,
        created_at: purchase.createdAt,
        updated_at: new Date().toISOString(),
      },
    });
    return withChargeId(purchase.returnUrl, id);
  }
  const sub = ctx.store.subscriptions.find((s) => s.legacyId === id && s.shop === ctx.shop);
  if (!sub) throw new Error("No such charge");
  if (sub.status === "PENDING") setSubscriptionStatus(ctx, sub, approve ? "ACTIVE" : "DECLINED");
  return withChargeId(sub.returnUrl, id);
}

function withChargeId(returnUrl: string, id: number): string {
  const url = new URL(returnUrl);
  url.searchParams.set("charge_id", String(id));
  return url.href;
}

/** The confirmation page (GET), and the merchant's answer to it (POST: 303 to the returnUrl). */
export async function chargePage(
  ctx: BillingContext,
  method: string,
  query: URLSearchParams,
  body: string,
  settled: () => Promise<void>,
): Promise<{ status: number; body: string; contentType?: string; headers?: Record<string, string> }> {
  const { store, shop } = ctx;
  const form = method === "POST" ? new URLSearchParams(body) : query;
  const kind = form.get("kind") ?? "subscription";
  const id = Number(form.get("id"));
  const sub = store.subscriptions.find((s) => s.legacyId === id && s.shop === shop);
  const purchase = store.purchases.find((p) => p.legacyId === id && p.shop === shop);
  const charge = kind === "purchase" ? purchase : sub;
  if (!charge)
    return {
      status: 404,
      body: page("Not found", "<h1>There is no such charge</h1>"),
      contentType: "text/html",
    };
  if (method === "POST") {
    const redirectTo = answerCharge(ctx, kind, id, form.get("decision") === "approve");
    await settled();
    return { status: 303, body: "", headers: { Location: redirectTo } };
  }
  const lines =
    kind === "purchase"
      ? `<li>${escapeHtml(`${purchase!.price.amount} ${purchase!.price.currencyCode} once`)}</li>`
      : sub!.lineItems
          .map((i) =>
            i.kind === "recurring"
              ? `<li>${escapeHtml(`${i.price!.amount} ${i.price!.currencyCode} every ${i.interval === "ANNUAL" ? "year" : "30 days"}`)}</li>`
              : `<li>${escapeHtml(`Usage charges up to ${i.cappedAmount!.amount} ${i.cappedAmount!.currencyCode}: ${i.terms ?? ""}`)}</li>`,
          )
          .join("");
  const hidden = `<input type="hidden" name="id" value="${id}"><input type="hidden" name="kind" value="${escapeHtml(kind)}">`;
  const storeName = store.shops.get(shop)?.name ?? shop;
  return {
    status: 200,
    contentType: "text/html; charset=utf-8",
    body: page(
      `Approve ${charge.name}`,
      `<h1>Approve ${escapeHtml(charge.name)} for ${escapeHtml(storeName)}</h1>
<p>${charge.test ? "Test charge: the store will not be billed." : ""}</p><p>Status: ${escapeHtml(charge.status)}</p>
<ul>${lines}</ul>
<form method="post" action="/${shop}/admin/charges/confirm">${hidden}<input type="hidden" name="decision" value="approve"><button type="submit">Approve</button></form>
<form method="post" action="/${shop}/admin/charges/confirm">${hidden}<input type="hidden" name="decision" value="decline"><button type="submit">Decline</button></form>`,
    ),
  };
}

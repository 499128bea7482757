import { type BillingContext, moneyV2, setSubscriptionStatus } from "./shopify-charges";
import type { GqlArgs, GqlObject } from "./shopify-graphql";
import type {
  Money,
  StoredLineItem,
  StoredPurchase,
  StoredSubscription,
  StoredUsageRecord,
} from "./shopify-store";

/**
 * The app's Shopify billing: AppSubscription objects with recurring and usage line items, the
 * mutations the library's billing helpers send (appSubscriptionCreate, appSubscriptionCancel,
 * appUsageRecordCreate, appPurchaseOneTimeCreate, appSubscriptionLineItemUpdate). The merchant's
 * answer to a charge is in shopify-charges.ts.
 */

function lineItemObject(item: StoredLineItem): GqlObject {
  const pricingDetails: GqlObject =
    item.kind === "recurring"
      ? {
          __typename: "AppRecurringPricing",
          __implements: ["AppPricingDetails"],
          price: moneyV2(item.price!),
          interval: item.interval,
          discount: null,
          planHandle: null,
        }
      : {
          __typename: "AppUsagePricing",
          __implements: ["AppPricingDetails"],
          balanceUsed: moneyV2({ amount: item.balanceUsed, currencyCode: item.cappedAmount!.currencyCode }),
          cappedAmount: moneyV2(item.cappedAmount!),
          terms: item.terms ?? "",
          interval: item.interval,
        };
  return {
    __typename: "AppSubscriptionLineItem",
    id: item.id,
    plan: { __typename: "AppPlanV2", pricingDetails },
  };
}

export function subscriptionObject(sub: StoredSubscription): GqlObject {
  return {
    __typename: "AppSubscription",
    __implements: ["Node"],
    id: sub.id,
    name: sub.name,
    status: sub.status,
    test: sub.test,
    trialDays: sub.trialDays,
    createdAt: sub.createdAt,
    currentPeriodEnd: sub.currentPeriodEnd,
    returnUrl: sub.returnUrl,
    lineItems: sub.lineItems.map(lineItemObject),
  };
}

export function purchaseObject(p: StoredPurchase): GqlObject {
  return {
    __typename: "AppPurchaseOneTime",
    __implements: ["AppPurchase", "Node"],
    id: p.id,
    name: p.name,
    status: p.status,
    test: p.test,
    price: moneyV2(p.price),
    createdAt: p.createdAt,
  };
}

function usageRecordObject(ctx: BillingContext, r: StoredUsageRecord): GqlObject {
  const item = findLineItem(ctx, r.subscriptionLineItemId)?.item;
  return {
    __typename: "AppUsageRecord",
    id: r.id,
    description: r.description,
    idempotencyKey: r.idempotencyKey,
    price: moneyV2(r.price),
    createdAt: r.createdAt,
    subscriptionLineItem: item ? lineItemObject(item) : null,
  };
}

function findLineItem(ctx: BillingContext, id: string) {
  for (const sub of ctx.store.subscriptions)
    if (sub.shop === ctx.shop) for (const item of sub.lineItems) if (item.id === id) return { sub, item };
  return undefined;
}

const userError = (field: string[] | null, message: string) => ({ __typename: "UserError", field, message });
const money = (input: unknown): Money => {
  const m = (input ?? {}) as { amount?: unknown; currencyCode?: unknown };
  return { amount: Number(m.amount), currencyCode: String(m.currencyCode ?? "USD") };
};

export function billingMutations(ctx: BillingContext): Record<string, (args: GqlArgs) => unknown> {
  const { store, shop } = ctx;
  return {
    appSubscriptionCreate: (args) => {
      const payload = (fields: Record<string, unknown>) => ({
        __typename: "AppSubscriptionCreatePayload",
        appSubscription: null,
        confirmationUrl: null,
        userErrors: [],
        ...fields,
      });
      const inputs = (args.lineItems ?? []) as Array<{ plan?: Record<string, Record<string, unknown>> }>;
      if (!args.name) return payload({ userErrors: [userError(["name"], "Name can't be blank")] });
      if (!inputs.length)
        return payload({ userErrors: [userError(["lineItems"], "Line items can't be blank")] });
      const legacyId = store.id();
      const lineItems: StoredLineItem[] = [];
      for (const [index, input] of inputs.entries()) {
        const id = `gid://shopify/AppSubscriptionLineItem/${legacyId}?v=1&index=${index}`;
        const recurring = input.plan?.appRecurringPricingDetails;
        const usage = input.plan?.appUsagePricingDetails;
        if (recurring)
          lineItems.push({
            id,
            kind: "recurring",
            price: money(recurring.price),
            interval: recurring.interval === "ANNUAL" ? "ANNUAL" : "EVERY_30_DAYS",
            balanceUsed: 0,
          });
        else if (usage)
          lineItems.push({
            id,
            kind: "usage",
            cappedAmount: money(usage.cappedAmount),
            terms: String(usage.terms ?? ""),
            interval: "EVERY_30_DAYS",
            balanceUsed: 0,
          });
        else return payload({ userErrors: [userError(["lineItems", String(index)], "Plan is invalid")] });
      }
      const sub: StoredSubscription = {
        id: `gid://shopify/AppSubscription/${legacyId}`,
        legacyId,
        shop,
        name: String(args.name),
        status: "PENDING",
        test: Boolean(args.test),
        trialDays: Number(args.trialDays ?? 0),
        returnUrl: String(args.returnUrl ?? ""),
        replacementBehavior: String(args.replacementBehavior ?? "STANDARD"),
        createdAt: new Date().toISOString(),
        currentPeriodEnd: null,
        lineItems,
      };
      store.subscriptions.push(sub);
      return payload({
        appSubscription: subscriptionObject(sub),
        confirmationUrl: `${ctx.shopOrigin}/admin/charges/confirm?id=${legacyId}&kind=subscription`,
      });
    },
    appSubscriptionCancel: (args) => {
      const sub = store.subscriptions.find((s) => s.id === args.id && s.shop === shop);
      if (!sub)
        return {
          __typename: "AppSubscriptionCancelPayload",
          appSubscription: null,
          userErrors: [userError(["id"], "Couldn't find RecurringApplicationCharge")],
        };
      if (sub.status === "ACTIVE" || sub.status === "PENDING" || sub.status === "FROZEN")
        setSubscriptionStatus(ctx, sub, "CANCELLED");
      return {
        __typename: "AppSubscriptionCancelPayload",
        appSubscription: subscriptionObject(sub),
        userErrors: [],
      };
    },
    appSubscriptionLineItemUpdate: (args) => {
      const found = findLineItem(ctx, String(args.id));
      const payload = (fields: Record<string, unknown>) => ({
        __typename: "AppSubscriptionLineItemUpdatePayload",
        appSubscription: null,
        confirmationUrl: null,
        userErrors: [],
        ...fields,
      });
      if (found?.item.kind !== "usage")
        return payload({
          userErrors: [userError(["id"], "Subscription line item not found or not a usage line item")],
        });
      found.item.cappedAmount = money(args.cappedAmount);
      return payload({
        appSubscription: subscriptionObject(found.sub),
        confirmationUrl: `${ctx.shopOrigin}/admin/charges/confirm?id=${found.sub.legacyId}&kind=subscription`,
      });
    },
    appUsageRecordCreate: (args) => {
      const payload = (fields: Record<string, unknown>) => ({
        __typename: "AppUsageRecordCreatePayload",
        appUsageRecord: null,
        userErrors: [],
        ...fields,
      });
      const found = findLineItem(ctx, String(args.subscriptionLineItemId));
      if (found?.item.kind !== "usage")
        return payload({
          userErrors: [userError(["subscriptionLineItemId"], "Subscription line item not found")],
        });
      if (found.sub.status !== "ACTIVE")
        return payload({ userErrors: [userError(null, "The subscription is not active")] });
      const key = args.idempotencyKey ? String(args.idempotencyKey) : null;
      const earlier =
        key &&
        store.usageRecords.find(
          (r) => r.idempotencyKey === key && r.subscriptionLineItemId === found.item.id,
        );
      if (earlier) return payload({ appUsageRecord: usageRecordObject(ctx, earlier) });
      const price = money(args.price);
      if (!(price.amount > 0))
        return payload({ userErrors: [userError(["price"], "Price must be greater than 0")] });
      if (found.item.balanceUsed + price.amount > found.item.cappedAmount!.amount + 1e-9)
        return payload({ userErrors: [userError(null, "Total price exceeds balance remaining")] });
      found.item.balanceUsed = Number((found.item.balanceUsed + price.amount).toFixed(2));
      const record: StoredUsageRecord = {
        id: `gid://shopify/AppUsageRecord/${store.id()}`,
        shop,
        subscriptionId: found.sub.id,
        subscriptionLineItemId: found.item.id,
        description: String(args.description ?? ""),
        idempotencyKey: key,
        price,
        createdAt: new Date().toISOString(),
      };
      store.usageRecords.push(record);
      return payload({ appUsageRecord: usageRecordObject(ctx, record) });
    },
    appPurchaseOneTimeCreate: (args) => {
      const legacyId = store.id();
      const purchase: StoredPurchase = {
        id: `gid://shopify/AppPurchaseOneTime/${legacyId}`,
        legacyId,
        shop,
        name: String(args.name ?? ""),
        status: "PENDING",
        test: Boolean(args.test),
        price: money(args.price),
        returnUrl: String(args.returnUrl ?? ""),
        createdAt: new Date().toISOString(),
      };
      store.purchases.push(purchase);
      return {
        __typename: "AppPurchaseOneTimeCreatePayload",
        appPurchaseOneTime: purchaseObject(purchase),
        confirmationUrl: `${ctx.shopOrigin}/admin/charges/confirm?id=${legacyId}&kind=purchase`,
        userErrors: [],
      };
    },
  };
}

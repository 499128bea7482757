import { checkoutSessionObject, portalSessionObject, validateCheckout } from "./stripe-checkout";
import {
  customerObject,
  invalidRequest,
  listOf,
  mergeMetadata,
  missingParam,
  noSuch,
  nowSeconds,
  type StripeObject,
  subscriptionItemObject,
} from "./stripe-objects";
import { type ApiContext, type ApiRoute, expandOf, page, type StripeStore } from "./stripe-store";

/** Customers, Checkout Sessions, subscriptions, billing portal sessions and events. */

function sessionAnswer(context: ApiContext, session: StripeObject) {
  const expand = expandOf(context);
  const answer = context.store.expand(
    session,
    expand.filter((e) => e !== "line_items"),
  );
  if (expand.includes("line_items")) answer.line_items = lineItemsList(context.store, session.id);
  return answer;
}

function lineItemsList(store: StripeStore, sessionId: string) {
  const details = store.checkoutDetails.get(sessionId)!;
  const data = details.lineItems.map((item, i) => {
    const amount = (item.price.unit_amount ?? 0) * (item.quantity ?? 0);
    return {
      id: `li_${sessionId.slice(-20)}${i}`,
      object: "item",
      adjustable_quantity: null,
      amount_discount: 0,
      amount_subtotal: amount,
      amount_tax: 0,
      amount_total: amount,
      currency: item.price.currency,
      description: store.products.get(item.price.product)?.name ?? "",
      metadata: {},
      price: item.price,
      ...(item.quantity === undefined ? { quantity: null } : { quantity: item.quantity }),
    };
  });
  return { object: "list", data, has_more: false, url: `/v1/checkout/sessions/${sessionId}/line_items` };
}

const customers: ApiRoute[] = [
  {
    method: "POST",
    path: /^\/v1\/customers$/,
    handle: ({ store, form }) => {
      const customer = customerObject({
        email: form.string("email") ?? null,
        name: form.string("name") ?? null,
        metadata: form.metadata() ?? {},
      });
      store.customers.set(customer.id, customer);
      return customer;
    },
  },
  {
    method: "GET",
    path: /^\/v1\/customers\/([^/]+)$/,
    handle: ({ store, params }) => store.get(store.customers, "customer", params[0]!),
  },
  {
    method: "POST",
    path: /^\/v1\/customers\/([^/]+)$/,
    handle: ({ store, params, form }) => {
      const customer = store.get(store.customers, "customer", params[0]!);
      for (const field of ["email", "name", "description"])
        if (form.has(field)) customer[field] = form.string(field) || null;
      mergeMetadata(customer, form.metadata());
      return customer;
    },
  },
];

const checkout: ApiRoute[] = [
  {
    method: "POST",
    path: /^\/v1\/checkout\/sessions$/,
    handle: (context) => {
      const { details, fields } = validateCheckout(context);
      const session = checkoutSessionObject(context.standInUrl, fields, details);
      context.store.sessions.set(session.id, session);
      context.store.checkoutDetails.set(session.id, details);
      return sessionAnswer(context, session);
    },
  },
  {
    method: "GET",
    path: /^\/v1\/checkout\/sessions\/([^/]+)$/,
    handle: (context) =>
      sessionAnswer(
        context,
        context.store.get(context.store.sessions, "checkout.session", context.params[0]!),
      ),
  },
  {
    method: "GET",
    path: /^\/v1\/checkout\/sessions\/([^/]+)\/line_items$/,
    handle: ({ store, params }) => {
      store.get(store.sessions, "checkout.session", params[0]!);
      return lineItemsList(store, params[0]!);
    },
  },
  {
    method: "POST",
    path: /^\/v1\/checkout\/sessions\/([^/]+)\/expire$/,
    handle: (context) => {
      const session = context.store.get(context.store.sessions, "checkout.session", context.params[0]!);
      if (session.status !== "open")
        throw invalidRequest(
          `Only Checkout Sessions with a status in ["open"] can be expired. This Checkout Session has a status of "${session.status}".`,
        );
      session.status = "expired";
      session.url = null;
      context.emit("checkout.session.expired", session);
      return sessionAnswer(context, session);
    },
  },
];

function updateSubscription(context: ApiContext, subscription: StripeObject) {
  const { form, store } = context;
  if (subscription.status === "canceled")
    throw invalidRequest(
      "A canceled subscription can only update its cancellation_details and metadata.",
      undefined,
      "resource_missing",
    );
  const prorationBehavior = form.string("proration_behavior");
  if (prorationBehavior && !["create_prorations", "none", "always_invoice"].includes(prorationBehavior))
    throw invalidRequest(
      "Invalid proration_behavior: must be one of create_prorations, none, or always_invoice",
      "proration_behavior",
    );
  const previous: Record<string, unknown> = {};
  const items: StripeObject[] = structuredClone(subscription.items.data);
  const changes = form.objects("items");
  if (changes.length > 0) previous.items = structuredClone(subscription.items);
  for (const change of changes) {
    const itemId = change.string("id");
    const priceId = change.string("price");
    const price = priceId ? store.get(store.prices, "price", priceId, "items[price]") : undefined;
    if (price && !price.active)
      throw invalidRequest(
        "The price specified is inactive. This field only accepts active prices.",
        "price",
      );
    const quantity = change.integer("quantity");
    if (price?.recurring?.usage_type === "metered" && quantity !== undefined)
      throw invalidRequest("Quantity should not be specified where usage_type is `metered`.", "quantity");
    if (itemId) {
      const index = items.findIndex((i) => i.id === itemId);
      if (index < 0)
        throw invalidRequest(`No such subscription item: '${itemId}'`, "items", "resource_missing");
      if (change.boolean("deleted")) {
        items.splice(index, 1);
        continue;
      }
      const item = items[index]!;
      if (price) {
        item.price = price;
        if (price.recurring?.usage_type === "metered") delete item.quantity;
        else item.quantity = quantity ?? item.quantity ?? 1;
      } else if (quantity !== undefined) item.quantity = quantity;
    } else {
      if (!price) throw missingParam("items[price]");
      items.push(subscriptionItemObject(subscription.id, price, quantity, nowSeconds()));
    }
  }
  const intervals = new Set(
    items.map((i) => `${i.price.recurring?.interval}/${i.price.recurring?.interval_count}`),
  );
  if (intervals.size > 1)
    throw invalidRequest(
      "Currency and interval fields must match across all plans on this subscription.",
      "items",
    );
  subscription.items.data = items;
  const metadata = form.metadata();
  if (metadata) {
    previous.metadata = { ...subscription.metadata };
    mergeMetadata(subscription, metadata);
  }
  if (form.has("cancel_at_period_end")) {
    previous.cancel_at_period_end = subscription.cancel_at_period_end;
    subscription.cancel_at_period_end = form.boolean("cancel_at_period_end");
  }
  store.subscriptionUpdates.push({
    subscriptionId: subscription.id,
    prorationBehavior,
    items: changes.map((c) => c.form),
  });
  context.emit("customer.subscription.updated", subscription, previous);
}

const subscriptions: ApiRoute[] = [
  {
    method: "GET",
    path: /^\/v1\/subscriptions\/([^/]+)$/,
    handle: (context) =>
      context.store.expand(
        context.store.get(context.store.subscriptions, "subscription", context.params[0]!),
        expandOf(context),
      ),
  },
  {
    method: "POST",
    path: /^\/v1\/subscriptions\/([^/]+)$/,
    handle: (context) => {
      const subscription = context.store.get(context.store.subscriptions, "subscription", context.params[0]!);
      updateSubscription(context, subscription);
      return context.store.expand(subscription, expandOf(context));
    },
  },
  {
    method: "DELETE",
    path: /^\/v1\/subscriptions\/([^/]+)$/,
    handle: (context) => {
      const subscription = context.store.get(context.store.subscriptions, "subscription", context.params[0]!);
      if (subscription.status === "canceled")
        throw invalidRequest(
          `No such subscription: '${subscription.id}'; a similar object exists in test mode, but it has been canceled.`,
          "id",
          "resource_missing",
        );
      const previous = { status: subscription.status };
      const now = nowSeconds();
      Object.assign(subscription, {
        status: "canceled",
        canceled_at: now,
        ended_at: now,
        cancellation_details: {
          comment: null,
          feedback: null,
          feedback_option: null,
          reason: "cancellation_requested",
        },
      });
      context.emit("customer.subscription.deleted", subscription, previous);
      return context.store.expand(subscription, expandOf(context));
    },
  },
  {
    method: "GET",
    path: /^\/v1\/subscriptions$/,
    handle: (context) => {
      const customer = context.form.string("customer");
      const status = context.form.string("status");
      const items = context.store
        .newestFirst(context.store.subscriptions)
        .filter(
          (s) =>
            (!customer || s.customer === customer) &&
            (status === "all" || (status ? s.status === status : s.status !== "canceled")),
        );
      return listOf(items, "/v1/subscriptions", page(context));
    },
  },
];

const portalAndEvents: ApiRoute[] = [
  {
    method: "POST",
    path: /^\/v1\/billing_portal\/sessions$/,
    handle: ({ store, form, standInUrl }) => {
      const customer = form.string("customer");
      if (!customer) throw missingParam("customer");
      store.get(store.customers, "customer", customer, "customer");
      const session = portalSessionObject(standInUrl, customer, form.string("return_url") ?? null);
      store.portalSessions.set(session.id, session);
      return session;
    },
  },
  {
    method: "GET",
    path: /^\/v1\/events\/([^/]+)$/,
    handle: ({ store, params }) => {
      const event = store.events.find((e) => e.id === params[0]);
      if (!event) throw noSuch("event", params[0]!);
      return event;
    },
  },
  {
    method: "GET",
    path: /^\/v1\/events$/,
    handle: (context) => {
      const type = context.form.string("type");
      const events = [...context.store.events].reverse().filter((e) => !type || e.type === type);
      return listOf(events as unknown as StripeObject[], "/v1/events", page(context));
    },
  },
];

export const billingRoutes: ApiRoute[] = [...customers, ...checkout, ...subscriptions, ...portalAndEvents];

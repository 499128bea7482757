import {
  invalidRequest,
  listOf,
  mergeMetadata,
  meterObject,
  missingParam,
  nowSeconds,
  priceObject,
  productObject,
  type StripeObject,
  stripeId,
} from "./stripe-objects";
import { type ApiContext, type ApiRoute, expandOf, page } from "./stripe-store";

/** Products, prices, billing meters and meter events: what `npm run stripe:sync` and usage reports use. */

// A lookup key belongs to one price; transfer_lookup_key moves it, otherwise Stripe refuses.
function claimLookupKey(context: ApiContext, key: string | undefined, priceId: string | null) {
  if (!key) return;
  const holder = [...context.store.prices.values()].find((p) => p.lookup_key === key && p.id !== priceId);
  if (!holder) return;
  if (!context.form.boolean("transfer_lookup_key"))
    throw invalidRequest(
      `A price (\`${holder.id}\`) already uses that lookup key.`,
      "lookup_key",
      "lookup_key_already_used",
    );
  holder.lookup_key = null;
}

const products: ApiRoute[] = [
  {
    method: "POST",
    path: /^\/v1\/products$/,
    handle: (context) => {
      const { form, store } = context;
      const name = form.string("name");
      if (!name) throw missingParam("name");
      const id = form.string("id");
      if (id && store.products.has(id))
        throw invalidRequest(`Product already exists.`, "id", "resource_already_exists");
      const product = productObject({
        id,
        name,
        description: form.string("description"),
        metadata: form.metadata() ?? {},
        active: form.boolean("active") ?? true,
      });
      store.products.set(product.id, product);
      return product;
    },
  },
  {
    method: "GET",
    path: /^\/v1\/products\/([^/]+)$/,
    handle: ({ store, params }) => store.get(store.products, "product", params[0]!),
  },
  {
    method: "POST",
    path: /^\/v1\/products\/([^/]+)$/,
    handle: ({ store, params, form }) => {
      const product = store.get(store.products, "product", params[0]!);
      for (const field of ["name", "description"]) if (form.has(field)) product[field] = form.string(field);
      if (form.has("active")) product.active = form.boolean("active");
      mergeMetadata(product, form.metadata());
      product.updated = nowSeconds();
      return product;
    },
  },
  {
    method: "GET",
    path: /^\/v1\/products$/,
    handle: (context) => {
      const { store, form } = context;
      const active = form.boolean("active");
      const items = store
        .newestFirst(store.products)
        .filter((p) => active === undefined || p.active === active);
      return listOf(items, "/v1/products", page(context));
    },
  },
];

const prices: ApiRoute[] = [
  {
    method: "POST",
    path: /^\/v1\/prices$/,
    handle: (context) => {
      const { form, store } = context;
      const currency = form.string("currency");
      if (!currency) throw missingParam("currency");
      let productId = form.string("product");
      if (!productId) {
        const data = form.object("product_data");
        const name = data.string("name");
        if (!name) throw missingParam("product");
        const product = productObject({ name, metadata: data.metadata() ?? {}, active: true });
        store.products.set(product.id, product);
        productId = product.id;
      }
      store.get(store.products, "product", productId, "product");
      const unitAmount = form.integer("unit_amount");
      if (unitAmount === undefined) throw missingParam("unit_amount");
      let recurring = null;
      if (form.has("recurring")) {
        const r = form.object("recurring");
        const interval = r.string("interval");
        if (!interval || !["day", "week", "month", "year"].includes(interval))
          throw missingParam("recurring[interval]");
        const usageType = r.string("usage_type") ?? "licensed";
        const meter = r.string("meter") ?? null;
        // Since API version 2025-03-31, a metered price must be backed by a billing meter.
        if (usageType === "metered" && !meter)
          throw invalidRequest(
            "A meter is required for prices with `recurring[usage_type]=metered`.",
            "recurring[meter]",
          );
        if (meter) store.get(store.meters, "billing.meter", meter, "recurring[meter]");
        recurring = {
          interval,
          interval_count: r.integer("interval_count") ?? 1,
          usage_type: usageType,
          meter,
        };
      }
      const lookupKey = form.string("lookup_key");
      claimLookupKey(context, lookupKey, null);
      const price = priceObject({
        product: productId,
        currency: currency.toLowerCase(),
        unitAmount,
        recurring,
        lookupKey: lookupKey || null,
        nickname: form.string("nickname") ?? null,
        metadata: form.metadata() ?? {},
        active: form.boolean("active") ?? true,
      });
      store.prices.set(price.id, price);
      return store.expand(price, expandOf(context));
    },
  },
  {
    method: "GET",
    path: /^\/v1\/prices\/([^/]+)$/,
    handle: (context) =>
      context.store.expand(
        context.store.get(context.store.prices, "price", context.params[0]!),
        expandOf(context),
      ),
  },
  {
    method: "POST",
    path: /^\/v1\/prices\/([^/]+)$/,
    handle: (context) => {
      const { store, params, form } = context;
      const price = store.get(store.prices, "price", params[0]!);
      // Prices are immutable but for these: a new amount is a new price.
      for (const field of ["unit_amount", "currency", "recurring", "product"])
        if (form.has(field)) throw invalidRequest(`Received unknown parameter: ${field}`, field);
      if (form.has("lookup_key")) {
        const key = form.string("lookup_key");
        claimLookupKey(context, key, price.id);
        price.lookup_key = key || null;
      }
      if (form.has("active")) price.active = form.boolean("active");
      if (form.has("nickname")) price.nickname = form.string("nickname") || null;
      mergeMetadata(price, form.metadata());
      return store.expand(price, expandOf(context));
    },
  },
  {
    method: "GET",
    path: /^\/v1\/prices$/,
    handle: (context) => {
      const { store, form } = context;
      const active = form.boolean("active");
      const lookupKeys = form.strings("lookup_keys");
      if (lookupKeys.length > 10)
        throw invalidRequest("You may only specify up to 10 lookup_keys.", "lookup_keys");
      const product = form.string("product");
      const type = form.string("type");
      const items = store
        .newestFirst(store.prices)
        .filter(
          (p) =>
            (active === undefined || p.active === active) &&
            (lookupKeys.length === 0 || lookupKeys.includes(p.lookup_key)) &&
            (!product || p.product === product) &&
            (!type || p.type === type),
        )
        .map((p) =>
          store.expand(
            p,
            expandOf(context).map((e) => e.replace(/^data\./, "")),
          ),
        );
      return listOf(items, "/v1/prices", page(context));
    },
  },
];

const meters: ApiRoute[] = [
  {
    method: "POST",
    path: /^\/v1\/billing\/meters$/,
    handle: ({ store, form }) => {
      const displayName = form.string("display_name");
      if (!displayName) throw missingParam("display_name");
      const eventName = form.string("event_name");
      if (!eventName) throw missingParam("event_name");
      const formula = form.object("default_aggregation").string("formula");
      if (!formula) throw missingParam("default_aggregation[formula]");
      if (!["sum", "count", "last"].includes(formula))
        throw invalidRequest(`Invalid default_aggregation[formula]: must be one of count, last, or sum`);
      if ([...store.meters.values()].some((m) => m.event_name === eventName && m.status === "active"))
        throw invalidRequest(
          `An active meter with event name \`${eventName}\` already exists.`,
          "event_name",
          "resource_already_exists",
        );
      const meter = meterObject({
        displayName,
        eventName,
        formula,
        customerKey: form.object("customer_mapping").string("event_payload_key") ?? "stripe_customer_id",
        valueKey: form.object("value_settings").string("event_payload_key") ?? "value",
      });
      store.meters.set(meter.id, meter);
      return meter;
    },
  },
  {
    method: "GET",
    path: /^\/v1\/billing\/meters\/([^/]+)$/,
    handle: ({ store, params }) => store.get(store.meters, "billing.meter", params[0]!),
  },
  {
    method: "GET",
    path: /^\/v1\/billing\/meters$/,
    handle: (context) => {
      const status = context.form.string("status");
      const items = context.store
        .newestFirst(context.store.meters)
        .filter((m) => !status || m.status === status);
      return listOf(items, "/v1/billing/meters", page(context));
    },
  },
  {
    method: "POST",
    path: /^\/v1\/billing\/meter_events$/,
    handle: ({ store, form }) => {
      const eventName = form.string("event_name");
      if (!eventName) throw missingParam("event_name");
      if (!form.has("payload")) throw missingParam("payload");
      const payload = form.metadata("payload") ?? {};
      const identifier = form.string("identifier") || stripeId("identifier").replace("_", "-");
      // Stripe's v1 answer to a reused identifier: a 400 whose only marker is the message (no code),
      // with Stripe-Should-Retry: false (as seen in production by langfuse and others).
      if (store.meterEvents.some((e) => e.identifier === identifier)) {
        const error = invalidRequest(`An event already exists with identifier ${identifier}.`);
        Object.assign(error.headers, { "Stripe-Should-Retry": "false" });
        throw error;
      }
      const now = nowSeconds();
      const timestamp = form.integer("timestamp") ?? now;
      if (timestamp < now - 35 * 24 * 60 * 60)
        throw invalidRequest("Timestamp must be no more than 35 days in the past.", "timestamp");
      if (timestamp > now + 5 * 60)
        throw invalidRequest("Timestamp must be no more than 5 minutes in the future.", "timestamp");
      const event: StripeObject = {
        // Meter events have no id in Stripe's answer; the stand-in keys them by identifier.
        id: identifier,
        object: "billing.meter_event",
        created: now,
        event_name: eventName,
        identifier,
        livemode: false,
        payload,
        timestamp,
      };
      store.meterEvents.push(event);
      const { id: _id, ...answer } = event;
      return answer;
    },
  },
];

export const catalogueRoutes: ApiRoute[] = [...products, ...prices, ...meters];

/** The sum a meter counts for a customer (Stripe's `sum` aggregation over its events). */
export function meterTotal(
  store: { meters: Map<string, StripeObject>; meterEvents: StripeObject[] },
  customerId: string,
  eventName?: string,
): number {
  let total = 0;
  for (const meter of store.meters.values()) {
    if (eventName && meter.event_name !== eventName) continue;
    for (const event of store.meterEvents) {
      if (event.event_name !== meter.event_name) continue;
      if (event.payload[meter.customer_mapping.event_payload_key] !== customerId) continue;
      const value = Number(event.payload[meter.value_settings.event_payload_key]);
      if (Number.isFinite(value)) total += meter.default_aggregation.formula === "count" ? 1 : value;
    }
  }
  return total;
}

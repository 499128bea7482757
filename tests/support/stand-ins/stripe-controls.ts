import { meterTotal } from "./stripe-catalogue-api";
import type { StripeDelivery } from "./stripe-events";
import type { StripeObject } from "./stripe-objects";
import type { StripeStore } from "./stripe-store";

/**
 * The stand-in's test-only controls under /__stand-in/, for Playwright specs, which run in other
 * processes than the stand-in (see tests/support/e2e-stripe.ts):
 *   GET  /__stand-in/state               every object, meter totals, events and deliveries
 *   POST /__stand-in/fail-next           [{ status, body }, ...] for the app's next API requests
 *   POST /__stand-in/checkout/:id/pay    as pressing Pay; answers { redirectTo, deliveries }
 *   POST /__stand-in/events              { type, id, set?, previousAttributes? } (or { type, object })
 * (and /__stand-in/api/v1/... is the API without the secret key, handled with the API itself).
 */

export type ControlContext = {
  store: StripeStore;
  deliveries: StripeDelivery[];
  failNext: (answers: Array<{ status: number; body: unknown }>) => void;
  pay: (sessionId: string) => Promise<{ redirectTo: string; deliveries: StripeDelivery[] }>;
  sendEvent: (
    type: string,
    object: StripeObject,
    previous?: Record<string, unknown>,
  ) => Promise<StripeDelivery | undefined>;
};

function state({ store, deliveries }: ControlContext) {
  return {
    products: [...store.products.values()],
    prices: [...store.prices.values()],
    meters: [...store.meters.values()],
    customers: [...store.customers.values()],
    sessions: [...store.sessions.values()],
    subscriptions: [...store.subscriptions.values()],
    subscriptionUpdates: store.subscriptionUpdates,
    portalSessions: [...store.portalSessions.values()],
    meterEvents: store.meterEvents.map(({ id: _id, ...event }) => event),
    meterTotals: Object.fromEntries([...store.customers.keys()].map((id) => [id, meterTotal(store, id)])),
    events: store.events,
    deliveries: deliveries.map((d) => ({
      eventId: d.event.id,
      type: d.event.type,
      status: d.status,
      error: d.error,
    })),
  };
}

export async function controlAnswer(
  context: ControlContext,
  method: string,
  path: string,
  body: string,
): Promise<{ status: number; body: unknown }> {
  const json = body ? JSON.parse(body) : {};
  if (method === "GET" && path === "/__stand-in/state") return { status: 200, body: state(context) };
  if (method === "POST" && path === "/__stand-in/fail-next") {
    context.failNext(Array.isArray(json) ? json : [json]);
    return { status: 200, body: { ok: true } };
  }
  const payMatch = /^\/__stand-in\/checkout\/([^/]+)\/pay$/.exec(path);
  if (method === "POST" && payMatch) return { status: 200, body: await context.pay(payMatch[1]!) };
  if (method === "POST" && path === "/__stand-in/events") {
    // { type, id } sends the object as it is now, after `set` (e.g. { status: "past_due" }), with
    // the values `set` replaced as previous_attributes unless others are given.
    const object = json.object ?? (json.id ? context.store.find(json.id) : undefined);
    if (!json.type || !object) return { status: 400, body: { error: "give type and id (or object)" } };
    let previous = json.previousAttributes;
    if (json.set && !json.object) {
      previous ??= Object.fromEntries(Object.keys(json.set).map((k) => [k, object[k] ?? null]));
      Object.assign(object, json.set);
    }
    const delivery = await context.sendEvent(json.type, object, previous);
    return { status: 200, body: delivery ?? { error: "no webhook configured" } };
  }
  return { status: 404, body: { error: `no stand-in control ${method} ${path}` } };
}

import type { StripeEventObject } from "./stripe-events";
import type { FormReader } from "./stripe-form";
import { noSuch, type StripeObject } from "./stripe-objects";

/** The Stripe stand-in's state: every object it made, by id, in creation order. */
export type CheckoutDetails = {
  lineItems: Array<{ price: StripeObject; quantity?: number }>;
  subscriptionData: {
    metadata: Record<string, string>;
    trialEnd?: number;
    billingCycleAnchor?: number;
    prorationBehavior?: string;
    description?: string;
  };
};

export type SubscriptionUpdate = {
  subscriptionId: string;
  prorationBehavior: string | undefined;
  items: Array<Record<string, unknown>>;
};

export class StripeStore {
  products = new Map<string, StripeObject>();
  prices = new Map<string, StripeObject>();
  meters = new Map<string, StripeObject>();
  meterEvents: StripeObject[] = [];
  customers = new Map<string, StripeObject>();
  sessions = new Map<string, StripeObject>();
  checkoutDetails = new Map<string, CheckoutDetails>();
  subscriptions = new Map<string, StripeObject>();
  subscriptionUpdates: SubscriptionUpdate[] = [];
  portalSessions = new Map<string, StripeObject>();
  events: StripeEventObject[] = [];

  clear() {
    for (const map of [
      this.products,
      this.prices,
      this.meters,
      this.customers,
      this.sessions,
      this.checkoutDetails,
      this.subscriptions,
      this.portalSessions,
    ])
      map.clear();
    this.meterEvents.length = 0;
    this.subscriptionUpdates.length = 0;
    this.events.length = 0;
  }

  /** Any object by its id, from the id's prefix. */
  find(id: string): StripeObject | undefined {
    const prefix = id.slice(0, id.indexOf("_"));
    const map = {
      prod: this.products,
      price: this.prices,
      mtr: this.meters,
      cus: this.customers,
      cs: this.sessions,
      sub: this.subscriptions,
      bps: this.portalSessions,
    }[prefix];
    return map?.get(id);
  }

  get<T extends Map<string, StripeObject>>(map: T, kind: string, id: string, param = "id"): StripeObject {
    const found = map.get(id);
    if (!found) throw noSuch(kind, id, param);
    return found;
  }

  /** Newest first, as Stripe lists. */
  newestFirst(map: Map<string, StripeObject>): StripeObject[] {
    return [...map.values()].reverse();
  }

  /** A copy with the `expand` paths (`customer`, `data.product`, `items.data.price.product`) filled in. */
  expand(object: StripeObject, paths: string[]): StripeObject {
    const copy = structuredClone(object);
    for (const path of paths) this.expandPath(copy, path.split("."));
    return copy;
  }

  private expandPath(node: Record<string, unknown>, segments: string[]) {
    const [field, ...rest] = segments as [string, ...string[]];
    const value = node[field];
    if (Array.isArray(value)) {
      for (const item of value) if (item && typeof item === "object") this.expandPath(item, rest);
      return;
    }
    if (rest.length === 0) {
      if (typeof value === "string") {
        const found = this.find(value);
        if (found) node[field] = structuredClone(found);
      }
      return;
    }
    if (typeof value === "string") {
      const found = this.find(value);
      if (!found) return;
      node[field] = structuredClone(found);
    }
    const next = node[field];
    if (next && typeof next === "object") this.expandPath(next as Record<string, unknown>, rest);
  }
}

/** What each API handler gets: the parsed body (or query), the path's ids and the stand-in. */
export type ApiContext = {
  store: StripeStore;
  params: string[];
  form: FormReader;
  standInUrl: string;
  /** Sends a webhook event for this change to the app, after the answer (as Stripe does). */
  emit: (type: string, object: StripeObject, previousAttributes?: Record<string, unknown>) => void;
};

export type ApiRoute = {
  method: "GET" | "POST" | "DELETE";
  path: RegExp;
  handle: (context: ApiContext) => unknown;
};

export const expandOf = (context: ApiContext) => context.form.strings("expand");

export const page = (context: ApiContext) => ({
  limit: context.form.integer("limit"),
  startingAfter: context.form.string("starting_after"),
});

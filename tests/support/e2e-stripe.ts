import type { StripeAnswer, StripeObject } from "./stand-ins/stripe";
import type { StripeDelivery } from "./stand-ins/stripe-events";

/**
 * The Stripe stand-in as specs see it: e2e-server.ts runs it in its own process, so Playwright
 * workers reach it over HTTP, at STRIPE_STAND_IN_URL (set by playwright.config.ts), through its
 * test-only /__stand-in/ controls.
 */

export type StripeStandInState = {
  products: StripeObject[];
  prices: StripeObject[];
  meters: StripeObject[];
  customers: StripeObject[];
  sessions: StripeObject[];
  subscriptions: StripeObject[];
  subscriptionUpdates: Array<{ subscriptionId: string; prorationBehavior?: string; items: unknown[] }>;
  portalSessions: StripeObject[];
  meterEvents: Array<Record<string, unknown>>;
  /** Sum of the meters' values per customer id. */
  meterTotals: Record<string, number>;
  events: Array<{ id: string; type: string; data: { object: StripeObject } }>;
  deliveries: Array<{ eventId: string; type: string; status: number | null; error?: string }>;
};

export function stripeStandInUrl(): string {
  const url = process.env.STRIPE_STAND_IN_URL;
  if (!url) throw new Error("STRIPE_STAND_IN_URL is unset: run the specs through playwright.config.ts");
  return url;
}

async function control<T>(method: "GET" | "POST", path: string, body?: unknown): Promise<T> {
  const response = await fetch(`${stripeStandInUrl()}/__stand-in/${path}`, {
    method,
    headers: body === undefined ? {} : { "Content-Type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`Stripe stand-in ${path}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

// Stripe's form encoding, as the official SDK writes it: line_items[0][price]=..., metadata[k]=...
function encode(params: Record<string, unknown>): string {
  const pairs: string[] = [];
  const add = (key: string, value: unknown) => {
    if (value === undefined) return;
    if (value !== null && typeof value === "object")
      for (const [k, v] of Object.entries(value)) add(`${key}[${k}]`, v);
    else pairs.push(`${encodeURIComponent(key)}=${encodeURIComponent(value === null ? "" : String(value))}`);
  };
  for (const [key, value] of Object.entries(params)) add(key, value);
  return pairs.join("&");
}

export const stripeStandIn = {
  /**
   * Stripe's API without the secret key (e.g. to make a Checkout Session a spec opens in the
   * browser): api("POST", "/v1/checkout/sessions", { mode: "subscription", ... }).
   */
  api: async (method: "GET" | "POST" | "DELETE", path: string, params: Record<string, unknown> = {}) => {
    const query = method === "POST" ? "" : `?${encode(params)}`;
    const response = await fetch(`${stripeStandInUrl()}/__stand-in/api${path}${query}`, {
      method,
      headers: method === "POST" ? { "Content-Type": "application/x-www-form-urlencoded" } : {},
      body: method === "POST" ? encode(params) : undefined,
    });
    return { status: response.status, body: (await response.json()) as StripeObject };
  },
  state: () => control<StripeStandInState>("GET", "state"),
  /** The next Stripe API requests of the app get these answers (see stripeErrors). */
  failNext: (...answers: StripeAnswer[]) => control<{ ok: true }>("POST", "fail-next", answers),
  /** As pressing Pay on the hosted Checkout page, without a browser. */
  pay: (sessionId: string) =>
    control<{ redirectTo: string; deliveries: StripeDelivery[] }>("POST", `checkout/${sessionId}/pay`),
  /**
   * Sends the app a signed event about a stand-in object, after `set` is applied to it, e.g.
   * sendEvent("customer.subscription.updated", subscriptionId, { status: "past_due" }).
   */
  sendEvent: (
    type: string,
    id: string,
    set?: Record<string, unknown>,
    previousAttributes?: Record<string, unknown>,
  ) => control<StripeDelivery>("POST", "events", { type, id, set, previousAttributes }),
};

import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { billingRoutes } from "./stripe-billing-api";
import { catalogueRoutes, meterTotal } from "./stripe-catalogue-api";
import { completeCheckout } from "./stripe-checkout";
import { type ControlContext, controlAnswer } from "./stripe-controls";
import { postStripeEvent, type StripeDelivery, type StripeEventObject, stripeEvent } from "./stripe-events";
import { type Form, FormReader, parseStripeForm } from "./stripe-form";
import { invalidRequest, StripeApiError, type StripeObject, stripeId } from "./stripe-objects";
import { checkoutPage, portalPage } from "./stripe-pages";
import { type ApiRoute, StripeStore, type SubscriptionUpdate } from "./stripe-store";

/**
 * Stripe's API, locally, for the billing tests: a stateful HTTP server the official SDK talks to
 * (STRIPE_API_URL), answering with Stripe's shapes and errors for products, prices, billing meters
 * and meter events, customers, Checkout Sessions, subscriptions and billing portal sessions. It
 * checks the secret key, honours Idempotency-Key as Stripe does, serves a hosted Checkout page whose
 * Pay button completes the session and sends signed webhooks to the app, and a billing portal page.
 * Specs in other processes reach its state and controls over HTTP under /__stand-in/.
 */

export type { StripeDelivery, StripeEventInput, StripeEventObject } from "./stripe-events";
export { postStripeEvent, signedStripeEvent, stripeEvent } from "./stripe-events";
export type { StripeObject } from "./stripe-objects";
export { stripeErrors } from "./stripe-objects";

export type StripeRecordedRequest = {
  method: string;
  /** With the query string. */
  path: string;
  headers: IncomingMessage["headers"];
  body: string;
  /** The body (or the query of a GET) in Stripe's bracket notation, read back into objects. */
  form: Form;
  /** What the stand-in answered (tests/unit/stripe-contract.test.ts holds it against Stripe's types). */
  answer?: StripeAnswer;
};

export type StripeAnswer = { status: number; body: unknown };

export type StripeStandInOptions = {
  apiKey: string;
  port?: number;
  /** Where Pay and subscription changes send webhook events (the app's /webhooks/stripe). */
  webhookUrl?: string;
  webhookSecret?: string;
};

export type StripeStandIn = {
  url: string;
  requests: StripeRecordedRequest[];
  /** The next API requests (/v1/...) get these answers instead, in order; nothing is done for them. */
  failNext: (...answers: StripeAnswer[]) => void;
  /** The next API request is done at once but answered this much later (a lost answer, a timeout). */
  delayNext: (ms: number) => void;
  products: () => StripeObject[];
  prices: () => StripeObject[];
  meters: () => StripeObject[];
  customers: () => StripeObject[];
  sessions: () => StripeObject[];
  subscriptions: () => StripeObject[];
  /** Every subscription update, with the proration_behavior and items it asked for. */
  subscriptionUpdates: () => SubscriptionUpdate[];
  portalSessions: () => StripeObject[];
  meterEvents: () => StripeObject[];
  /** The sum the meters count for a customer (optionally one meter's event name). */
  meterTotal: (customerId: string, eventName?: string) => number;
  /** Events the stand-in made (delivered or not), oldest first. */
  events: () => StripeEventObject[];
  /** Webhook deliveries to webhookUrl, oldest first, with the app's answers. */
  deliveries: StripeDelivery[];
  /** Waits until every queued webhook delivery has been answered. */
  deliveriesSettled: () => Promise<void>;
  /** Pressing Pay on the hosted Checkout page: completes the session, delivers its webhooks. */
  pay: (sessionId: string) => Promise<{ redirectTo: string; deliveries: StripeDelivery[] }>;
  /** Builds an event for `object` and delivers it signed to webhookUrl, as Stripe would. */
  sendEvent: (
    type: string,
    object: StripeObject,
    previousAttributes?: Record<string, unknown>,
  ) => Promise<StripeDelivery | undefined>;
  setWebhook: (webhookUrl: string, webhookSecret: string) => void;
  /** Forgets every object, request, failure and delivery. */
  reset: () => void;
  close: () => Promise<void>;
};

const routes: ApiRoute[] = [...catalogueRoutes, ...billingRoutes];

type Stored = { fingerprint: string; answer: StripeAnswer; headers: Record<string, string> };

export async function startStripeStandIn(options: StripeStandInOptions): Promise<StripeStandIn> {
  const store = new StripeStore();
  const requests: StripeRecordedRequest[] = [];
  const deliveries: StripeDelivery[] = [];
  const idempotent = new Map<string, Stored>();
  let failures: StripeAnswer[] = [];
  let delay = 0;
  let webhook = { url: options.webhookUrl, secret: options.webhookSecret };
  let chain: Promise<unknown> = Promise.resolve();
  let url = "";

  function makeEvent(type: string, object: StripeObject, previousAttributes?: Record<string, unknown>) {
    const event = stripeEvent({ type, object: structuredClone(object), previousAttributes });
    store.events.push(event);
    return event;
  }

  // Deliveries go one at a time, in the order the events happened.
  function deliver(event: StripeEventObject): Promise<StripeDelivery | undefined> {
    const next = chain.then(async () => {
      if (!webhook.url || !webhook.secret) return undefined;
      const delivery = await postStripeEvent(webhook.url, webhook.secret, event);
      deliveries.push(delivery);
      return delivery;
    });
    chain = next.catch(() => undefined);
    return next;
  }

  function api(
    method: string,
    path: string,
    request: StripeRecordedRequest,
    trusted = false,
  ): StripeAnswer & { headers: Record<string, string> } {
    const authorization = request.headers.authorization ?? "";
    const basic = `Basic ${Buffer.from(`${options.apiKey}:`).toString("base64")}`;
    if (!trusted && authorization !== `Bearer ${options.apiKey}` && authorization !== basic) {
      const given = authorization.replace(/^Bearer /, "");
      return {
        status: 401,
        headers: {},
        body: {
          error: {
            type: "invalid_request_error",
            message: given
              ? `Invalid API Key provided: ${given.slice(0, 8)}${"*".repeat(Math.max(given.length - 12, 0))}${given.slice(Math.max(8, given.length - 4))}`
              : "You did not provide an API key. You need to provide your API key in the Authorization header, using Bearer auth (e.g. 'Authorization: Bearer YOUR_SECRET_KEY').",
          },
        },
      };
    }
    const key = method === "POST" ? request.headers["idempotency-key"] : undefined;
    const fingerprint = `${method} ${path} ${request.body}`;
    if (typeof key === "string") {
      const stored = idempotent.get(key);
      if (stored && stored.fingerprint !== fingerprint)
        return {
          status: 400,
          headers: {},
          body: {
            error: {
              type: "idempotency_error",
              message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${key}' if you meant to execute a different request.`,
            },
          },
        };
      if (stored) return { ...stored.answer, headers: { ...stored.headers, "Idempotent-Replayed": "true" } };
    }
    const route = routes.find((r) => r.method === method && r.path.test(path));
    const pending: StripeEventObject[] = [];
    let answer: StripeAnswer;
    let headers: Record<string, string> = {};
    try {
      if (!route)
        throw new StripeApiError(404, {
          type: "invalid_request_error",
          message: `Unrecognized request URL (${method}: ${path}). Please see https://stripe.com/docs or we can help at https://support.stripe.com/.`,
        });
      const form = new FormReader(request.form, (message, param) => invalidRequest(message, param));
      const body = route.handle({
        store,
        params: route.path.exec(path)!.slice(1),
        form,
        standInUrl: url,
        emit: (type, object, previous) => pending.push(makeEvent(type, object, previous)),
      });
      answer = { status: 200, body: structuredClone(body) };
    } catch (error) {
      if (!(error instanceof StripeApiError)) throw error;
      answer = error.answer();
      headers = error.headers;
    }
    if (typeof key === "string") idempotent.set(key, { fingerprint, answer, headers });
    // Stripe sends webhooks after it has answered.
    setImmediate(() => {
      for (const event of pending) void deliver(event);
    });
    return { ...answer, headers };
  }

  async function pay(sessionId: string) {
    const { session, subscription, redirectTo } = completeCheckout(store, sessionId);
    const events = [
      makeEvent("checkout.session.completed", session),
      makeEvent("customer.subscription.created", subscription),
    ];
    const delivered = (await Promise.all(events.map(deliver))).filter(
      (d): d is StripeDelivery => d !== undefined,
    );
    return { redirectTo, deliveries: delivered };
  }

  const controls: ControlContext = {
    store,
    deliveries,
    failNext: (answers) => failures.push(...answers),
    pay,
    sendEvent: (type, object, previous) => deliver(makeEvent(type, object, previous)),
  };

  async function handle(req: IncomingMessage, res: ServerResponse, body: string) {
    const method = req.method ?? "GET";
    const target = new URL(req.url ?? "/", "http://stand-in");
    const path = target.pathname;
    const send = (status: number, type: string, text: string, headers: Record<string, string> = {}) => {
      if (res.destroyed) return;
      res.writeHead(status, { "Content-Type": type, "Request-Id": stripeId("req", 14), ...headers });
      res.end(text);
    };
    // /__stand-in/api/v1/... is the API without the secret key, for specs in other processes.
    const trusted = path.startsWith("/__stand-in/api/");
    if (path.startsWith("/__stand-in/") && !trusted) {
      const answer = await controlAnswer(controls, method, path, body);
      return send(answer.status, "application/json", JSON.stringify(answer.body));
    }
    const page = /^\/(checkout|portal)\/([^/]+)(\/pay)?$/.exec(path);
    if (page && method === "GET" && !page[3]) {
      const { status, html } =
        page[1] === "checkout" ? checkoutPage(store, page[2]!) : portalPage(store, page[2]!);
      return send(status, "text/html; charset=utf-8", html);
    }
    if (page && method === "POST" && page[1] === "checkout" && page[3]) {
      try {
        const { redirectTo } = await pay(page[2]!);
        return send(303, "text/plain", "", { Location: redirectTo });
      } catch (error) {
        if (!(error instanceof StripeApiError)) throw error;
        return send(error.status, "text/plain; charset=utf-8", error.message);
      }
    }
    const form = parseStripeForm(method === "GET" ? target.search.slice(1) : body);
    const recorded: StripeRecordedRequest = {
      method,
      path: req.url ?? "/",
      headers: req.headers,
      body,
      form,
    };
    const json = (answer: StripeAnswer & { headers: Record<string, string> }) =>
      send(answer.status, "application/json", JSON.stringify(answer.body, null, 2), answer.headers);
    // A spec's own calls are neither recorded nor failed: failNext and requests are about the app's.
    if (trusted) return json(api(method, path.slice("/__stand-in/api".length), recorded, true));
    requests.push(recorded);
    const failure = failures.shift();
    const answer = failure ? { ...failure, headers: {} } : api(method, path, recorded);
    recorded.answer = { status: answer.status, body: answer.body };
    const wait = delay;
    delay = 0;
    const reply = () => json(answer);
    if (wait > 0) setTimeout(reply, wait);
    else reply();
  }

  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      handle(req, res, Buffer.concat(chunks).toString("utf8")).catch((error: unknown) => {
        if (res.headersSent || res.destroyed) return;
        res.writeHead(500, { "Content-Type": "application/json" });
        res.end(
          JSON.stringify({ error: { type: "api_error", message: `Stand-in failure: ${String(error)}` } }),
        );
      });
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 0, "127.0.0.1", resolve);
  });
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url,
    requests,
    failNext: (...answers) => {
      failures.push(...answers);
    },
    delayNext: (ms) => {
      delay = ms;
    },
    products: () => [...store.products.values()],
    prices: () => [...store.prices.values()],
    meters: () => [...store.meters.values()],
    customers: () => [...store.customers.values()],
    sessions: () => [...store.sessions.values()],
    subscriptions: () => [...store.subscriptions.values()],
    subscriptionUpdates: () => store.subscriptionUpdates,
    portalSessions: () => [...store.portalSessions.values()],
    meterEvents: () => store.meterEvents.map(({ id: _id, ...event }) => event as StripeObject),
    meterTotal: (customerId, eventName) => meterTotal(store, customerId, eventName),
    events: () => store.events,
    deliveries,
    deliveriesSettled: async () => {
      await new Promise((resolve) => setImmediate(resolve));
      await chain;
    },
    pay,
    sendEvent: (type, object, previousAttributes) => deliver(makeEvent(type, object, previousAttributes)),
    setWebhook: (webhookUrl, webhookSecret) => {
      webhook = { url: webhookUrl, secret: webhookSecret };
    },
    reset: () => {
      store.clear();
      requests.length = 0;
      deliveries.length = 0;
      idempotent.clear();
      failures = [];
      delay = 0;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

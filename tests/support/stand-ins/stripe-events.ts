import Stripe from "stripe";
import { nowSeconds, type StripeObject, stripeId } from "./stripe-objects";

/**
 * Stripe's webhook events, locally: an event as Stripe builds it (evt_ id, the SDK's API version,
 * data.object, previous_attributes on updates), signed with the official SDK's
 * Stripe.webhooks.generateTestHeaderString over the exact payload string that is posted.
 */

export type StripeEventInput = {
  type: string;
  object: StripeObject | Record<string, unknown>;
  previousAttributes?: Record<string, unknown>;
  id?: string;
  created?: number;
};

export type StripeEventObject = {
  id: string;
  object: "event";
  api_version: string;
  created: number;
  data: { object: Record<string, unknown>; previous_attributes?: Record<string, unknown> };
  livemode: false;
  pending_webhooks: number;
  request: { id: string | null; idempotency_key: string | null };
  type: string;
};

export function stripeEvent(input: StripeEventInput): StripeEventObject {
  return {
    id: input.id ?? stripeId("evt"),
    object: "event",
    api_version: Stripe.API_VERSION,
    created: input.created ?? nowSeconds(),
    data: {
      object: input.object,
      ...(input.previousAttributes ? { previous_attributes: input.previousAttributes } : {}),
    },
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type: input.type,
  };
}

/** The event, its payload string and the Stripe-Signature header for that exact string. */
export function signedStripeEvent(
  input: StripeEventInput | StripeEventObject,
  secret: string,
  options: { timestamp?: number } = {},
) {
  const event = "data" in input ? input : stripeEvent(input);
  const payload = JSON.stringify(event, null, 2);
  const signature = Stripe.webhooks.generateTestHeaderString({
    payload,
    secret,
    ...(options.timestamp !== undefined ? { timestamp: options.timestamp } : {}),
  });
  return { event, payload, signature };
}

export type StripeDelivery = {
  event: StripeEventObject;
  url: string;
  status: number | null;
  body: string;
  error?: string;
};

/** Posts a signed event as Stripe's webhook sender does; answers what the endpoint said. */
export async function postStripeEvent(
  url: string,
  secret: string,
  input: StripeEventInput | StripeEventObject,
  options: { timestamp?: number; signature?: string } = {},
): Promise<StripeDelivery> {
  const signed = signedStripeEvent(input, secret, options);
  try {
    const response = await fetch(url, {
      method: "POST",
      headers: {
        "Content-Type": "application/json; charset=utf-8",
        "User-Agent": "Stripe/1.0 (+https://stripe.com/docs/webhooks)",
        "Stripe-Signature": options.signature ?? signed.signature,
      },
      body: signed.payload,
      signal: AbortSignal.timeout(30_000),
    });
    return { event: signed.event, url, status: response.status, body: await response.text() };
  } catch (error) {
    return { event: signed.event, url, status: null, body: "", error: String(error) };
  }
}

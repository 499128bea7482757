import { config } from "~/config.server";
import { clientIpContext } from "~/context.server";
import { hitRateLimit, rateLimits } from "~/domain/auth/rate-limit.server";
import { acceptStripeEvent } from "~/domain/billing/stripe-events.server";
import { type Stripe, verifyStripeWebhook } from "~/services/billing/stripe-client.server";
import type { Route } from "./+types/stripe";

/**
 * Stripe's webhook endpoint (STRIPE_WEBHOOK_SECRET): the raw body is checked against the
 * Stripe-Signature header by the SDK (its 5-minute tolerance refuses a replayed old signature), the
 * event is stored by its id and queued, and Stripe gets its 200 at once; the "stripe-event" job
 * applies it to the company. A replay answers 200 and changes nothing; a type we do not handle is
 * acknowledged and dropped. Without Stripe configured the endpoint does not exist (404).
 */
export function loader() {
  return new Response("Method Not Allowed", { status: 405, headers: { Allow: "POST" } });
}

export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") return new Response("Method Not Allowed", { status: 405 });
  const { STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET } = config();
  if (!STRIPE_SECRET_KEY || !STRIPE_WEBHOOK_SECRET) return new Response("Not Found", { status: 404 });

  const limit = await hitRateLimit(
    `stripeWebhooks:ip:${context.get(clientIpContext)}`,
    rateLimits.stripeWebhooksPerIp,
  );
  if (limit.limited)
    return new Response("Too Many Requests", { status: 429, headers: { "Retry-After": "60" } });

  const signature = request.headers.get("Stripe-Signature");
  if (!signature) return new Response("Missing Stripe-Signature", { status: 400 });
  let body: string;
  try {
    // The raw text: the signature covers the exact bytes (the app's body limit has capped them at 1 MB).
    body = await request.text();
  } catch {
    return new Response("Unreadable body", { status: 400 });
  }
  let event: Stripe.Event;
  try {
    event = verifyStripeWebhook(body, signature, STRIPE_WEBHOOK_SECRET);
  } catch {
    return new Response("Invalid signature", { status: 400 });
  }
  // Signed by Stripe, but shaped as we expect before it is stored (a bad id or time would fail there).
  if (
    typeof event.id !== "string" ||
    !event.id ||
    event.id.length > 255 ||
    !Number.isInteger(event.created) ||
    !event.data?.object
  )
    return new Response("Malformed event", { status: 400 });
  const outcome = await acceptStripeEvent(event);
  return Response.json({ received: true, outcome });
}

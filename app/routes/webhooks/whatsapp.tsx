import { clientIpContext } from "~/context.server";
import { hitRateLimit } from "~/domain/auth/rate-limit.server";
import { receiveWebhook, verifySubscription } from "~/domain/whatsapp/webhook.server";
import type { Route } from "./+types/whatsapp";

/**
 * Meta's WhatsApp webhook (each company pastes this address and its verify token into its Meta app):
 * GET is the subscription check, POST the deliveries (app/domain/whatsapp/webhook.server.ts).
 * Meta sends from many addresses and retries a 429: the limit per address only stops a flood.
 */
const PER_IP = { limit: 12_000, windowMs: 60_000 };
/** Meta's deliveries are a few KB; the app's own 1 MB cap applies before this. */
const MAX_BODY_BYTES = 1_000_000;

export async function loader({ request, context }: Route.LoaderArgs) {
  if (await limited(context.get(clientIpContext)))
    return new Response("Too Many Requests", { status: 429, headers: { "Retry-After": "60" } });
  const answer = await verifySubscription(new URL(request.url).searchParams);
  if (!answer.ok) return new Response("Forbidden", { status: 403 });
  return new Response(answer.challenge, { status: 200, headers: { "Content-Type": "text/plain" } });
}

export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") return new Response("Method Not Allowed", { status: 405 });
  if (await limited(context.get(clientIpContext)))
    return new Response("Too Many Requests", { status: 429, headers: { "Retry-After": "60" } });
  if (Number(request.headers.get("Content-Length") ?? 0) > MAX_BODY_BYTES)
    return new Response("Payload Too Large", { status: 413 });
  let body: string;
  try {
    // The raw text: the signature covers the exact bytes.
    body = await request.text();
  } catch {
    return new Response("Unreadable body", { status: 400 });
  }
  if (Buffer.byteLength(body) > MAX_BODY_BYTES) return new Response("Payload Too Large", { status: 413 });
  const answer = await receiveWebhook(body, request.headers.get("X-Hub-Signature-256"));
  if (answer.status !== 200) return new Response(answer.reason, { status: answer.status });
  return Response.json({ received: true, ...answer.handled });
}

async function limited(ip: string | undefined) {
  return (await hitRateLimit(`whatsappWebhooks:ip:${ip ?? "unknown"}`, PER_IP)).limited;
}

import { receiveInboundSms } from "~/domain/messaging/inbound.server";
import { twimlResponse, verifiedTwilioForm } from "~/services/messaging/twilio.server";
import type { Route } from "./+types/twilio-sms";

/**
 * Twilio's incoming message webhook: signature-checked, stored once per MessageSid, keywords (STOP,
 * START, HELP and their synonyms) acted on, and answered in TwiML: a confirmation for a keyword, an
 * empty response otherwise and for a replay.
 */
export async function action({ request }: Route.ActionArgs) {
  if (request.method !== "POST") return new Response("Method Not Allowed", { status: 405 });
  const form = await verifiedTwilioForm(request);
  if (!form) return new Response("Invalid signature", { status: 403 });
  const providerMessageId = form.get("MessageSid") ?? form.get("SmsSid") ?? "";
  const from = form.get("From") ?? "";
  if (!providerMessageId || !from) return new Response("MessageSid and From are required", { status: 400 });
  const outcome = await receiveInboundSms({
    providerMessageId,
    from,
    to: form.get("To") ?? "",
    body: form.get("Body") ?? "",
  });
  return twimlResponse(outcome.firstTime ? outcome.reply : null);
}

export function loader() {
  return new Response("Method Not Allowed", { status: 405, headers: { Allow: "POST" } });
}

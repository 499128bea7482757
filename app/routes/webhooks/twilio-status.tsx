import { applyDeliveryStatus } from "~/domain/messaging/delivery-status.server";
import { verifiedTwilioForm } from "~/services/messaging/twilio.server";
import type { Route } from "./+types/twilio-status";

/**
 * Twilio's message status callback (StatusCallback of every SMS we send): signature-checked, then the
 * message with that MessageSid moves forward to the reported status. An unknown sid is acknowledged
 * and ignored (Twilio would otherwise retry it).
 */
export async function action({ request }: Route.ActionArgs) {
  if (request.method !== "POST") return new Response("Method Not Allowed", { status: 405 });
  const form = await verifiedTwilioForm(request);
  if (!form) return new Response("Invalid signature", { status: 403 });
  const sid = form.get("MessageSid") ?? form.get("SmsSid") ?? "";
  const status = form.get("MessageStatus") ?? form.get("SmsStatus") ?? "";
  if (sid && status) {
    await applyDeliveryStatus({
      providerMessageId: sid,
      status,
      errorCode: form.get("ErrorCode") ?? null,
      // Our message id, in the callback's address: proves a send whose answer was lost.
      messageId: new URL(request.url).searchParams.get("message"),
    });
  }
  return new Response("", { status: 200 });
}

export function loader() {
  return new Response("Method Not Allowed", { status: 405, headers: { Allow: "POST" } });
}

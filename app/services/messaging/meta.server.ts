import { config } from "~/config.server";
import { UnknownOutcomeError } from "./errors.server";
import { callProvider } from "./provider-http.server";

/** WhatsApp through Meta's Cloud API (Graph API: POST /{phone-number-id}/messages). */

export type MetaSettings = { phoneNumberId: string; accessToken: string; graphUrl: string };

/** WhatsApp goes through Meta when the business phone number id and an access token are set. */
export function metaSettings(): MetaSettings | null {
  const c = config();
  if (!c.WHATSAPP_PHONE_NUMBER_ID || !c.WHATSAPP_ACCESS_TOKEN) return null;
  return {
    phoneNumberId: c.WHATSAPP_PHONE_NUMBER_ID,
    accessToken: c.WHATSAPP_ACCESS_TOKEN,
    graphUrl: c.META_GRAPH_URL.replace(/\/$/, ""),
  };
}

type GraphError = { error?: { message?: string; code?: number; error_subcode?: number } };

/**
 * Graph error codes worth retrying even when they come with HTTP 400: throttling (4, 80007, 130429),
 * pair and spam rate limits (131056, 131048), and Meta's own temporary failures (1, 2, 131000, 131016, 133004).
 */
const TRANSIENT_GRAPH_CODES = new Set([1, 2, 4, 80007, 130429, 131000, 131016, 131048, 131056, 133004]);

/** Sends a text message; answers Meta's message id (wamid...). */
export async function sendWhatsAppText(settings: MetaSettings, to: string, body: string): Promise<string> {
  const answer = (await callProvider(
    "WhatsApp",
    `${settings.graphUrl}/${encodeURIComponent(settings.phoneNumberId)}/messages`,
    {
      method: "POST",
      headers: {
        Authorization: `Bearer ${settings.accessToken}`,
        "Content-Type": "application/json",
        Accept: "application/json",
      },
      body: JSON.stringify({
        messaging_product: "whatsapp",
        recipient_type: "individual",
        // The Cloud API takes the number without the leading +.
        to: to.replace(/^\+/, ""),
        type: "text",
        text: { preview_url: true, body },
      }),
    },
    {
      describe: (status, error) => {
        const e = (error as GraphError | null)?.error;
        if (e?.message) return e.code ? `${e.message} (error ${e.code})` : e.message;
        return `HTTP ${status}`;
      },
      transient: (_status, error) => {
        const code = (error as GraphError | null)?.error?.code;
        return typeof code === "number" && TRANSIENT_GRAPH_CODES.has(code);
      },
    },
  )) as { messages?: Array<{ id?: unknown }> } | null;
  const id = answer?.messages?.[0]?.id;
  // A success without an id: the message may well be out, so it is not sent again.
  if (typeof id !== "string" || !id) throw new UnknownOutcomeError("WhatsApp: the answer has no message id");
  return id;
}

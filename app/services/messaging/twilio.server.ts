import { createHmac, timingSafeEqual } from "node:crypto";
import { config } from "~/config.server";
import { UnknownOutcomeError } from "./errors.server";
import { callProvider } from "./provider-http.server";

/** Twilio's Programmable Messaging REST API (2010-04-01) and its webhook signatures. */

export type TwilioSettings = { accountSid: string; authToken: string; from: string; apiUrl: string };

/** Twilio is used for SMS when its account SID, auth token and sender number are all set. */
export function twilioSettings(): TwilioSettings | null {
  const c = config();
  if (!c.TWILIO_ACCOUNT_SID || !c.TWILIO_AUTH_TOKEN || !c.TWILIO_FROM) return null;
  return {
    accountSid: c.TWILIO_ACCOUNT_SID,
    authToken: c.TWILIO_AUTH_TOKEN,
    from: c.TWILIO_FROM,
    apiUrl: c.TWILIO_API_URL.replace(/\/$/, ""),
  };
}

/** Where Twilio reports each message's delivery status. */
export function twilioStatusCallbackUrl(): string {
  return `${config().APP_URL.replace(/\/$/, "")}/webhooks/twilio/status`;
}

type TwilioError = { code?: number; message?: string };

/**
 * Creates one message; answers Twilio's message SID (SM...). Twilio's Messages API takes no
 * idempotency key, so our message id rides in the status callback's address instead: when Twilio's
 * answer is lost (timeout, dropped connection, 5xx) its delivery receipt still names the message.
 */
export async function sendTwilioSms(
  settings: TwilioSettings,
  to: string,
  body: string,
  messageId?: string,
): Promise<string> {
  const url = `${settings.apiUrl}/2010-04-01/Accounts/${encodeURIComponent(settings.accountSid)}/Messages.json`;
  const auth = Buffer.from(`${settings.accountSid}:${settings.authToken}`).toString("base64");
  const answer = (await callProvider(
    "Twilio",
    url,
    {
      method: "POST",
      headers: {
        Authorization: `Basic ${auth}`,
        "Content-Type": "application/x-www-form-urlencoded",
        Accept: "application/json",
      },
      body: new URLSearchParams({
        To: to,
        From: settings.from,
        Body: body,
        StatusCallback: messageId
          ? `${twilioStatusCallbackUrl()}?message=${encodeURIComponent(messageId)}`
          : twilioStatusCallbackUrl(),
      }),
    },
    {
      describe: (status, error) => {
        const e = (error ?? {}) as TwilioError;
        if (e.message) return e.code ? `${e.message} (error ${e.code})` : e.message;
        return `HTTP ${status}`;
      },
    },
  )) as { sid?: unknown } | null;
  if (!answer || typeof answer.sid !== "string" || !answer.sid) {
    // A success without a sid: the message may well be out, so it is not sent again.
    throw new UnknownOutcomeError("Twilio: the answer has no message sid");
  }
  return answer.sid;
}

// ---------------------------------------------------------------------------------------------------
// Webhook signatures (X-Twilio-Signature)

/**
 * Twilio signs each webhook: HMAC-SHA1, keyed with the auth token, of the full URL it called followed
 * by every POST parameter sorted by name, each name directly followed by its value; base64.
 */
export function twilioSignature(authToken: string, url: string, params: Iterable<[string, string]>): string {
  const sorted = [...params].sort(([a, av], [b, bv]) =>
    a < b ? -1 : a > b ? 1 : av < bv ? -1 : av > bv ? 1 : 0,
  );
  const payload = url + sorted.map(([name, value]) => name + value).join("");
  return createHmac("sha1", authToken).update(payload, "utf8").digest("base64");
}

/** The URL Twilio called: our public address (APP_URL) with the request's path and query. */
export function publicUrlOf(request: Request): string {
  const url = new URL(request.url);
  return `${config().APP_URL.replace(/\/$/, "")}${url.pathname}${url.search}`;
}

/**
 * Reads a Twilio webhook's form and checks its signature. Null when the signature is missing or wrong,
 * or when no auth token is configured (nothing could have signed it).
 */
export async function verifiedTwilioForm(request: Request): Promise<Map<string, string> | null> {
  const authToken = config().TWILIO_AUTH_TOKEN;
  const given = request.headers.get("X-Twilio-Signature");
  if (!authToken || !given) return null;
  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    return null;
  }
  const params: Array<[string, string]> = [];
  for (const [name, value] of form.entries()) {
    if (typeof value === "string") params.push([name, value]);
  }
  const expected = Buffer.from(twilioSignature(authToken, publicUrlOf(request), params));
  const actual = Buffer.from(given);
  if (expected.length !== actual.length || !timingSafeEqual(expected, actual)) return null;
  return new Map(params);
}

const xmlEscapes: Record<string, string> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&apos;",
};

/** A TwiML answer: one reply message, or none. */
export function twimlResponse(reply: string | null): Response {
  const body = reply
    ? `<?xml version="1.0" encoding="UTF-8"?><Response><Message>${reply.replace(/[&<>"']/g, (c) => xmlEscapes[c])}</Message></Response>`
    : `<?xml version="1.0" encoding="UTF-8"?><Response></Response>`;
  return new Response(body, { status: 200, headers: { "Content-Type": "text/xml; charset=utf-8" } });
}

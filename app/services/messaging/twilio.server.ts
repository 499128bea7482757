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
 * Present when a Webhooks Rule of the account matched our URL, so Twilio signed with that Rule's
 * SharedKey instead of the auth token: `key=<SharedKey id>,algorithm=<HMAC_SHA1|HMAC_SHA256>`
 * (Twilio's "Sign webhooks with shared keys"; the official `twilio` package 6.3.1 reads it in
 * lib/webhooks/webhooks.js, SIGNATURE_SETTINGS_HEADER). Absent: the auth token and HMAC-SHA1.
 */
export const SIGNATURE_SETTINGS_HEADER = "X-Twilio-Webhooks-Signature-Settings";

const HASHES = { HMAC_SHA1: "sha1", HMAC_SHA256: "sha256" } as const;
export type TwilioSigningAlgorithm = keyof typeof HASHES;

/**
 * The algorithm the settings header names (its `algorithm=` part), upper-cased as Twilio's library
 * compares it; HMAC_SHA1 when the header or the part is missing or empty. Null for an algorithm we do
 * not know: such a request is refused, never checked with another algorithm.
 */
export function signingAlgorithmOf(settingsHeader: string | null): TwilioSigningAlgorithm | null {
  for (const part of (settingsHeader ?? "").split(",")) {
    const separator = part.indexOf("=");
    if (separator === -1 || part.slice(0, separator).trim() !== "algorithm") continue;
    const named = part
      .slice(separator + 1)
      .trim()
      .toUpperCase();
    if (!named) continue;
    return Object.hasOwn(HASHES, named) ? (named as TwilioSigningAlgorithm) : null;
  }
  return "HMAC_SHA1";
}

/**
 * Twilio signs each webhook: an HMAC, keyed with the auth token (or a Webhooks Rule's SharedKey
 * secret), of the full URL it called followed by every POST parameter sorted by name, each name
 * directly followed by its value; base64. Only the hash differs between HMAC_SHA1 and HMAC_SHA256.
 */
export function twilioSignature(
  secret: string,
  url: string,
  params: Iterable<[string, string]>,
  algorithm: TwilioSigningAlgorithm = "HMAC_SHA1",
): string {
  const sorted = [...params].sort(([a, av], [b, bv]) =>
    a < b ? -1 : a > b ? 1 : av < bv ? -1 : av > bv ? 1 : 0,
  );
  const payload = url + sorted.map(([name, value]) => name + value).join("");
  return createHmac(HASHES[algorithm], secret).update(payload, "utf8").digest("base64");
}

/** The URL Twilio called: our public address (APP_URL) with the request's path and query. */
export function publicUrlOf(request: Request): string {
  const url = new URL(request.url);
  return `${config().APP_URL.replace(/\/$/, "")}${url.pathname}${url.search}`;
}

/**
 * Reads a Twilio webhook's form and checks its signature: with the SharedKey secret and the named
 * algorithm when the settings header is there, with the auth token and HMAC-SHA1 when it is not (as
 * Twilio's own library does). Null when the signature is missing or wrong, the algorithm unknown, or
 * the secret it calls for not configured (nothing we know could have signed it).
 *
 * Neither scheme carries a time or a nonce, so a captured request stays valid: it cannot be moved to
 * another URL nor altered, and what a replay could do is undone by the handlers themselves (an
 * inbound message is kept once per MessageSid, a status only moves forward).
 */
export async function verifiedTwilioForm(request: Request): Promise<Map<string, string> | null> {
  const c = config();
  const settings = request.headers.get(SIGNATURE_SETTINGS_HEADER);
  const secret = settings ? c.TWILIO_WEBHOOK_SHARED_KEY_SECRET : c.TWILIO_AUTH_TOKEN;
  const algorithm = signingAlgorithmOf(settings);
  const given = request.headers.get("X-Twilio-Signature");
  if (!secret || !algorithm || !given) return null;
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
  const expected = Buffer.from(twilioSignature(secret, publicUrlOf(request), params, algorithm));
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

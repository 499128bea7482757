import { randomBytes } from "node:crypto";
import { type RecordedRequest, type StandIn, startStandIn } from "./provider-stand-in";

/**
 * Twilio's Messages API, locally: POST /2010-04-01/Accounts/{AccountSid}/Messages.json with basic auth
 * (AccountSid:AuthToken) and a form body (To, From, Body, StatusCallback). Answers 201 with a message
 * resource (sid SM + 32 hex, status queued, every field Twilio's Message resource has: checked against
 * Twilio's OpenAPI by tests/unit/twilio-contract.test.ts), 401 for wrong credentials, 404 for other
 * paths, and 400 (error 21211) for a To that is not E.164, as Twilio does.
 */

export type TwilioStandIn = StandIn & {
  /** The form fields of each message created. */
  messages: () => Array<Record<string, string>>;
};

export const twilioErrors = {
  tooManyRequests: {
    status: 429,
    body: {
      code: 20429,
      message: "Too Many Requests",
      more_info: "https://www.twilio.com/docs/errors/20429",
      status: 429,
    },
  },
  internal: {
    status: 500,
    body: {
      code: 20500,
      message: "Internal Server Error",
      more_info: "https://www.twilio.com/docs/errors/20500",
      status: 500,
    },
  },
  invalidTo: {
    status: 400,
    body: {
      code: 21211,
      message: "The 'To' number +1555 is not a valid phone number.",
      more_info: "https://www.twilio.com/docs/errors/21211",
      status: 400,
    },
  },
};

export async function startTwilioStandIn(accountSid: string, authToken: string): Promise<TwilioStandIn> {
  const expectedAuth = `Basic ${Buffer.from(`${accountSid}:${authToken}`).toString("base64")}`;
  const created: Array<Record<string, string>> = [];
  const standIn = await startStandIn((request: RecordedRequest) => {
    if (request.method !== "POST" || request.path !== `/2010-04-01/Accounts/${accountSid}/Messages.json`) {
      return {
        status: 404,
        body: { code: 20404, message: "The requested resource was not found", status: 404 },
      };
    }
    if (request.headers.authorization !== expectedAuth) {
      return { status: 401, body: { code: 20003, message: "Authenticate", status: 401 } };
    }
    const form = Object.fromEntries(new URLSearchParams(request.body));
    if (!/^\+[1-9]\d{6,14}$/.test(form.To ?? "")) {
      return {
        status: 400,
        body: {
          code: 21211,
          message: `The 'To' number ${form.To ?? ""} is not a valid phone number.`,
          status: 400,
        },
      };
    }
    created.push(form);
    // RFC 2822 in GMT, as Twilio writes it ("Thu, 24 Aug 2023 05:01:45 +0000").
    const now = new Date().toUTCString().replace(/GMT$/, "+0000");
    const sid = `SM${randomBytes(16).toString("hex")}`;
    const uri = `/2010-04-01/Accounts/${accountSid}/Messages/${sid}`;
    return {
      status: 201,
      body: {
        account_sid: accountSid,
        api_version: "2010-04-01",
        body: form.Body,
        date_created: now,
        date_sent: null,
        date_updated: now,
        direction: "outbound-api",
        error_code: null,
        error_message: null,
        from: form.From,
        messaging_service_sid: null,
        num_media: "0",
        num_segments: "1",
        price: null,
        price_unit: "USD",
        sid,
        status: "queued",
        subresource_uris: { media: `${uri}/Media.json` },
        to: form.To,
        uri: `${uri}.json`,
      },
    };
  });
  return {
    ...standIn,
    messages: () => created,
    reset: () => {
      standIn.reset();
      created.length = 0;
    },
  };
}

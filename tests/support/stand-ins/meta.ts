import { randomBytes } from "node:crypto";
import { type RecordedRequest, type StandIn, startStandIn } from "./provider-stand-in";

/**
 * Meta's Graph API for the WhatsApp Cloud API, locally: POST /{phone-number-id}/messages with a bearer
 * token and a JSON body ({ messaging_product: "whatsapp", to, type: "text", text: { body } }). Answers
 * like Meta: { messaging_product, contacts: [{ input, wa_id }], messages: [{ id: "wamid..." }] }, and
 * Graph errors ({ error: { message, type, code, fbtrace_id } }) for a wrong token or body.
 */

export type MetaStandIn = StandIn & { messages: () => Array<Record<string, unknown>> };

const graphError = (status: number, code: number, message: string, type = "OAuthException") => ({
  status,
  body: { error: { message, type, code, fbtrace_id: randomBytes(8).toString("hex") } },
});

export const metaErrors = {
  rateLimited: graphError(400, 130429, "(#130429) Rate limit hit"),
  unavailable: graphError(503, 133004, "(#133004) Server temporarily unavailable"),
  invalidRecipient: graphError(400, 131030, "(#131030) Recipient phone number not in allowed list"),
};

export async function startMetaStandIn(phoneNumberId: string, accessToken: string): Promise<MetaStandIn> {
  const created: Array<Record<string, unknown>> = [];
  const standIn = await startStandIn((request: RecordedRequest) => {
    if (request.method !== "POST" || request.path !== `/${phoneNumberId}/messages`) {
      return graphError(400, 100, "Unsupported post request.", "GraphMethodException");
    }
    if (request.headers.authorization !== `Bearer ${accessToken}`) {
      return graphError(401, 190, "Invalid OAuth access token - Cannot parse access token");
    }
    let body: { messaging_product?: string; to?: string; type?: string; text?: { body?: string } };
    try {
      body = JSON.parse(request.body);
    } catch {
      return graphError(400, 100, "(#100) Invalid parameter");
    }
    if (body.messaging_product !== "whatsapp" || body.type !== "text" || !body.text?.body || !body.to) {
      return graphError(400, 100, "(#100) Invalid parameter");
    }
    created.push(body);
    return {
      status: 200,
      body: {
        messaging_product: "whatsapp",
        contacts: [{ input: body.to, wa_id: body.to.replace(/^\+/, "") }],
        messages: [{ id: `wamid.${randomBytes(24).toString("base64url")}` }],
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

import { createHmac, randomBytes } from "node:crypto";
import { type RecordedRequest, type StandIn, startStandIn } from "./provider-stand-in";

/**
 * Meta's Graph API for the WhatsApp Cloud API, locally, for as many business numbers as a test adds:
 * - GET /{phone-number-id}?fields=... with the number's bearer token → { id, display_phone_number, verified_name };
 * - GET /{waba-id}/phone_numbers with a token of that account → { data: [{ id, display_phone_number,
 *   verified_name, status, quality_rating, code_verification_status, host_platform }], paging: {
 *   cursors: { before, after }, next? } }, in the shape of Meta's published OpenAPI (v23.0; checked by
 *   tests/unit/whatsapp-contract.test.ts): only the fields asked for with ?fields=, id always; two per
 *   page, so callers must follow paging.next;
 *   a known token without access to the account gets Meta's "does not exist, cannot be loaded due
 *   to missing permissions" (code 100), an unknown token code 190;
 * - GET /{waba-id}/message_templates with the account's token → { data: [{ name, language, status,
 *   category, components }], paging } (two per page, so callers must follow paging.next);
 * - POST /{phone-number-id}/messages with a bearer token and a JSON body, type "text" ({ text: { body } })
 * *   or "template" ({ template: { name, language: { policy, code }, components } }, the template must exist,
 *   be APPROVED and get as many body parameters as it has {{n}}) → { messaging_product, contacts:
 *   [{ input, wa_id }], messages: [{ id: "wamid..." }] };
 * - Graph errors ({ error: { message, type, code, fbtrace_id } }) for a wrong token, id or body.
 * metaWebhookSignature() signs a webhook body as Meta does (X-Hub-Signature-256). pagingOrigin() makes
 * paging.next links point at another origin (what a tampered answer would do).
 */

export type MetaTemplate = {
  name: string;
  language: string;
  status: "APPROVED" | "PENDING" | "REJECTED";
  category?: string;
  body: string;
};

export type MetaNumber = {
  phoneNumberId: string;
  accessToken: string;
  businessAccountId?: string;
  displayPhoneNumber?: string;
  templates?: MetaTemplate[];
};

export type MetaStandIn = StandIn & {
  messages: () => Array<Record<string, unknown>>;
  /** The messages sent from one business number. */
  messagesFrom: (phoneNumberId: string) => Array<Record<string, unknown>>;
  /** Another business number (a company's own account). */
  addNumber: (number: MetaNumber) => void;
  /** paging.next links point at this origin from now on (null: the stand-in's own, the default). */
  pagingOrigin: (origin: string | null) => void;
};

const graphError = (status: number, code: number, message: string, type = "OAuthException") => ({
  status,
  body: { error: { message, type, code, fbtrace_id: randomBytes(8).toString("hex") } },
});

export const metaErrors = {
  rateLimited: graphError(400, 130429, "(#130429) Rate limit hit"),
  unavailable: graphError(503, 133004, "(#133004) Server temporarily unavailable"),
  invalidRecipient: graphError(400, 131030, "(#131030) Recipient phone number not in allowed list"),
};

const badToken = () => graphError(401, 190, "Invalid OAuth access token - Cannot parse access token");
const unknownObject = (id: string) =>
  graphError(
    400,
    100,
    `Unsupported get request. Object with ID '${id}' does not exist, cannot be loaded due to missing permissions, or does not support this operation.`,
    "GraphMethodException",
  );

export function metaWebhookSignature(body: string, appSecret: string): string {
  return `sha256=${createHmac("sha256", appSecret).update(body).digest("hex")}`;
}

const placeholders = (text: string) => new Set(text.match(/\{\{\d+\}\}/g) ?? []).size;

export async function startMetaStandIn(
  phoneNumberId: string,
  accessToken: string,
  more: Omit<MetaNumber, "phoneNumberId" | "accessToken"> = {},
  options: { port?: number } = {},
): Promise<MetaStandIn> {
  const created: Array<Record<string, unknown>> = [];
  // The business number each of `created` went out from.
  const senders: string[] = [];
  const numbers = new Map<string, MetaNumber>();
  const addNumber = (n: MetaNumber) => numbers.set(n.phoneNumberId, n);
  addNumber({ phoneNumberId, accessToken, ...more });
  const inAccount = (waba: string) => [...numbers.values()].filter((n) => n.businessAccountId === waba);
  const byAccount = (waba: string) => inAccount(waba)[0];
  const knownToken = (auth: string | undefined) =>
    [...numbers.values()].some((n) => auth === `Bearer ${n.accessToken}`);
  let nextOrigin: string | null = null;
  /** Graph's cursor paging over `all`, two per page, `after` being the index to start from. */
  const page = <T>(request: RecordedRequest, url: URL, all: T[]) => {
    const after = Number(url.searchParams.get("after") ?? 0);
    const items = all.slice(after, after + 2);
    const next = new URL(request.path, nextOrigin ?? `http://${request.headers.host ?? "127.0.0.1"}`);
    next.searchParams.set("after", String(after + 2));
    const cursors = { before: String(after), after: String(after + items.length) };
    return { items, after, paging: after + 2 < all.length ? { cursors, next: next.href } : { cursors } };
  };

  const standIn = await startStandIn((request: RecordedRequest) => {
    const url = new URL(request.path, "http://graph.local");
    // The e2e specs' control: POST /__stand-in/numbers { phoneNumberId, accessToken, ... } adds a number.
    if (request.method === "POST" && url.pathname === "/__stand-in/numbers") {
      addNumber(JSON.parse(request.body) as MetaNumber);
      return { status: 200, body: { ok: true } };
    }
    const segments = url.pathname.split("/").filter(Boolean);
    const auth = request.headers.authorization;
    if (request.method === "GET" && segments.length === 1) {
      const number = numbers.get(segments[0]);
      if (!number) return unknownObject(segments[0]);
      if (auth !== `Bearer ${number.accessToken}`) return badToken();
      return {
        status: 200,
        body: {
          id: number.phoneNumberId,
          display_phone_number: number.displayPhoneNumber ?? "+1 555-0100",
          verified_name: "Stand-in Business",
        },
      };
    }
    if (request.method === "GET" && segments.length === 2 && segments[1] === "message_templates") {
      const number = byAccount(segments[0]);
      if (!number) return unknownObject(segments[0]);
      if (auth !== `Bearer ${number.accessToken}`) return badToken();
      const { items, after, paging } = page(request, url, number.templates ?? []);
      return {
        status: 200,
        body: {
          data: items.map((t, i) => ({
            id: String(after + i + 1),
            name: t.name,
            language: t.language,
            status: t.status,
            category: t.category ?? "MARKETING",
            components: [{ type: "BODY", text: t.body }],
          })),
          paging,
        },
      };
    }
    if (request.method === "GET" && segments.length === 2 && segments[1] === "phone_numbers") {
      const held = inAccount(segments[0]);
      if (!knownToken(auth)) return badToken();
      // Meta answers a token without access to the account as if the account did not exist.
      if (!held.some((n) => auth === `Bearer ${n.accessToken}`)) return unknownObject(segments[0]);
      const fields = url.searchParams.get("fields")?.split(",");
      const { items, paging } = page(request, url, held);
      return {
        status: 200,
        body: {
          data: items.map((n) =>
            Object.fromEntries(
              // The default fields of Meta's published v23.0 spec (WhatsAppBusinessAccountPhoneNumber).
              Object.entries({
                id: n.phoneNumberId,
                display_phone_number: n.displayPhoneNumber ?? "+1 555-0100",
                verified_name: "Stand-in Business",
                status: "LINKED",
                quality_rating: "GREEN",
                code_verification_status: "VERIFIED",
                host_platform: "CLOUD_API",
              }).filter(([key]) => key === "id" || !fields || fields.includes(key)),
            ),
          ),
          paging,
        },
      };
    }
    if (request.method !== "POST" || segments.length !== 2 || segments[1] !== "messages") {
      return graphError(400, 100, "Unsupported post request.", "GraphMethodException");
    }
    const number = numbers.get(segments[0]);
    if (!number) return graphError(400, 100, "Unsupported post request.", "GraphMethodException");
    if (auth !== `Bearer ${number.accessToken}`) return badToken();
    let body: {
      messaging_product?: string;
      to?: string;
      type?: string;
      text?: { body?: string };
      template?: {
        name?: string;
        language?: { code?: string };
        components?: Array<{ type?: string; parameters?: Array<{ text?: string }> }>;
      };
    };
    try {
      body = JSON.parse(request.body);
    } catch {
      return graphError(400, 100, "(#100) Invalid parameter");
    }
    if (body.messaging_product !== "whatsapp" || !body.to)
      return graphError(400, 100, "(#100) Invalid parameter");
    if (body.type === "text") {
      if (!body.text?.body) return graphError(400, 100, "(#100) Invalid parameter");
    } else if (body.type === "template") {
      const template = (number.templates ?? []).find(
        (t) => t.name === body.template?.name && t.language === body.template?.language?.code,
      );
      if (template?.status !== "APPROVED")
        return graphError(404, 132001, "(#132001) Template name does not exist in the translation");
      const given = body.template?.components?.find((c) => c.type === "body")?.parameters?.length ?? 0;
      if (given !== placeholders(template.body))
        return graphError(
          400,
          132000,
          "(#132000) Number of parameters does not match the expected number of params",
        );
    } else {
      return graphError(400, 100, "(#100) Invalid parameter");
    }
    created.push(body);
    senders.push(number.phoneNumberId);
    return {
      status: 200,
      body: {
        messaging_product: "whatsapp",
        contacts: [{ input: body.to, wa_id: body.to.replace(/^\+/, "") }],
        messages: [{ id: `wamid.${randomBytes(24).toString("base64url")}` }],
      },
    };
  }, options.port);
  return {
    ...standIn,
    messages: () => created,
    messagesFrom: (id) => created.filter((_, i) => senders[i] === id),
    addNumber,
    pagingOrigin: (origin) => {
      nextOrigin = origin;
    },
    reset: () => {
      standIn.reset();
      nextOrigin = null;
      created.length = 0;
      senders.length = 0;
    },
  };
}

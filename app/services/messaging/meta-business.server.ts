import { createHmac, timingSafeEqual } from "node:crypto";
import { config } from "~/config.server";
import { UnknownOutcomeError } from "./errors.server";
import type { MetaSettings } from "./meta.server";
import { callProvider } from "./provider-http.server";

/**
 * The Graph API calls of a company's own WhatsApp Business account (besides sending text, in
 * meta.server.ts): checking credentials, reading its message templates, sending a template, and
 * checking the signature Meta puts on webhook deliveries (X-Hub-Signature-256, the app secret's
 * HMAC-SHA256 of the raw body).
 */

export const graphUrl = () => config().META_GRAPH_URL.replace(/\/$/, "");

type GraphError = { error?: { message?: string; code?: number } };
const describe = (status: number, error: unknown) => {
  const e = (error as GraphError | null)?.error;
  if (e?.message) return e.code ? `${e.message} (error ${e.code})` : e.message;
  return `HTTP ${status}`;
};
const bearer = (token: string) => ({ Authorization: `Bearer ${token}`, Accept: "application/json" });

/**
 * A Graph read (GET), tried a second time when the connection failed: reads change nothing, so a
 * kept-alive connection closed under us (ECONNRESET) is not worth failing 'Verify & Continue' for.
 */
async function graphGet(url: string, token: string): Promise<unknown> {
  const call = () => callProvider("WhatsApp", url, { method: "GET", headers: bearer(token) }, { describe });
  try {
    return await call();
  } catch (error) {
    const connection = error instanceof Error && /unreachable|connection lost/.test(error.message);
    if (!connection) throw error;
    return call();
  }
}

/**
 * The items of a Graph list, page after page (paging.next), at most `maxPages` pages. Each call carries
 * the company's token, so a next page is asked for only at the configured Graph API's origin: a
 * paging.next anywhere else (a tampered answer, a proxy in the way) is refused with an error, never
 * followed. Neither it nor a list longer than `maxPages` is taken for the end of the list: template
 * sync deletes what the list leaves out.
 */
async function* graphList(firstUrl: string, token: string, maxPages = 20): AsyncGenerator<unknown> {
  const origin = new URL(graphUrl()).origin;
  let url: string | null = firstUrl;
  for (let page = 0; url; page++) {
    if (page === maxPages) throw new Error(`WhatsApp: the list goes on past ${maxPages} pages`);
    const answer = (await graphGet(url, token)) as { data?: unknown; paging?: { next?: unknown } } | null;
    if (Array.isArray(answer?.data)) yield* answer.data;
    const next = answer?.paging?.next;
    url = typeof next === "string" && next ? atGraphOrigin(next, origin) : null;
  }
}

function atGraphOrigin(next: string, origin: string): string {
  const parsed = URL.parse(next);
  if (parsed?.origin !== origin)
    throw new Error(
      `WhatsApp: a paging.next outside the Graph API was not followed (${parsed?.origin ?? "not a URL"})`,
    );
  return parsed.href;
}

export type BusinessNumberCheck =
  | { status: "listed"; displayPhoneNumber: string | null }
  | { status: "not-listed" }
  | { status: "refused"; reason: string };

/**
 * Whether the WhatsApp Business Account lists the phone number id among its numbers, asked with the
 * token (GET /{waba-id}/phone_numbers): the check behind 'Verify & Continue'. Meta answers only a
 * token that reaches that account, so a company can claim neither another company's account id nor a
 * number outside its own account. Meta refusing (wrong account id, wrong token, unreachable) is told
 * apart from a number the account does not list.
 */
export async function businessAccountNumber(
  businessAccountId: string,
  phoneNumberId: string,
  token: string,
): Promise<BusinessNumberCheck> {
  try {
    const numbers = graphList(
      `${graphUrl()}/${encodeURIComponent(businessAccountId)}/phone_numbers?fields=id,display_phone_number,verified_name&limit=100`,
      token,
    );
    for await (const item of numbers) {
      const number = item as { id?: unknown; display_phone_number?: unknown } | null;
      if (number?.id !== phoneNumberId) continue;
      return {
        status: "listed",
        displayPhoneNumber:
          typeof number.display_phone_number === "string" ? number.display_phone_number : null,
      };
    }
    return { status: "not-listed" };
  } catch (error) {
    return { status: "refused", reason: error instanceof Error ? error.message : String(error) };
  }
}

export type GraphTemplate = {
  name: string;
  language: string;
  status: string;
  category: string | null;
  body: string;
};

type GraphTemplateItem = {
  name?: string;
  language?: string;
  status?: string;
  category?: string;
  components?: Array<{ type?: string; text?: string }>;
} | null;

/** Every message template of the WhatsApp Business account, following Graph's paging (up to 20 pages). */
export async function messageTemplates(businessAccountId: string, token: string): Promise<GraphTemplate[]> {
  const out: GraphTemplate[] = [];
  const items = graphList(
    `${graphUrl()}/${encodeURIComponent(businessAccountId)}/message_templates?fields=name,language,status,category,components&limit=100`,
    token,
  );
  for await (const item of items) {
    const t = item as GraphTemplateItem;
    if (!t?.name || !t.language) continue;
    const body = t.components?.find((c) => c.type?.toUpperCase() === "BODY")?.text ?? "";
    out.push({
      name: t.name,
      language: t.language,
      status: t.status ?? "",
      category: t.category ?? null,
      body,
    });
  }
  return out;
}

export type TemplateMessage = { name: string; language: string; parameters: string[] };

/** Sends an approved template (business-initiated, any time); answers Meta's message id. */
export async function sendWhatsAppTemplate(
  settings: MetaSettings,
  to: string,
  template: TemplateMessage,
): Promise<string> {
  const answer = (await callProvider(
    "WhatsApp",
    `${settings.graphUrl}/${encodeURIComponent(settings.phoneNumberId)}/messages`,
    {
      method: "POST",
      headers: { ...bearer(settings.accessToken), "Content-Type": "application/json" },
      body: JSON.stringify({
        messaging_product: "whatsapp",
        recipient_type: "individual",
        to: to.replace(/^\+/, ""),
        type: "template",
        template: {
          name: template.name,
          // Meta's LanguageObject requires a policy; "deterministic" is the only one it has.
          language: { policy: "deterministic", code: template.language },
          components:
            template.parameters.length > 0
              ? [{ type: "body", parameters: template.parameters.map((text) => ({ type: "text", text })) }]
              : [],
        },
      }),
    },
    { describe },
  )) as { messages?: Array<{ id?: unknown }> } | null;
  const id = answer?.messages?.[0]?.id;
  if (typeof id !== "string" || !id) throw new UnknownOutcomeError("WhatsApp: the answer has no message id");
  return id;
}

/** X-Hub-Signature-256: "sha256=" and the hex HMAC-SHA256 of the raw body with the app secret. */
export function metaSignatureOf(rawBody: string | Buffer, appSecret: string): string {
  return `sha256=${createHmac("sha256", appSecret).update(rawBody).digest("hex")}`;
}

export function metaSignatureValid(
  rawBody: string | Buffer,
  header: string | null,
  appSecret: string,
): boolean {
  if (!header) return false;
  const expected = Buffer.from(metaSignatureOf(rawBody, appSecret));
  const given = Buffer.from(header.trim());
  return given.length === expected.length && timingSafeEqual(given, expected);
}

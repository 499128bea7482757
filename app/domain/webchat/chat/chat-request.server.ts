import type { RouterContextProvider } from "react-router";
import { getDb } from "#db/client.server";
import { clientIpContext } from "~/context.server";
import { findChatCompanyBySubdomain } from "~/domain/webchat/branding/branding.server";
import { chatPageCsp, notFoundDocument, type PageContext, pageContext } from "./chat-page.server";
import { readChatSession } from "./chat-sessions.server";
import { chatLanguageOf } from "./chat-texts";
import { chatBasePath, cleanSubdomain } from "./chat-urls.server";

/**
 * What every chat app endpoint does first: find the company of the URL's subdomain (a 404 page
 * naming no company otherwise), the page's texts and base path, the visitor's address and, when
 * asked, its signed-in contact of that company.
 */

/** Every form the chat app posts is small: an email, a code, a token or one message. */
export const MAX_CHAT_BODY_BYTES = 16 * 1024;

export function htmlResponse(body: string, status = 200, headers: Record<string, string> = {}) {
  return new Response(body, {
    status,
    headers: {
      "Content-Type": "text/html; charset=utf-8",
      "Content-Security-Policy": chatPageCsp(),
      "Cache-Control": "no-store",
      ...headers,
    },
  });
}

export function jsonResponse(body: unknown, status = 200, headers: Record<string, string> = {}) {
  return Response.json(body, { status, headers: { "Cache-Control": "no-store", ...headers } });
}

export type ChatRequest = PageContext & { ip: string; request: Request };

export async function resolveChatRequest(args: {
  request: Request;
  params: { subdomain?: string };
  context: Readonly<RouterContextProvider>;
}): Promise<ChatRequest> {
  const language = chatLanguageOf(args.request);
  const subdomain = cleanSubdomain(args.params.subdomain);
  const found = subdomain ? await findChatCompanyBySubdomain(getDb(), subdomain) : null;
  if (!subdomain || !found) throw htmlResponse(notFoundDocument(language), 404);
  const company = { ...found, subdomain };
  const base = chatBasePath(args.request, subdomain);
  return {
    ...pageContext(company, base, language),
    ip: args.context.get(clientIpContext) ?? "unknown",
    request: args.request,
  };
}

export function signedInContact(chat: ChatRequest) {
  return readChatSession(chat.request, chat.company.accountId);
}

export function wantsJson(request: Request): boolean {
  return (request.headers.get("Accept") ?? "").includes("application/json");
}

/**
 * The posted fields of a small form (urlencoded, or JSON from the script): null for anything else,
 * or for a body over MAX_CHAT_BODY_BYTES.
 */
export async function readChatForm(request: Request): Promise<Record<string, string> | null> {
  if (Number(request.headers.get("Content-Length") ?? 0) > MAX_CHAT_BODY_BYTES) return null;
  const type = request.headers.get("Content-Type") ?? "";
  let text: string;
  try {
    text = await request.text();
  } catch {
    return null;
  }
  if (Buffer.byteLength(text) > MAX_CHAT_BODY_BYTES) return null;
  if (type.startsWith("application/x-www-form-urlencoded")) {
    // Maps, then own properties: a field named "constructor" or "__proto__" is one like any other.
    const fields = new Map<string, string>();
    for (const [name, value] of new URLSearchParams(text)) if (!fields.has(name)) fields.set(name, value);
    return Object.fromEntries(fields);
  }
  if (type.startsWith("application/json")) {
    try {
      const parsed = JSON.parse(text) as unknown;
      if (!parsed || typeof parsed !== "object" || Array.isArray(parsed)) return null;
      return Object.fromEntries(
        Object.entries(parsed).filter((entry): entry is [string, string] => typeof entry[1] === "string"),
      );
    } catch {
      return null;
    }
  }
  return null;
}

export function redirectTo(location: string, headers: Record<string, string> = {}) {
  return new Response(null, {
    status: 303,
    headers: { Location: location, "Cache-Control": "no-store", ...headers },
  });
}

/** The chat app's own page (trailing slash: the service worker's scope). */
export const homeOf = (chat: PageContext) => `${chat.base}/`;

import { createHmac, timingSafeEqual } from "node:crypto";
import { config } from "~/config.server";
import type { Toast } from "~/domain/actions/toast";
import { EMBEDDED_FLASH_PARAM } from "./embedded-setup";

/**
 * A toast after a redirect, inside the Shopify admin. The standalone app keeps it in the session
 * cookie as a flash, but the admin's iframe sends no cookie back, so there the redirect carries it in
 * its URL (EMBEDDED_FLASH_PARAM, embedded-setup.ts), signed with the session secret so that no link can make the app
 * say something it did not, and only for a minute so that an old link shows nothing.
 */
const MAX_AGE_MS = 60_000;

type Payload = { toast: Toast; at: number };

function sign(body: string) {
  return createHmac("sha256", config().sessionSecret).update(`embedded-flash:${body}`).digest("base64url");
}

/** The redirect target with the toast added to its query. */
export function embeddedFlashUrl(url: string, toast: Toast, now = Date.now()): string {
  const body = Buffer.from(JSON.stringify({ toast, at: now } satisfies Payload)).toString("base64url");
  const target = new URL(url, "http://embedded.invalid");
  target.searchParams.set(EMBEDDED_FLASH_PARAM, `${body}.${sign(body)}`);
  return `${target.pathname}${target.search}${target.hash}`;
}

/**
 * The toast a redirect put in this request's URL, with an id (its signature) so the page shows it
 * once however often its loaders run again; null when absent, forged or older than a minute.
 */
export function readEmbeddedFlash(request: Request, now = Date.now()): (Toast & { id: string }) | null {
  const value = new URL(request.url).searchParams.get(EMBEDDED_FLASH_PARAM);
  const [body, signature] = value?.split(".") ?? [];
  if (!body || !signature) return null;
  const expected = Buffer.from(sign(body));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  try {
    const payload = JSON.parse(Buffer.from(body, "base64url").toString("utf8")) as Payload;
    if (typeof payload.at !== "number" || now - payload.at > MAX_AGE_MS || now < payload.at - MAX_AGE_MS)
      return null;
    return { ...payload.toast, id: signature };
  } catch {
    return null;
  }
}

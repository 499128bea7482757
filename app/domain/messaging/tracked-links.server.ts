import { and, eq } from "drizzle-orm";
import { getDb } from "#db/client.server";
import { linkClicks, touchpoints, trackedLinks } from "#db/schema";
import { isUuid } from "~/domain/kernel/ids";
import type { Queryable } from "~/domain/kernel/scope";
import { isLinkCode, newLinkCode } from "./link-codes";

/**
 * Tracked links: short links at /l/{code} that lead (302) to a target and record each click. A
 * touchpoint has its own (created when its link is saved); each message gets its own, so a click
 * names the contact.
 */

/** An http(s) address of at most 2,048 characters, or null. */
export function cleanTargetUrl(value: string): string | null {
  const trimmed = value.trim();
  if (!trimmed || trimmed.length > 2048) return null;
  let url: URL;
  try {
    url = new URL(trimmed);
  } catch {
    return null;
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") return null;
  if (!url.hostname) return null;
  return url.toString();
}

type NewLink = {
  accountId: string;
  targetUrl: string;
  touchpointId?: string | null;
  messageId?: string | null;
  contactId?: string | null;
};

/**
 * Inserts a tracked link under a new code. Codes are random (55^8); on the rare collision another
 * code is drawn (ON CONFLICT DO NOTHING, so a caller's transaction is never aborted by it).
 */
export async function insertTrackedLink(db: Queryable, link: NewLink): Promise<{ id: string; code: string }> {
  for (let attempt = 0; attempt < 5; attempt++) {
    const code = newLinkCode();
    const [row] = await db
      .insert(trackedLinks)
      .values({ ...link, code })
      .onConflictDoNothing({ target: trackedLinks.code })
      .returning({ id: trackedLinks.id, code: trackedLinks.code });
    if (row) return row;
  }
  throw new Error("Could not find a free tracked link code after 5 tries");
}

/**
 * Creates the touchpoint's own tracked link to `targetUrl`; returns its code. Throws when the address is
 * not http(s), when the touchpoint is not this company's, or when the link cannot be stored.
 */
export async function createTouchpointLink(
  accountId: string,
  touchpointId: string,
  targetUrl: string,
  db: Queryable = getDb(),
): Promise<{ code: string }> {
  const target = cleanTargetUrl(targetUrl);
  if (!target) throw new Error("The link target must be an http or https address");
  if (!isUuid(accountId) || !isUuid(touchpointId)) throw new Error("Touchpoint not found");
  const [touchpoint] = await db
    .select({ id: touchpoints.id })
    .from(touchpoints)
    .where(and(eq(touchpoints.id, touchpointId), eq(touchpoints.accountId, accountId)));
  if (!touchpoint) throw new Error("Touchpoint not found");
  const { code } = await insertTrackedLink(db, { accountId, touchpointId, targetUrl: target });
  return { code };
}

/** A message's own tracked link to its touchpoint's target (the engine calls it while rendering {{LINK}}). */
export async function createMessageLink(
  db: Queryable,
  link: {
    accountId: string;
    messageId: string;
    contactId: string;
    touchpointId: string | null;
    targetUrl: string;
  },
): Promise<{ code: string }> {
  const target = cleanTargetUrl(link.targetUrl);
  if (!target) throw new Error("The link target must be an http or https address");
  const { code } = await insertTrackedLink(db, { ...link, targetUrl: target });
  return { code };
}

/**
 * A visit of /l/{code}: records the click (the link's company, message, contact and touchpoint, the
 * user agent, the time) and answers where to go; null for a malformed or unknown code.
 */
export async function followTrackedLink(
  code: string,
  userAgent: string | null,
  db: Queryable = getDb(),
): Promise<string | null> {
  if (!isLinkCode(code)) return null;
  const [link] = await db
    .select({
      id: trackedLinks.id,
      accountId: trackedLinks.accountId,
      targetUrl: trackedLinks.targetUrl,
      touchpointId: trackedLinks.touchpointId,
      messageId: trackedLinks.messageId,
      contactId: trackedLinks.contactId,
    })
    .from(trackedLinks)
    .where(eq(trackedLinks.code, code));
  if (!link) return null;
  await db.insert(linkClicks).values({
    accountId: link.accountId,
    trackedLinkId: link.id,
    messageId: link.messageId,
    contactId: link.contactId,
    touchpointId: link.touchpointId,
    userAgent: userAgent ? userAgent.slice(0, 1000) : null,
  });
  return link.targetUrl;
}

/** A company's tracked link by code (for the screens); null for another company's or an unknown one. */
export async function getTrackedLink(accountId: string, code: string, db: Queryable = getDb()) {
  if (!isLinkCode(code) || !isUuid(accountId)) return null;
  const [link] = await db
    .select()
    .from(trackedLinks)
    .where(and(eq(trackedLinks.code, code), eq(trackedLinks.accountId, accountId)));
  return link ?? null;
}

import { and, asc, count, desc, eq, inArray, sql } from "drizzle-orm";
import { getDb, type Tx } from "#db/client.server";
import {
  contacts,
  journeyStateChanges,
  journeys,
  linkClicks,
  messages,
  products,
  touchpoints,
  users,
} from "#db/schema";
import { isUuid } from "~/domain/kernel/ids";
import type { AccountScope } from "~/domain/kernel/scope";
import { hasLinkPlaceholder } from "~/domain/messaging/template";
import { createTouchpointLink } from "~/domain/messaging/tracked-links.server";
import { waitToMinutes } from "~/domain/messaging/wait";
import { rescheduleJourney } from "./engine.server";
import type { TouchpointInput } from "./touchpoint-schemas";
import type { JourneyState } from "./types";

/**
 * The touchpoint manager's queries and commands (issue 6): a company's journeys, their ordered
 * touchpoints, adding, editing, reordering and deleting them, and what each touchpoint sent.
 * Every query is scoped to the caller's company; any id of another company is "not found".
 */

export type JourneySummary = {
  id: string;
  name: string;
  productId: string;
  productName: string;
  state: JourneyState;
  stateChangedAt: Date;
  touchpointCount: number;
};

export type TouchpointRow = typeof touchpoints.$inferSelect;

export type StateChange = {
  id: string;
  fromState: JourneyState;
  toState: JourneyState;
  createdAt: Date;
  userName: string | null;
};

export type TouchpointCounts = { sent: number; delivered: number; failed: number; clicked: number };

export type SaveResult =
  | { ok: true; touchpoint: TouchpointRow }
  | { ok: false; reason: "not_found" | "link_failed" | "save_failed" | "link_needed" };

const journeyColumns = {
  id: journeys.id,
  name: journeys.name,
  productId: journeys.productId,
  productName: products.name,
  state: journeys.state,
  stateChangedAt: journeys.stateChangedAt,
};

/** The company's journeys by name, with their product's name and their number of touchpoints. */
export async function listJourneys(scope: AccountScope): Promise<JourneySummary[]> {
  const rows = await getDb()
    .select({
      ...journeyColumns,
      touchpointCount: sql<number>`(select count(*) from ${touchpoints} where ${touchpoints.journeyId} = ${journeys.id})`,
    })
    .from(journeys)
    .innerJoin(products, eq(products.id, journeys.productId))
    .where(eq(journeys.accountId, scope.account.id))
    .orderBy(asc(sql`lower(${journeys.name})`), asc(journeys.id));
  return rows.map((row) => ({ ...row, touchpointCount: Number(row.touchpointCount) }));
}

export async function getJourney(scope: AccountScope, journeyId: string): Promise<JourneySummary | null> {
  if (!isUuid(journeyId)) return null;
  const [row] = await getDb()
    .select(journeyColumns)
    .from(journeys)
    .innerJoin(products, eq(products.id, journeys.productId))
    .where(and(eq(journeys.id, journeyId), eq(journeys.accountId, scope.account.id)));
  if (!row) return null;
  const [{ value }] = await getDb()
    .select({ value: count() })
    .from(touchpoints)
    .where(and(eq(touchpoints.journeyId, row.id), eq(touchpoints.accountId, scope.account.id)));
  return { ...row, touchpointCount: Number(value) };
}

/** The touchpoints of the given journeys (of the company), in journey order. */
export async function listTouchpoints(scope: AccountScope, journeyIds: string[]): Promise<TouchpointRow[]> {
  const ids = journeyIds.filter(isUuid);
  if (ids.length === 0) return [];
  return getDb()
    .select()
    .from(touchpoints)
    .where(and(eq(touchpoints.accountId, scope.account.id), inArray(touchpoints.journeyId, ids)))
    .orderBy(asc(touchpoints.journeyId), asc(touchpoints.ordinal));
}

/** A journey with its touchpoints in order, or null when the company has no such journey. */
export async function getJourneyWithTouchpoints(scope: AccountScope, journeyId: string) {
  const journey = await getJourney(scope, journeyId);
  if (!journey) return null;
  return { journey, touchpoints: await listTouchpoints(scope, [journey.id]) };
}

export async function getTouchpoint(scope: AccountScope, id: string): Promise<TouchpointRow | null> {
  if (!isUuid(id)) return null;
  const [row] = await getDb()
    .select()
    .from(touchpoints)
    .where(and(eq(touchpoints.id, id), eq(touchpoints.accountId, scope.account.id)));
  return row ?? null;
}

/** The latest state changes of a journey, newest first, with who made them. */
export async function listStateChanges(
  scope: AccountScope,
  journeyId: string,
  limit = 5,
): Promise<StateChange[]> {
  if (!isUuid(journeyId)) return [];
  const rows = await getDb()
    .select({
      id: journeyStateChanges.id,
      fromState: journeyStateChanges.fromState,
      toState: journeyStateChanges.toState,
      createdAt: journeyStateChanges.createdAt,
      givenName: users.givenName,
      familyName: users.familyName,
    })
    .from(journeyStateChanges)
    .leftJoin(users, eq(users.id, journeyStateChanges.userId))
    .where(
      and(eq(journeyStateChanges.journeyId, journeyId), eq(journeyStateChanges.accountId, scope.account.id)),
    )
    .orderBy(desc(journeyStateChanges.createdAt), desc(journeyStateChanges.id))
    .limit(limit);
  return rows.map(({ givenName, familyName, ...row }) => ({
    ...row,
    userName: givenName || familyName ? `${givenName ?? ""} ${familyName ?? ""}`.trim() : null,
  }));
}

function columnsOf(input: TouchpointInput) {
  return {
    name: input.name,
    waitMinutes: waitToMinutes(input.waitAmount ?? 0, input.waitUnit),
    waitUnit: input.waitUnit,
    channel: input.channel,
    subject: input.channel === "email" ? (input.subject ?? null) : null,
    message: input.message,
    linkTarget: input.linkTarget || null,
  };
}

class LinkFailed extends Error {}

/** Link creation is the channels work's; a failure becomes 'Failed to create trackable link.' */
async function linkCodeFor(tx: Tx, scope: AccountScope, touchpointId: string, target: string) {
  try {
    return (await createTouchpointLink(scope.account.id, touchpointId, target, tx)).code;
  } catch (error) {
    console.warn("createTouchpointLink failed", error);
    throw new LinkFailed();
  }
}

/** Runs a save in one transaction: a link failure or any other error leaves nothing written. */
async function inTransaction(work: (tx: Tx) => Promise<TouchpointRow | null>): Promise<SaveResult> {
  try {
    const saved = await getDb().transaction(work);
    return saved ? { ok: true, touchpoint: saved } : { ok: false, reason: "not_found" };
  } catch (error) {
    if (error instanceof LinkFailed) return { ok: false, reason: "link_failed" };
    console.error("saving a touchpoint failed", error);
    return { ok: false, reason: "save_failed" };
  }
}

/** Locks the journey so concurrent edits of its touchpoints take turns (ordinals stay 1..n). */
async function lockJourney(tx: Tx, journeyId: string) {
  await tx.execute(sql`select 1 from ${journeys} where ${journeys.id} = ${journeyId} for update`);
}

/**
 * Adds a touchpoint at the end of the journey, in one transaction: the row, then (with a link target)
 * its tracked link, then the new schedule. A link that cannot be created leaves nothing behind.
 */
export async function createTouchpoint(
  scope: AccountScope,
  journeyId: string,
  input: TouchpointInput,
): Promise<SaveResult> {
  const journey = await getJourney(scope, journeyId);
  if (!journey) return { ok: false, reason: "not_found" };
  return inTransaction(async (tx) => {
    await lockJourney(tx, journey.id);
    const [{ next }] = await tx
      .select({ next: sql<number>`coalesce(max(${touchpoints.ordinal}), 0) + 1` })
      .from(touchpoints)
      .where(eq(touchpoints.journeyId, journey.id));
    let [row] = await tx
      .insert(touchpoints)
      .values({
        ...columnsOf(input),
        accountId: scope.account.id,
        journeyId: journey.id,
        ordinal: Number(next),
      })
      .returning();
    if (row.linkTarget) {
      const linkCode = await linkCodeFor(tx, scope, row.id, row.linkTarget);
      [row] = await tx.update(touchpoints).set({ linkCode }).where(eq(touchpoints.id, row.id)).returning();
    }
    await rescheduleJourney(tx, scope.account.id, journey.id);
    return row;
  });
}

/**
 * Saves a touchpoint. When its link target changed, the tracked link is created first and nothing
 * is saved if that fails (spec 2 section 4); a cleared target drops the link code.
 */
export async function updateTouchpoint(
  scope: AccountScope,
  id: string,
  input: TouchpointInput,
): Promise<SaveResult> {
  const current = await getTouchpoint(scope, id);
  if (!current) return { ok: false, reason: "not_found" };
  return save(scope, current, columnsOf(input));
}

/** Other writable members change only the link target (the spec's touchpoint edit). */
export async function updateTouchpointLink(
  scope: AccountScope,
  id: string,
  linkTarget: string | undefined,
): Promise<SaveResult> {
  const current = await getTouchpoint(scope, id);
  if (!current) return { ok: false, reason: "not_found" };
  if (!linkTarget && hasLinkPlaceholder(current.message)) return { ok: false, reason: "link_needed" };
  return save(scope, current, { linkTarget: linkTarget || null });
}

function save(
  scope: AccountScope,
  current: TouchpointRow,
  changes: Partial<ReturnType<typeof columnsOf>>,
): Promise<SaveResult> {
  return inTransaction(async (tx) => {
    const target = changes.linkTarget === undefined ? current.linkTarget : changes.linkTarget;
    let linkCode = current.linkCode;
    if (!target) linkCode = null;
    else if (target !== current.linkTarget || !current.linkCode)
      linkCode = await linkCodeFor(tx, scope, current.id, target);
    const [saved] = await tx
      .update(touchpoints)
      .set({ ...changes, linkCode, updatedAt: new Date() })
      .where(and(eq(touchpoints.id, current.id), eq(touchpoints.accountId, scope.account.id)))
      .returning();
    if (saved && saved.waitMinutes !== current.waitMinutes)
      await rescheduleJourney(tx, scope.account.id, saved.journeyId);
    return saved ?? null;
  });
}

/** Deletes a touchpoint and closes the gap in the ordinals, in one transaction. */
export async function deleteTouchpoint(scope: AccountScope, id: string): Promise<boolean> {
  const current = await getTouchpoint(scope, id);
  if (!current) return false;
  return getDb().transaction(async (tx) => {
    await lockJourney(tx, current.journeyId);
    const gone = await tx
      .delete(touchpoints)
      .where(and(eq(touchpoints.id, current.id), eq(touchpoints.accountId, scope.account.id)))
      .returning({ id: touchpoints.id });
    if (gone.length === 0) return false;
    const rest = await tx
      .select({ id: touchpoints.id })
      .from(touchpoints)
      .where(eq(touchpoints.journeyId, current.journeyId))
      .orderBy(asc(touchpoints.ordinal), asc(touchpoints.createdAt));
    await writeOrdinals(
      tx,
      rest.map((row) => row.id),
    );
    await rescheduleJourney(tx, scope.account.id, current.journeyId);
    return true;
  });
}

export type MoveResult = { ok: true } | { ok: false; reason: "not_found" | "at_edge" };

/** Moves a touchpoint one place up or down; every ordinal of the journey is rewritten in one transaction. */
export async function moveTouchpoint(
  scope: AccountScope,
  id: string,
  direction: "up" | "down",
): Promise<MoveResult> {
  const current = await getTouchpoint(scope, id);
  if (!current) return { ok: false, reason: "not_found" };
  const moved = await getDb().transaction(async (tx) => {
    await lockJourney(tx, current.journeyId);
    const ids = (
      await tx
        .select({ id: touchpoints.id })
        .from(touchpoints)
        .where(and(eq(touchpoints.journeyId, current.journeyId), eq(touchpoints.accountId, scope.account.id)))
        .orderBy(asc(touchpoints.ordinal), asc(touchpoints.createdAt))
    ).map((row) => row.id);
    const from = ids.indexOf(current.id);
    const to = direction === "up" ? from - 1 : from + 1;
    if (from < 0 || to < 0 || to >= ids.length) return false;
    [ids[from], ids[to]] = [ids[to], ids[from]];
    await writeOrdinals(tx, ids);
    await rescheduleJourney(tx, scope.account.id, current.journeyId);
    return true;
  });
  return moved ? { ok: true } : { ok: false, reason: "at_edge" };
}

/** Ordinals 1..n in the given order, in one statement. */
async function writeOrdinals(tx: Tx, ids: string[]) {
  if (ids.length === 0) return;
  const values = sql.join(
    ids.map((id, index) => sql`(${id}::uuid, ${index + 1}::int)`),
    sql`, `,
  );
  await tx.execute(
    sql`update ${touchpoints} set ordinal = v.ordinal, updated_at = now()
        from (values ${values}) as v(id, ordinal)
        where ${touchpoints.id} = v.id and ${touchpoints.ordinal} <> v.ordinal`,
  );
}

/**
 * What each touchpoint sent (journey sends; Test now messages are left out): sent counts messages
 * sent or delivered, failed those failed or undelivered, clicked the messages whose link was clicked.
 */
export async function touchpointCounts(
  scope: AccountScope,
  touchpointIds: string[],
): Promise<Map<string, TouchpointCounts>> {
  const ids = touchpointIds.filter(isUuid);
  const result = new Map<string, TouchpointCounts>(
    ids.map((id) => [id, { sent: 0, delivered: 0, failed: 0, clicked: 0 }]),
  );
  if (ids.length === 0) return result;
  const db = getDb();
  const sends = await db
    .select({
      touchpointId: messages.touchpointId,
      sent: sql<number>`count(*) filter (where ${messages.status} in ('sent', 'delivered'))`,
      delivered: sql<number>`count(*) filter (where ${messages.status} = 'delivered')`,
      failed: sql<number>`count(*) filter (where ${messages.status} in ('failed', 'undelivered'))`,
    })
    .from(messages)
    .where(
      and(
        eq(messages.accountId, scope.account.id),
        inArray(messages.touchpointId, ids),
        eq(messages.isTest, false),
      ),
    )
    .groupBy(messages.touchpointId);
  for (const row of sends) {
    const counts = result.get(row.touchpointId ?? "");
    if (!counts) continue;
    counts.sent = Number(row.sent);
    counts.delivered = Number(row.delivered);
    counts.failed = Number(row.failed);
  }
  const clicks = await db
    .select({
      touchpointId: linkClicks.touchpointId,
      clicked: sql<number>`count(distinct coalesce(${linkClicks.messageId}::text, ${linkClicks.contactId}::text, ${linkClicks.id}::text))`,
    })
    .from(linkClicks)
    .where(and(eq(linkClicks.accountId, scope.account.id), inArray(linkClicks.touchpointId, ids)))
    .groupBy(linkClicks.touchpointId);
  for (const row of clicks) {
    const counts = result.get(row.touchpointId ?? "");
    if (counts) counts.clicked = Number(row.clicked);
  }
  return result;
}

export type TouchpointMessage = {
  id: string;
  contactId: string;
  contactName: string;
  recipient: string | null;
  status: (typeof messages.$inferSelect)["status"];
  statusReason: string | null;
  isTest: boolean;
  createdAt: Date;
  sentAt: Date | null;
};

/** The touchpoint's latest messages, newest first, with the contact's name. */
export async function latestMessages(
  scope: AccountScope,
  touchpointId: string,
  limit = 20,
): Promise<TouchpointMessage[]> {
  if (!isUuid(touchpointId)) return [];
  const rows = await getDb()
    .select({
      id: messages.id,
      contactId: messages.contactId,
      firstName: contacts.firstName,
      lastName: contacts.lastName,
      recipient: messages.recipient,
      status: messages.status,
      statusReason: messages.statusReason,
      isTest: messages.isTest,
      createdAt: messages.createdAt,
      sentAt: messages.sentAt,
    })
    .from(messages)
    .innerJoin(contacts, eq(contacts.id, messages.contactId))
    .where(and(eq(messages.accountId, scope.account.id), eq(messages.touchpointId, touchpointId)))
    .orderBy(desc(messages.createdAt), desc(messages.id))
    .limit(limit);
  return rows.map(({ firstName, lastName, ...row }) => ({
    ...row,
    contactName: `${firstName} ${lastName}`.trim(),
  }));
}

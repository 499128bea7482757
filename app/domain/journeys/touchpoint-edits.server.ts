import { and, asc, eq, sql } from "drizzle-orm";
import { getDb, type Tx } from "#db/client.server";
import { journeys, touchpoints } from "#db/schema";
import type { AccountScope } from "~/domain/kernel/scope";
import { hasLinkPlaceholder } from "~/domain/messaging/template";
import { createTouchpointLink } from "~/domain/messaging/tracked-links.server";
import { waitToMinutes } from "~/domain/messaging/wait";
import { type TemplateColumns, templateColumnsFor } from "~/domain/whatsapp/touchpoint-template.server";
import { rescheduleJourney } from "./engine.server";
import type { TouchpointInput } from "./touchpoint-schemas";
import { getJourney, getTouchpoint, type TouchpointRow } from "./touchpoints.server";

/**
 * The touchpoint manager's commands (issue 6): adding, editing, reordering and deleting a journey's
 * touchpoints, each in one transaction that also reschedules the journey. Scoped to the caller's
 * company like the queries in touchpoints.server.ts; any id of another company is "not found".
 */

export type SaveResult =
  | { ok: true; touchpoint: TouchpointRow }
  | { ok: false; reason: "not_found" | "link_failed" | "save_failed" | "link_needed" };

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
  // A WhatsApp template the company cannot use (not approved, parameters not mapped) saves nothing.
  const template = await templateColumnsFor(scope, input);
  if (!template.ok) return { ok: false, reason: "save_failed" };
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
        ...template.columns,
        ...(template.message ? { message: template.message } : {}),
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
  const template = await templateColumnsFor(scope, input);
  if (!template.ok) return { ok: false, reason: "save_failed" };
  return save(scope, current, {
    ...columnsOf(input),
    ...template.columns,
    ...(template.message ? { message: template.message } : {}),
  });
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
  changes: Partial<ReturnType<typeof columnsOf> & TemplateColumns>,
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

import { and, asc, count, desc, eq, inArray, sql } from "drizzle-orm";
import { getDb } from "#db/client.server";
import { journeyStateChanges, journeys, products, touchpoints, users } from "#db/schema";
import { isUuid } from "~/domain/kernel/ids";
import type { AccountScope } from "~/domain/kernel/scope";
import type { JourneyState } from "./types";

/**
 * The touchpoint manager's queries (issue 6): a company's journeys, their ordered touchpoints and
 * their state changes. Adding, editing, reordering and deleting touchpoints is in
 * touchpoint-edits.server.ts; what each touchpoint sent, in touchpoint-sends.server.ts.
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

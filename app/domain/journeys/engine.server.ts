import { sql } from "drizzle-orm";
import { getDb } from "#db/client.server";
import { isUuid } from "~/domain/kernel/ids";
import type { Queryable } from "~/domain/kernel/scope";
import { notifyDispatcher } from "./dispatch/queue.server";
import { rowsOf } from "./sql.server";
import type { JourneyState } from "./types";

/**
 * The journey engine's public face: journey states, rescheduling and waking the dispatcher (Test now is
 * in test-now.server.ts).
 *
 * Enrollment has one implementation, in the database: the statement-level triggers of migration 0010
 * (db/migrations/0010_enrollment_triggers.sql, functions journey_enroll_links and journey_end_unlinked)
 * on contact_products. Linking a contact to a product (app/domain/products/links.server.ts, the CSV
 * import's merge, sign-up forms, Shopify orders) enrolls it in the product's journey at its first
 * touchpoint, in the transaction that writes the link, set-based for multi-row inserts; a re-link after
 * an unlink restarts from the first touchpoint in a new cycle; removing the link ends the enrollment.
 * There is deliberately no enroll function here: write the link. app/domain/sql-side-rules.ts lists
 * every rule that lives in SQL.
 *
 * Due times: an enrollment at position p (touchpoints done in this cycle) is due at step_started_at
 * plus the wait of the journey's (p+1)-th touchpoint by ordinal; null once there is none (completed).
 */

export type EngineScope = { accountId: string; userId: string | null };

/**
 * After touchpoints were added, removed, reordered or their waits changed: recomputes the position
 * and due time of every active or completed enrollment of the journey, from its step start and the
 * wait of the touchpoint now at its position. Completed enrollments for which a touchpoint now exists (one was
 * added at the end) become active again; enrollments past the last touchpoint complete. The screens
 * call it in the transaction that saved the touchpoints.
 */
export async function rescheduleJourney(db: Queryable, accountId: string, journeyId: string): Promise<void> {
  if (!isUuid(accountId) || !isUuid(journeyId)) return;
  // Positions first: a contact's position is the number of the journey's touchpoints up to the last
  // one it was sent in this cycle (its message keys say which), so deleting a touchpoint already sent
  // does not skip the next one, and a touchpoint inserted before that point is not sent to it.
  await db.execute(
    sql`with ranked as (
          select t.id, row_number() over (order by t.ordinal, t.id) as rank
          from touchpoints t where t.journey_id = ${journeyId}::uuid and t.account_id = ${accountId}::uuid
        ), sent as (
          select m.enrollment_id as id, max(r.rank) as done
          from ranked r
          join messages m on m.touchpoint_id = r.id and not m.is_test
          join enrollments x on x.id = m.enrollment_id
          where m.idempotency_key = x.id::text || ':' || x.cycle::text || ':' || r.id::text
          group by m.enrollment_id
        ), p as (
          select x.id, coalesce(s.done, 0)::int as done
          from enrollments x left join sent s on s.id = x.id
          where x.journey_id = ${journeyId}::uuid and x.account_id = ${accountId}::uuid
            and x.status in ('active', 'completed') and x.position > 0
        )
        update enrollments e set position = p.done, updated_at = now()
        from p where e.id = p.id and e.position <> p.done`,
  );
  await db.execute(
    sql`update enrollments e set
          next_due_at = case when n.wait is null then null else e.step_started_at + make_interval(mins => n.wait) end,
          status = case when n.wait is null and e.position > 0 then 'completed'::enrollment_status
            else 'active'::enrollment_status end,
          updated_at = now()
        from (
          select x.id, (select t.wait_minutes from touchpoints t where t.journey_id = x.journey_id
            order by t.ordinal, t.id offset x.position limit 1) as wait
          from enrollments x
          where x.journey_id = ${journeyId}::uuid and x.account_id = ${accountId}::uuid
            and x.status in ('active', 'completed')
        ) n
        where e.id = n.id
          and (e.next_due_at is distinct from
                case when n.wait is null then null else e.step_started_at + make_interval(mins => n.wait) end
            or e.status <> case when n.wait is null and e.position > 0 then 'completed'::enrollment_status
                 else 'active'::enrollment_status end)`,
  );
  await notifyDispatcher(db);
}

export type SetStateResult = { ok: true } | { ok: false; reason: "not_found" | "unchanged" };

/**
 * Changes a journey's state with its effect, recorded in journey_state_changes:
 * - live: sends. muted: the schedule runs but each due message is recorded as suppressed.
 * - paused: the schedule stops (no new messages; queued ones wait); resuming continues from each
 *   enrollment's current position, and queued messages go at once. Contacts enrolled during the pause
 *   start their first wait when it resumes (new products' journeys start paused, as drafts).
 * - disabled: everything stops, queued messages are suppressed; resuming resets every enrollment
 *   (active or completed) to the first touchpoint in a new cycle from now.
 */
export async function setJourneyState(
  scope: EngineScope,
  journeyId: string,
  state: JourneyState,
  options: { now?: Date } = {},
): Promise<SetStateResult> {
  if (!isUuid(journeyId)) return { ok: false, reason: "not_found" };
  const now = (options.now ?? new Date()).toISOString();
  const result = await getDb().transaction(async (tx): Promise<SetStateResult> => {
    const [journey] = await rowsOf<{ state: JourneyState; state_changed_at: string }>(
      tx,
      sql`select state, state_changed_at from journeys where id = ${journeyId}::uuid and account_id = ${scope.accountId}::uuid for update`,
    );
    if (!journey) return { ok: false, reason: "not_found" };
    const from = journey.state;
    if (from === state) return { ok: false, reason: "unchanged" };
    await tx.execute(
      sql`update journeys set state = ${state}, state_changed_at = ${now}::timestamptz where id = ${journeyId}::uuid`,
    );
    await tx.execute(
      sql`insert into journey_state_changes (account_id, journey_id, from_state, to_state, user_id, created_at)
          values (${scope.accountId}::uuid, ${journeyId}::uuid, ${from}, ${state}, ${scope.userId}::uuid, ${now}::timestamptz)`,
    );
    if (state === "disabled") {
      await tx.execute(
        sql`update messages set status = 'suppressed', status_reason = 'journey_disabled', updated_at = ${now}::timestamptz
            where journey_id = ${journeyId}::uuid and account_id = ${scope.accountId}::uuid
              and status = 'queued' and not is_test`,
      );
    }
    if (from === "disabled") {
      await tx.execute(
        sql`update enrollments e set status = 'active', cycle = e.cycle + 1, position = 0,
              step_started_at = ${now}::timestamptz,
              next_due_at = ${now}::timestamptz + make_interval(mins => (select t.wait_minutes from touchpoints t
                where t.journey_id = e.journey_id order by t.ordinal, t.id limit 1)),
              updated_at = ${now}::timestamptz
            where e.journey_id = ${journeyId}::uuid and e.account_id = ${scope.accountId}::uuid
              and e.status in ('active', 'completed')`,
      );
    }
    if (from === "paused" && state !== "disabled") {
      // Contacts linked while the journey was paused (a draft being built, or a pause) have been sent
      // nothing yet: their first wait counts from now, when the journey goes out, not from their link,
      // so making a week-old draft live does not send every overdue first touchpoint at once, and a
      // "1 day" first touchpoint arrives a day after the merchant said go. Contacts enrolled before
      // the pause keep their clocks (the spec: paused "resumes from the current position").
      await tx.execute(
        sql`update enrollments e set step_started_at = ${now}::timestamptz,
              next_due_at = ${now}::timestamptz + make_interval(mins => (select t.wait_minutes from touchpoints t
                where t.journey_id = e.journey_id order by t.ordinal, t.id limit 1)),
              updated_at = ${now}::timestamptz
            where e.journey_id = ${journeyId}::uuid and e.account_id = ${scope.accountId}::uuid
              and e.status = 'active' and e.position = 0
              and e.step_started_at >= ${new Date(journey.state_changed_at).toISOString()}::timestamptz`,
      );
      await tx.execute(
        sql`update messages set send_after = ${now}::timestamptz, enqueued_at = null, status_reason = null,
              updated_at = ${now}::timestamptz
            where journey_id = ${journeyId}::uuid and account_id = ${scope.accountId}::uuid
              and status = 'queued' and status_reason = 'journey_paused'`,
      );
    }
    return { ok: true };
  });
  if (result.ok) await wakeDispatcher();
  return result;
}

/** Asks a worker to look for due messages now instead of at its next tick (NOTIFY journey_dispatch). */
export async function wakeDispatcher(): Promise<void> {
  await notifyDispatcher();
}

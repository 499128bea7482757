import { sql } from "drizzle-orm";
import { getDb } from "#db/client.server";
import { accounts } from "#db/schema";
import { rowsOf } from "~/domain/journeys/sql.server";
import type { AccountScope, Queryable } from "~/domain/kernel/scope";

/**
 * The first-run checklist on the home page (issue 20 item 9): what a new company does in its first
 * hour, in order. Each step is ticked from the company's data, never by a click, so it is right
 * whichever screen (or import, or store order) did the work.
 */
export const FIRST_RUN_STEPS = ["product", "touchpoint", "contacts", "test", "live", "shopify"] as const;
export type FirstRunStep = (typeof FIRST_RUN_STEPS)[number];

export type FirstRunChecklist = {
  steps: { step: FirstRunStep; done: boolean }[];
  doneCount: number;
  allDone: boolean;
  dismissed: boolean;
  /** Shown on the home page: something is left to do and nobody dismissed it. */
  show: boolean;
};

type Row = Record<FirstRunStep, boolean> & { dismissed: boolean };

export async function firstRunChecklist(
  scope: AccountScope,
  db: Queryable = getDb(),
): Promise<FirstRunChecklist> {
  const account = scope.account.id;
  // One round trip; each exists() stops at the first row an index finds.
  const [row] = await rowsOf<Row>(
    db,
    sql`select
      exists(select 1 from products where account_id = ${account}::uuid) as product,
      exists(select 1 from touchpoints where account_id = ${account}::uuid) as touchpoint,
      exists(select 1 from contacts where account_id = ${account}::uuid) as contacts,
      -- Test now's messages that went out (a refused one, e.g. to a contact without consent, is no test).
      exists(select 1 from messages where account_id = ${account}::uuid and is_test
        and status in ('sent', 'delivered')) as test,
      -- A journey that sends (state live: muted, paused and disabled ones do not) and has something to send.
      exists(select 1 from journeys j where j.account_id = ${account}::uuid and j.state = 'live'
        and exists(select 1 from touchpoints t where t.journey_id = j.id)) as live,
      exists(select 1 from store_profiles where account_id = ${account}::uuid and enabled) as shopify,
      coalesce((select metadata ? 'firstRunDismissedAt' from accounts where id = ${account}::uuid), false)
        as dismissed`,
  );
  const steps = FIRST_RUN_STEPS.map((step) => ({ step, done: Boolean(row?.[step]) }));
  const doneCount = steps.filter((s) => s.done).length;
  const allDone = doneCount === steps.length;
  const dismissed = Boolean(row?.dismissed);
  return { steps, doneCount, allDone, dismissed, show: !allDone && !dismissed };
}

/** Hides the checklist for the whole company (kept in its metadata, merged in the database). */
export async function dismissFirstRunChecklist(scope: AccountScope, db: Queryable = getDb()) {
  const at = new Date().toISOString();
  await db
    .update(accounts)
    .set({ metadata: sql`${accounts.metadata} || jsonb_build_object('firstRunDismissedAt', ${at}::text)` })
    .where(sql`${accounts.id} = ${scope.account.id}::uuid`);
}

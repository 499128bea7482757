/**
 * `npm run analytics:rebuild [-- <company id>...]`: recomputes the analytics rollups from the raw rows
 * (messages, clicks, contacts, consent events, form views and submissions, store orders) for the
 * companies named, or for every company. A named company is rebuilt under its own analytics lock (its
 * events wait; others go on); every company at once is one pass over the raw tables during which all
 * events wait, so run that at a quiet time. Run it after changing how rollups are counted, or to
 * re-bucket a company's history into its new time zone.
 */

import { rebuildAllAnalytics, rebuildAnalytics } from "../app/domain/analytics/rebuild.server";
import { closeDatabase, getDb } from "../db/client.server";

const ids = process.argv.slice(2).filter((a) => a !== "--");
const started = Date.now();
if (ids.length > 0) {
  for (const id of ids) {
    await rebuildAnalytics(getDb(), id);
    console.log(`rebuilt ${id}`);
  }
} else {
  await rebuildAllAnalytics(getDb());
}
console.log(`analytics rollups rebuilt in ${((Date.now() - started) / 1000).toFixed(1)} s`);
await closeDatabase();

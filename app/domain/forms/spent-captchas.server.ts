import { lt } from "drizzle-orm";
import { getDb } from "#db/client.server";
import { usedCaptchas } from "#db/schema";

/**
 * Spent captcha solutions are kept only until they expire (10 minutes after their challenge): an
 * expired solution is refused by its own expiry, so its row no longer guards anything. The hourly
 * housekeeping job deletes them, so the table holds minutes of submissions, not all of them.
 */
export async function pruneSpentCaptchas(now: Date = new Date()): Promise<number> {
  const deleted = await getDb()
    .delete(usedCaptchas)
    .where(lt(usedCaptchas.expiresAt, now))
    .returning({ signature: usedCaptchas.signature });
  return deleted.length;
}

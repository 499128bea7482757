import { eq } from "drizzle-orm";
import { getDb } from "#db/client.server";
import { accounts } from "#db/schema";
import { queueAnalyticsRebuild } from "~/domain/analytics/rebuild.server";
import type { AccountScope } from "~/domain/kernel/scope";

/**
 * A company's messaging settings: the time zone quiet hours fall back to when a contact's number
 * gives none, and the answer to an inbound HELP (null: the default naming the company).
 */
export type MessagingSettings = { timeZone: string; smsHelpText: string | null };

export async function getMessagingSettings(scope: AccountScope): Promise<MessagingSettings> {
  const [row] = await getDb()
    .select({ timeZone: accounts.timeZone, smsHelpText: accounts.smsHelpText })
    .from(accounts)
    .where(eq(accounts.id, scope.account.id));
  return row ?? { timeZone: "America/New_York", smsHelpText: null };
}

export async function updateMessagingSettings(
  scope: AccountScope,
  settings: MessagingSettings,
  onTimeZoneChange: (accountId: string) => Promise<void> = queueAnalyticsRebuild,
) {
  const before = await getMessagingSettings(scope);
  await getDb()
    .update(accounts)
    .set({ timeZone: settings.timeZone, smsHelpText: settings.smsHelpText, updatedAt: new Date() })
    .where(eq(accounts.id, scope.account.id));
  // Analytics count days in the company's time zone: its history is re-bucketed into the new one.
  if (before.timeZone !== settings.timeZone) await onTimeZoneChange(scope.account.id);
}

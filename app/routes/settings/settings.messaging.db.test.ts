import { eq } from "drizzle-orm";
import { afterEach, expect, test } from "vitest";
import { accounts } from "#db/schema";
import { getMessagingSettings } from "~/domain/settings/messaging.server";
import { stopJobs } from "~/services/jobs/jobs.server";
import { signedInRequest, thrownBy } from "../../../tests/support/factories";
import { companyWithAdmin, createMember } from "../../../tests/support/team-factories";
import { describeEachDatabase } from "../../../tests/support/test-database";
import { action as settingsAction } from "./settings";

/** The settings route's "messaging" intent, called the way React Router calls it, with a real session. */
async function post(userId: string, fields: Record<string, string>) {
  const request = await signedInRequest(userId, "http://localhost:3000/settings?tab=organization", {
    method: "POST",
    body: new URLSearchParams({ intent: "messaging", ...fields }),
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
  });
  return settingsAction({ request, params: {}, context: {} } as never);
}

const statusOf = (answer: unknown) => (answer as { init?: ResponseInit | null }).init?.status ?? 200;

describeEachDatabase("/settings: messaging settings", (getDb) => {
  // A time zone change queues the company's analytics rebuild: the job queue opened on this database
  // must close with it, or the next database's tests would send through the old one.
  afterEach(async () => {
    await stopJobs();
  });

  test("a company admin saves through the route; another company's settings stay as they were", async () => {
    const a = await companyWithAdmin();
    const b = await companyWithAdmin();
    const answer = await post(a.admin.id, {
      timeZone: "America/Chicago",
      smsHelpText: "  Text us anytime  ",
    });
    expect(answer).toMatchObject({ intent: "messaging", toast: { message: "messagingSettings.saved" } });
    const [saved] = await getDb().select().from(accounts).where(eq(accounts.id, a.account.id));
    expect(saved).toMatchObject({ timeZone: "America/Chicago", smsHelpText: "Text us anytime" });
    const [other] = await getDb().select().from(accounts).where(eq(accounts.id, b.account.id));
    expect(other).toMatchObject({ timeZone: "America/New_York", smsHelpText: null });
    // An empty reply goes back to the default.
    await post(a.admin.id, { timeZone: "America/Chicago", smsHelpText: "" });
    expect((await getMessagingSettings(a.context)).smsHelpText).toBeNull();
  });

  test("an unknown time zone or a reply over 320 characters is refused with its message, nothing saved", async () => {
    const a = await companyWithAdmin();
    const badZone = await post(a.admin.id, { timeZone: "Mars/Olympus_Mons", smsHelpText: "" });
    expect(statusOf(badZone)).toBe(400);
    expect(JSON.stringify(badZone)).toContain("messagingSettings.timeZoneInvalid");
    const tooLong = await post(a.admin.id, { timeZone: "Europe/Paris", smsHelpText: "x".repeat(321) });
    expect(statusOf(tooLong)).toBe(400);
    expect(JSON.stringify(tooLong)).toContain("messagingSettings.helpTextTooLong");
    expect(await getMessagingSettings(a.context)).toEqual({
      timeZone: "America/New_York",
      smsHelpText: null,
    });
  });

  test("a member who is not a company admin gets 403 and changes nothing", async () => {
    const a = await companyWithAdmin();
    const member = await createMember(a.account.id);
    const refused = (await thrownBy(post(member.id, { timeZone: "Europe/Paris" }))) as { init: ResponseInit };
    expect(refused.init.status).toBe(403);
    expect((await getMessagingSettings(a.context)).timeZone).toBe("America/New_York");
  });
});

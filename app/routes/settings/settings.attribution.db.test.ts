import { and, eq } from "drizzle-orm";
import { expect, test } from "vitest";
import { accounts, auditLog } from "#db/schema";
import { getAttributionWindowDays } from "~/domain/settings/attribution.server";
import { signedInRequest, thrownBy } from "../../../tests/support/factories";
import { companyWithAdmin, createMember } from "../../../tests/support/team-factories";
import { describeEachDatabase } from "../../../tests/support/test-database";
import { roAdminViewCookie } from "../../../tests/support/view-as";
import { action as settingsAction, loader as settingsLoader } from "./settings";

const URL_ = "http://localhost:3000/settings?tab=organization";
const form = (days: string) => new URLSearchParams({ intent: "attribution", attributionWindowDays: days });

/** The settings route's "attribution" intent, called the way React Router calls it, with a real session. */
async function post(userId: string, days: string) {
  const request = await signedInRequest(userId, URL_, {
    method: "POST",
    body: form(days),
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
  });
  return settingsAction({ request, params: {}, context: {} } as never);
}

const statusOf = (answer: unknown) => (answer as { init?: ResponseInit | null }).init?.status ?? 200;

describeEachDatabase("/settings: attribution window", (getDb) => {
  test("a company admin saves it; the change is audited; another company keeps 7 days", async () => {
    const a = await companyWithAdmin();
    const b = await companyWithAdmin();
    const answer = await post(a.admin.id, " 14 ");
    expect(answer).toMatchObject({ intent: "attribution", toast: { message: "attribution.settings.saved" } });
    expect(await getAttributionWindowDays(a.context)).toBe(14);
    expect(await getAttributionWindowDays(b.context)).toBe(7);
    const audit = await getDb()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetId, a.account.id), eq(auditLog.action, "settings.attribution-window")));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      actorUserId: a.admin.id,
      targetType: "account",
      before: { attributionWindowDays: 7 },
      after: { attributionWindowDays: 14 },
    });
    // Saving the same value again changes nothing, so nothing more is audited.
    await post(a.admin.id, "14");
    expect(await getDb().select().from(auditLog).where(eq(auditLog.targetId, a.account.id))).toHaveLength(1);
    // The Organization tab reads it back.
    const loaded = await settingsLoader({
      request: await signedInRequest(a.admin.id, URL_),
      params: {},
      context: {},
    } as never);
    expect(loaded).toMatchObject({
      tab: "organization",
      attributionWindowDays: 14,
      can: { companyWrite: true },
    });
  });

  test("1 and 90 are allowed; empty, 0, 91, 7.5, -3 and words are refused with their message, nothing saved", async () => {
    const a = await companyWithAdmin();
    expect(statusOf(await post(a.admin.id, "1"))).toBe(200);
    expect(await getAttributionWindowDays(a.context)).toBe(1);
    expect(statusOf(await post(a.admin.id, "90"))).toBe(200);
    expect(await getAttributionWindowDays(a.context)).toBe(90);
    const refusals: [string, string][] = [
      ["", "attribution.settings.windowRequired"],
      ["   ", "attribution.settings.windowRequired"],
      ["0", "attribution.settings.windowRange"],
      ["91", "attribution.settings.windowRange"],
      ["365", "attribution.settings.windowRange"],
      ["7.5", "attribution.settings.windowRange"],
      ["-3", "attribution.settings.windowRange"],
      ["seven", "attribution.settings.windowRange"],
    ];
    for (const [days, message] of refusals) {
      const answer = await post(a.admin.id, days);
      expect(statusOf(answer), `"${days}"`).toBe(400);
      expect(answer, `"${days}"`).toMatchObject({
        data: { intent: "attribution", result: { error: { attributionWindowDays: [message] } } },
      });
    }
    expect(await getAttributionWindowDays(a.context)).toBe(90);
  });

  test("a member who is not a company admin, and an RO Admin viewing the company, get 403 and change nothing", async () => {
    const a = await companyWithAdmin();
    const member = await createMember(a.account.id);
    const refused = (await thrownBy(post(member.id, "30"))) as { init: ResponseInit };
    expect(refused.init.status).toBe(403);

    const cookie = await roAdminViewCookie(a.account.id);
    const asRoAdmin = (body?: URLSearchParams) =>
      new Request(URL_, {
        method: body ? "POST" : "GET",
        body,
        headers: { Cookie: cookie, "Content-Type": "application/x-www-form-urlencoded" },
      });
    const roRefused = (await thrownBy(
      settingsAction({ request: asRoAdmin(form("30")), params: {}, context: {} } as never),
    )) as { init: ResponseInit };
    expect(roRefused.init.status).toBe(403);
    // The RO Admin sees the setting, with the control disabled.
    const seen = await settingsLoader({ request: asRoAdmin(), params: {}, context: {} } as never);
    expect(seen).toMatchObject({ attributionWindowDays: 7, can: { companyWrite: false } });

    const [row] = await getDb().select().from(accounts).where(eq(accounts.id, a.account.id));
    expect(row.attributionWindowDays).toBe(7);
    expect(await getDb().select().from(auditLog).where(eq(auditLog.targetId, a.account.id))).toHaveLength(0);
  });
});

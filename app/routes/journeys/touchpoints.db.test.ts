import { eq } from "drizzle-orm";
import { expect, test } from "vitest";
import { journeyStateChanges, journeys, touchpoints } from "#db/schema";
import { createTouchpoint } from "~/domain/journeys/touchpoint-edits.server";
import { getTouchpoint, listJourneys } from "~/domain/journeys/touchpoints.server";
import { signedInRequest, thrownBy } from "../../../tests/support/factories";
import { createLiveProduct } from "../../../tests/support/journeys-live";
import { companyWithAdmin, createMember } from "../../../tests/support/team-factories";
import { describeEachDatabase } from "../../../tests/support/test-database";
import { roAdminViewCookie } from "../../../tests/support/view-as";
import { action as touchpointsAction } from "./touchpoints";

/**
 * The /touchpoints action called the way React Router calls it, with a real session, the real
 * engine and the real tracked links: who may do what (403 otherwise), and what each intent writes.
 */

type Answer = { data?: unknown; init?: ResponseInit | null };
const statusOf = (answer: unknown) => (answer as Answer).init?.status ?? 200;

async function post(request: Request) {
  return touchpointsAction({ request, params: {}, context: {} } as never);
}

function form(fields: Record<string, string>) {
  return {
    method: "POST",
    body: new URLSearchParams(fields),
    headers: { "Content-Type": "application/x-www-form-urlencoded", Accept: "application/json" },
  };
}

const asUser = async (userId: string, fields: Record<string, string>) =>
  post(await signedInRequest(userId, "http://localhost:3000/touchpoints", form(fields)));

/** A platform roadmin viewing the company as RO Admin (the View As cookie of /resources/view-as). */
async function asRoAdmin(accountId: string, fields: Record<string, string>) {
  const init = form(fields);
  return post(
    new Request("http://localhost:3000/touchpoints", {
      ...init,
      headers: { ...init.headers, Cookie: await roAdminViewCookie(accountId) },
    }),
  );
}

async function setUp() {
  const a = await companyWithAdmin();
  const product = await createLiveProduct(a.context, "Solar Panels");
  if (!product.ok) throw new Error(product.reason);
  const [journey] = await listJourneys(a.context);
  const made = await createTouchpoint(a.context, journey.id, {
    name: "Welcome",
    waitAmount: 0,
    waitUnit: "days",
    channel: "sms",
    message: "Hi {{first_name}}",
  });
  if (!made.ok) throw new Error(made.reason);
  return { ...a, journey, touchpoint: made.touchpoint };
}

const writes = (journeyId: string, touchpointId: string) => ({
  create: {
    intent: "create",
    journeyId,
    name: "Forged",
    waitAmount: "1",
    waitUnit: "days",
    channel: "sms",
    message: "x",
  },
  update: {
    intent: "update",
    id: touchpointId,
    name: "Forged",
    waitAmount: "1",
    waitUnit: "days",
    channel: "sms",
    message: "x",
  },
  move: { intent: "move", id: touchpointId, direction: "down" },
  delete: { intent: "delete", id: touchpointId },
  state: { intent: "state", journeyId, state: "paused" },
  link: { intent: "link", id: touchpointId, linkTarget: "https://forged.example.com" },
  test: { intent: "test", id: touchpointId, contactId: "00000000-0000-4000-8000-000000000000" },
});

describeEachDatabase("touchpoint routes", (getDb) => {
  test("an RO Admin is refused every write with 403 and nothing changes", async () => {
    const a = await setUp();
    const before = await getDb().select().from(touchpoints);
    for (const [intent, fields] of Object.entries(writes(a.journey.id, a.touchpoint.id))) {
      const refused = await thrownBy(asRoAdmin(a.account.id, fields));
      expect(statusOf(refused), intent).toBe(403);
    }
    expect(await getDb().select().from(touchpoints)).toEqual(before);
    expect((await getDb().select().from(journeys))[0].state).toBe("live");
    expect(await getDb().select().from(journeyStateChanges)).toEqual([]);
  });

  test("a member who is not a company admin may edit the link and Test now, nothing else", async () => {
    const a = await setUp();
    const member = await createMember(a.account.id);
    const all = writes(a.journey.id, a.touchpoint.id);
    for (const intent of ["create", "update", "move", "delete", "state"] as const) {
      const refused = await thrownBy(asUser(member.id, all[intent]));
      expect(statusOf(refused), intent).toBe(403);
    }
    const linked = await asUser(member.id, all.link);
    expect(statusOf(linked)).toBe(200);
    const saved = await getTouchpoint(a.context, a.touchpoint.id);
    expect(saved).toMatchObject({ name: "Welcome", linkTarget: "https://forged.example.com" });
    expect(saved?.linkCode).toMatch(/^[2-9a-zA-Z]{8}$/);
    // A link that is not http(s) is refused with its message, and nothing changes.
    const bad = await asUser(member.id, { ...all.link, linkTarget: "javascript:alert(1)" });
    expect(statusOf(bad)).toBe(400);
    expect((bad as { data: { result: { error: unknown } } }).data.result.error).toEqual({
      linkTarget: ["journeys.validation.linkInvalid"],
    });
  });

  test("malformed ids, states and unknown intents answer 400 before reaching the database; nothing changes", async () => {
    const a = await setUp();
    const before = await getDb().select().from(touchpoints);
    const malformed: Record<string, string>[] = [
      { intent: "move", id: "x", direction: "down" },
      { intent: "delete", id: "1; drop table touchpoints" },
      { intent: "state", journeyId: "x", state: "paused" },
      { intent: "state", journeyId: a.journey.id, state: "asleep" },
      { intent: "test", id: "x", contactId: a.touchpoint.id },
      { intent: "constructor" },
      { intent: "toString" },
    ];
    for (const fields of malformed) {
      // An answer is returned or thrown (unknown intents throw their 400).
      const answer = await asUser(a.admin.id, fields).catch((thrown: unknown) => thrown);
      expect(statusOf(answer), JSON.stringify(fields)).toBe(400);
    }
    expect(await getDb().select().from(touchpoints)).toEqual(before);
    expect((await getDb().select().from(journeys))[0].state).toBe("live");
  });

  test("a company admin's writes: validation per field, create, state change recorded", async () => {
    const a = await setUp();
    const invalid = await asUser(a.admin.id, { intent: "create", journeyId: a.journey.id, channel: "email" });
    expect(statusOf(invalid)).toBe(400);
    expect(
      (invalid as { data: { result: { error: Record<string, string[]> } } }).data.result.error,
    ).toMatchObject({
      name: ["journeys.validation.fieldCanNotBeEmpty"],
      subject: ["journeys.validation.subjectRequired"],
    });

    const created = await asUser(a.admin.id, writes(a.journey.id, a.touchpoint.id).create);
    expect(created).toMatchObject({
      intent: "create",
      done: true,
      toast: { message: "journeys.toasts.created" },
    });
    expect(
      (await getDb().select().from(touchpoints).where(eq(touchpoints.journeyId, a.journey.id))).map((t) => [
        t.ordinal,
        t.name,
        t.waitMinutes,
      ]),
    ).toEqual([
      [1, "Welcome", 0],
      [2, "Forged", 1440],
    ]);

    const changed = await asUser(a.admin.id, writes(a.journey.id, a.touchpoint.id).state);
    expect(statusOf(changed)).toBe(200);
    expect((await getDb().select().from(journeys))[0].state).toBe("paused");
    expect(await getDb().select().from(journeyStateChanges)).toMatchObject([
      { fromState: "live", toState: "paused", userId: a.admin.id },
    ]);

    // Another company's admin: not found, nothing changes.
    const b = await companyWithAdmin();
    const other = await asUser(b.admin.id, writes(a.journey.id, a.touchpoint.id).delete);
    expect((other as { data: { toast: { error: boolean } } }).data.toast.error).toBe(true);
    expect(await getTouchpoint(a.context, a.touchpoint.id)).not.toBeNull();
    const otherState = await asUser(b.admin.id, {
      ...writes(a.journey.id, a.touchpoint.id).state,
      state: "live",
    });
    expect(statusOf(otherState)).toBe(404);
    expect((await getDb().select().from(journeys))[0].state).toBe("paused");
  });
});

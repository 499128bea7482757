import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, expect, test, vi } from "vitest";
import { contacts, messages, outboxMessages, touchpoints } from "#db/schema";
import { resetConfigForTests } from "~/config.server";
import { signedInRequest } from "../../../tests/support/factories";
import {
  startTwilioStandIn,
  type TwilioStandIn,
  twilioErrors,
} from "../../../tests/support/stand-ins/twilio";
import { companyWithAdmin } from "../../../tests/support/team-factories";
import { describeEachDatabase } from "../../../tests/support/test-database";
import { action as touchpointsAction } from "../../routes/journeys/touchpoints";
import { createProduct } from "../products/products.server";
import { sendTouchpointNow } from "./test-now.server";
import { listJourneys } from "./touchpoints.server";

/** Test now: at most 10 contacts, once per form however often it is submitted, no raw provider text. */

const SID = "AC00000000000000000000000000000007";
const TOKEN = "test-now-token";
const KEYS = ["TWILIO_ACCOUNT_SID", "TWILIO_AUTH_TOKEN", "TWILIO_FROM", "TWILIO_API_URL"];
let twilio: TwilioStandIn;
let saved: Record<string, string | undefined> = {};
beforeAll(async () => {
  twilio = await startTwilioStandIn(SID, TOKEN);
});
afterAll(async () => {
  await twilio.close();
});
afterEach(() => {
  for (const key of KEYS) {
    if (saved[key] === undefined) delete process.env[key];
    else if (key in saved) process.env[key] = saved[key];
  }
  saved = {};
  resetConfigForTests();
  vi.restoreAllMocks();
});
function useTwilio() {
  saved = Object.fromEntries(KEYS.map((k) => [k, process.env[k]]));
  Object.assign(process.env, {
    TWILIO_ACCOUNT_SID: SID,
    TWILIO_AUTH_TOKEN: TOKEN,
    TWILIO_FROM: "+15005550006",
    TWILIO_API_URL: twilio.url,
  });
  resetConfigForTests();
  twilio.reset();
}

describeEachDatabase("Test now", (getDb) => {
  async function setUp(contactCount: number) {
    const a = await companyWithAdmin();
    const product = await createProduct(a.context, "Serum");
    if (!product.ok) throw new Error(product.reason);
    const [journey] = await listJourneys(a.context);
    const [touchpoint] = await getDb()
      .insert(touchpoints)
      .values({
        accountId: a.account.id,
        journeyId: journey.id,
        ordinal: 1,
        name: "Welcome",
        waitMinutes: 0,
        waitUnit: "minutes",
        channel: "sms",
        message: "Hi {{first_name}}",
      })
      .returning();
    const people = await getDb()
      .insert(contacts)
      .values(
        Array.from({ length: contactCount }, (_, i) => ({
          accountId: a.account.id,
          firstName: `Ann${i}`,
          lastName: "Lee",
          phone: `+1201555${String(1000 + i)}`,
          smsConsent: "opted_in" as const,
        })),
      )
      .returning();
    const scope = { accountId: a.account.id, userId: a.admin.id };
    return { ...a, touchpoint, people, scope };
  }

  type TestAnswer = {
    data: { toast: { message: string; error?: boolean }; notSent: unknown[] };
    init?: ResponseInit;
  };
  const testNow = async (userId: string, fields: [string, string][]): Promise<TestAnswer> => {
    const answer: unknown = await touchpointsAction({
      request: await signedInRequest(userId, "http://localhost:3000/touchpoints", {
        method: "POST",
        body: new URLSearchParams([["intent", "test"], ...fields]),
        headers: { "Content-Type": "application/x-www-form-urlencoded", Accept: "application/json" },
      }),
      params: {},
      context: {},
    } as never);
    return answer as TestAnswer;
  };

  test("more than 10 contacts at once are refused with a clear message, and nothing is sent", async () => {
    const c = await setUp(11);
    const fields: [string, string][] = [
      ["id", c.touchpoint.id],
      ...c.people.map((p): [string, string] => ["contactId", p.id]),
    ];

    const answer = await testNow(c.admin.id, fields);

    expect(answer.init?.status).toBe(400);
    expect(answer.data.toast).toEqual({ message: "journeys.toasts.testTooMany", error: true });
    expect(
      await sendTouchpointNow(
        c.scope,
        c.touchpoint.id,
        c.people.map((p) => p.id),
      ),
    ).toEqual({
      ok: false,
      reason: "too_many",
    });
    expect(await getDb().$count(messages, eq(messages.accountId, c.account.id))).toBe(0);
    // Ten is fine.
    const ten = await testNow(c.admin.id, fields.slice(0, 11));
    expect(ten.data.toast).toEqual({ message: "journeys.toasts.sent" });
  });

  test("the same form submitted twice, even at once, sends each message once", async () => {
    const c = await setUp(2);
    const requestKey = "6f1c7a2e-3b4d-4e5f-8a9b-0c1d2e3f4a5b";
    const fields: [string, string][] = [
      ["id", c.touchpoint.id],
      ["requestKey", requestKey],
      ...c.people.map((p): [string, string] => ["contactId", p.id]),
    ];

    const [first, second] = await Promise.all([testNow(c.admin.id, fields), testNow(c.admin.id, fields)]);
    const third = await testNow(c.admin.id, fields);

    for (const answer of [first, second, third])
      expect(answer.data.toast).toEqual({ message: "journeys.toasts.sent" });
    for (const person of c.people)
      expect(await getDb().$count(outboxMessages, eq(outboxMessages.recipient, person.phone as string))).toBe(
        1,
      );
    expect(await getDb().$count(messages, eq(messages.accountId, c.account.id))).toBe(2);
    // A new form (a new key) sends again.
    await testNow(c.admin.id, [
      ...fields.slice(0, 1),
      ["requestKey", "7a2b3c4d-5e6f-4a1b-8c2d-3e4f5a6b7c8d"],
      ...fields.slice(2),
    ]);
    expect(await getDb().$count(messages, eq(messages.accountId, c.account.id))).toBe(4);
  });

  test("a provider's refusal shows in words with an error id; its own text goes to the log only", async () => {
    const c = await setUp(1);
    useTwilio();
    twilio.failNext(twilioErrors.invalidTo);
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});

    const answer = await testNow(c.admin.id, [
      ["id", c.touchpoint.id],
      ["contactId", c.people[0].id],
    ]);

    expect(answer.data.toast).toEqual({ message: "journeys.toasts.notSent", error: true });
    expect(answer.data.notSent).toEqual([
      { name: "Ann0 Lee", reason: "failed", detail: expect.stringMatching(/^[0-9a-f]{8}$/) },
    ]);
    expect(JSON.stringify(answer.data)).not.toContain("Twilio");
    const [message] = await getDb().select().from(messages).where(eq(messages.accountId, c.account.id));
    expect(message).toMatchObject({ status: "failed", statusReason: "send_failed" });
    const errorId = (answer.data.notSent[0] as { detail: string }).detail;
    expect(logged).toHaveBeenCalledWith(
      expect.stringContaining(`error id ${errorId}`),
      expect.objectContaining({ message: expect.stringContaining("is not a valid phone number") }),
    );
  });
});

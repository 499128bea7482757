import { eq } from "drizzle-orm";
import { expect, test } from "vitest";
import { contacts, journeys, messages, outboxMessages, touchpoints } from "#db/schema";
import { linkContactToProduct } from "~/domain/products/links.server";
import { createLiveProduct } from "../../../tests/support/journeys-live";
import { companyWithAdmin } from "../../../tests/support/team-factories";
import { describeEachDatabase } from "../../../tests/support/test-database";
import { dispatchDue } from "./dispatch/claim-due.server";
import { refusal } from "./dispatch/policy";
import { sendMessages } from "./dispatch/send.server";
import { sendTouchpointNow } from "./test-now.server";

const T0 = new Date("2030-06-17T16:00:00Z"); // noon in New York: no quiet hours
const at = (minutes: number) => new Date(T0.getTime() + minutes * 60_000);

test("a contact added without marketing consent (non_commercial) gets non-commercial messages only", () => {
  const base = { phone: "+12015550100", email: "a@example.com", isActive: true };
  const automatic = { ...base, smsConsent: "non_commercial" };
  expect(refusal("sms", { ...automatic, commercial: false })).toBeNull();
  expect(refusal("whatsapp", { ...automatic, commercial: false })).toBeNull();
  expect(refusal("email", { ...automatic, commercial: false })).toBeNull();
  for (const channel of ["sms", "whatsapp", "email"] as const)
    expect(refusal(channel, { ...automatic, commercial: true })).toBe("non_commercial_only");
  // Nothing changes for the others: consent still needed for every SMS, commercial or not.
  expect(refusal("sms", { ...base, smsConsent: "none", commercial: false })).toBe("no_consent");
  expect(refusal("sms", { ...base, smsConsent: "opted_out", commercial: false })).toBe("opted_out");
  expect(refusal("sms", { ...base, smsConsent: "opted_in", commercial: true })).toBeNull();
});

describeEachDatabase("non-commercial touchpoints", (getDb) => {
  async function journeyWith(steps: { commercial: boolean; wait: number }[]) {
    const a = await companyWithAdmin();
    const created = await createLiveProduct(a.context, "Espresso machine");
    if (!created.ok) throw new Error("product");
    const [journey] = await getDb().select().from(journeys).where(eq(journeys.productId, created.product.id));
    const rows = [];
    for (const [i, step] of steps.entries())
      rows.push(
        (
          await getDb()
            .insert(touchpoints)
            .values({
              accountId: a.account.id,
              journeyId: journey.id,
              ordinal: i + 1,
              name: step.commercial ? `Offer ${i + 1}` : `Setup guide ${i + 1}`,
              waitMinutes: step.wait,
              waitUnit: "minutes",
              message: step.commercial ? "20% off descaler" : "Step 1: fill the tank",
              commercial: step.commercial,
            })
            .returning()
        )[0],
      );
    return { ...a, product: created.product, touchpoints: rows };
  }

  async function buyer(accountId: string, smsConsent: "non_commercial" | "opted_in", phone: string) {
    const [row] = await getDb()
      .insert(contacts)
      .values({ accountId, firstName: "Nia", lastName: "Buyer", phone, smsConsent })
      .returning();
    return row;
  }

  /** Dispatches and sends everything due at `now` as the jobs would (send jobs run at once). */
  async function run(now: Date) {
    const queued: string[] = [];
    await dispatchDue({
      now,
      inline: false,
      enqueue: async (batches) => void queued.push(...batches.flat()),
    });
    await sendMessages(queued, { now, enqueue: async () => {} });
  }

  test("the engine sends the setup guide to an automatic opt-in and suppresses the offer; both go to an opted-in buyer", async () => {
    const c = await journeyWith([
      { commercial: false, wait: 0 },
      { commercial: true, wait: 10 },
      { commercial: false, wait: 10 },
    ]);
    const automatic = await buyer(c.account.id, "non_commercial", "+12015550111");
    const subscribed = await buyer(c.account.id, "opted_in", "+12015550112");
    for (const contact of [automatic, subscribed])
      await linkContactToProduct(getDb(), c.context, contact.id, c.product.id);
    await run(at(1));
    await run(at(12));
    await run(at(23));

    const statusOf = async (contactId: string) =>
      (await getDb().select().from(messages).where(eq(messages.contactId, contactId)))
        .map((m) => [c.touchpoints.findIndex((t) => t.id === m.touchpointId) + 1, m.status, m.statusReason])
        .sort((x, y) => Number(x[0]) - Number(y[0]));
    expect(await statusOf(automatic.id)).toEqual([
      [1, "sent", null],
      [2, "suppressed", "non_commercial_only"],
      [3, "sent", null],
    ]);
    expect((await statusOf(subscribed.id)).map((m) => m[1])).toEqual(["sent", "sent", "sent"]);
    const outbox = await getDb()
      .select()
      .from(outboxMessages)
      .where(eq(outboxMessages.recipient, automatic.phone as string));
    expect(outbox.map((m) => m.text).sort()).toEqual(["Step 1: fill the tank", "Step 1: fill the tank"]);
  });

  test("a message queued for a send job is checked again when sent; Test now honours the rule too", async () => {
    const c = await journeyWith([{ commercial: true, wait: 0 }]);
    const automatic = await buyer(c.account.id, "opted_in", "+12015550121");
    await linkContactToProduct(getDb(), c.context, automatic.id, c.product.id);
    const queued: string[] = [];
    await dispatchDue({ now: at(1), inline: false, enqueue: async (b) => void queued.push(...b.flat()) });
    expect(queued).toHaveLength(1);
    // Consent narrowed to non-commercial while the offer waited for its send job.
    await getDb().update(contacts).set({ smsConsent: "non_commercial" }).where(eq(contacts.id, automatic.id));
    await sendMessages(queued, { now: at(1), enqueue: async () => {} });
    const [message] = await getDb().select().from(messages).where(eq(messages.contactId, automatic.id));
    expect(message).toMatchObject({ status: "suppressed", statusReason: "non_commercial_only" });

    const scope = { accountId: c.account.id, userId: c.admin.id };
    const result = await sendTouchpointNow(scope, c.touchpoints[0].id, [automatic.id], { now: at(2) });
    expect(result).toEqual({
      ok: true,
      outcomes: [{ contactId: automatic.id, status: "refused", reason: "non_commercial_only" }],
    });
    await getDb()
      .update(touchpoints)
      .set({ commercial: false })
      .where(eq(touchpoints.id, c.touchpoints[0].id));
    const again = await sendTouchpointNow(scope, c.touchpoints[0].id, [automatic.id], { now: at(3) });
    expect(again.ok && again.outcomes[0].status).toBe("sent");
  });
});

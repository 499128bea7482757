import { eq } from "drizzle-orm";
import { expect, test } from "vitest";
import {
  consentEvents,
  contacts,
  enrollments,
  journeys,
  linkClicks,
  messages,
  touchpoints,
  trackedLinks,
} from "#db/schema";
import type { AccountScope } from "~/domain/kernel/scope";
import { companyWithAdmin } from "../../../tests/support/team-factories";
import { describeEachDatabase } from "../../../tests/support/test-database";
import { createContact } from "../contacts/contacts.server";
import { createProduct } from "../products/products.server";
import { contactTimeline } from "./timeline.server";

const at = (minute: number) => new Date(Date.UTC(2026, 10, 1, 12, minute));

/** A company with a contact enrolled in a product's journey of one touchpoint. */
async function companyWithJourney(getDb: () => import("#db/client.server").Db, phone: string) {
  const company = await companyWithAdmin();
  const context: AccountScope = company.context;
  const created = await createContact(context, { firstName: "Ada", lastName: "Byron", phone });
  if (!created.ok) throw new Error(created.reason);
  const product = await createProduct(context, "Solar Panels");
  if (!product.ok) throw new Error(product.reason);
  const [journey] = await getDb().select().from(journeys).where(eq(journeys.productId, product.product.id));
  const [touchpoint] = await getDb()
    .insert(touchpoints)
    .values({
      accountId: company.account.id,
      journeyId: journey.id,
      ordinal: 1,
      name: "Welcome",
      message: "Hi",
    })
    .returning();
  return { company, context, contact: created.contact, product: product.product, journey, touchpoint };
}

describeEachDatabase("contact timeline", (getDb) => {
  test("enrollments, messages, clicks and consent events come newest first with their details", async () => {
    const { company, context, contact, product, journey, touchpoint } = await companyWithJourney(
      getDb,
      "+12015550101",
    );
    const accountId = company.account.id;
    const [enrollment] = await getDb()
      .insert(enrollments)
      .values({
        accountId,
        journeyId: journey.id,
        contactId: contact.id,
        productId: product.id,
        enrolledAt: at(1),
        status: "ended",
        endedAt: at(5),
      })
      .returning();
    await getDb()
      .insert(consentEvents)
      .values({
        accountId,
        contactId: contact.id,
        kind: "opt_in",
        source: "admin",
        consentText: "Agreed at the counter",
        createdAt: at(0),
      });
    const [message] = await getDb()
      .insert(messages)
      .values({
        accountId,
        idempotencyKey: `${enrollment.id}:0:${touchpoint.id}`,
        contactId: contact.id,
        enrollmentId: enrollment.id,
        journeyId: journey.id,
        touchpointId: touchpoint.id,
        channel: "sms",
        body: "Hi Ada",
        status: "delivered",
        createdAt: at(2),
        sentAt: at(2),
      })
      .returning();
    const [link] = await getDb()
      .insert(trackedLinks)
      .values({ code: "abcdefgh", accountId, targetUrl: "https://example.com/guide", messageId: message.id })
      .returning();
    await getDb()
      .insert(linkClicks)
      .values({
        accountId,
        trackedLinkId: link.id,
        messageId: message.id,
        contactId: contact.id,
        touchpointId: touchpoint.id,
        userAgent: "Mozilla/5.0",
        clickedAt: at(3),
      });
    await getDb()
      .insert(consentEvents)
      .values({
        accountId,
        contactId: contact.id,
        kind: "opt_out",
        source: "keyword",
        keyword: "STOP",
        createdAt: at(4),
      });

    const events = await contactTimeline(context, contact.id);
    expect(events?.map((e) => e.kind)).toEqual([
      "enrollment_ended",
      "consent",
      "click",
      "message",
      "enrolled",
      "consent",
    ]);
    expect(events?.[1]).toMatchObject({ consent: "opt_out", source: "keyword", keyword: "STOP" });
    expect(events?.[2]).toMatchObject({ touchpoint: "Welcome", target: "https://example.com/guide" });
    expect(events?.[3]).toMatchObject({
      channel: "sms",
      status: "delivered",
      body: "Hi Ada",
      touchpoint: "Welcome",
    });
    expect(events?.[4]).toMatchObject({ product: "Solar Panels", at: at(1).toISOString() });
    expect(events?.[5]).toMatchObject({ consent: "opt_in", consentText: "Agreed at the counter" });
  });

  test("another company's contact is not found, and its events never appear in ours", async () => {
    const ours = await companyWithJourney(getDb, "+12015550102");
    const theirs = await companyWithJourney(getDb, "+12015550102");
    await getDb().insert(consentEvents).values({
      accountId: theirs.company.account.id,
      contactId: theirs.contact.id,
      kind: "opt_out",
      source: "keyword",
    });
    expect(await contactTimeline(ours.context, theirs.contact.id)).toBeNull();
    expect(await contactTimeline(ours.context, "not-a-uuid")).toBeNull();
    expect(await contactTimeline(ours.context, ours.contact.id)).toEqual([]);
    // The same phone in both companies: still only our own contact's rows.
    const [mine] = await getDb().select().from(contacts).where(eq(contacts.id, ours.contact.id));
    expect(mine.phone).toBe("+12015550102");
  });
});

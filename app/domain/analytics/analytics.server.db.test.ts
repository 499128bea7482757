import { eq } from "drizzle-orm";
import { expect, test } from "vitest";
import {
  consentEvents,
  contacts,
  formSubmissions,
  formViewCounts,
  journeys,
  linkClicks,
  messages,
  microsites,
  storeProfiles,
  touchpoints,
  trackedLinks,
} from "#db/schema";
import { storeOrder } from "../../../tests/support/attribution-rows";
import { createAccount } from "../../../tests/support/factories";
import { createLiveProduct } from "../../../tests/support/journeys-live";
import { describeEachDatabase } from "../../../tests/support/test-database";
import { loadCompanyAnalytics, loadPlatformOverview } from "./analytics.server";

/**
 * The loaders read the rollups the triggers keep: raw rows written at chosen times show up on the
 * company's local days, in the right period, and never in another company's report.
 */

// Noon in New York on Thursday 20 June 2030: "last 7 days" are 14-20 June, the previous 7-13 June.
const NOW = new Date("2030-06-20T16:00:00Z");
const at = (iso: string) => new Date(iso);

describeEachDatabase("analytics loaders", (getDb) => {
  async function company(name: string) {
    const account = await createAccount({ company: name, timeZone: "America/New_York" });
    const scope = { account: { id: account.id } };
    const created = await createLiveProduct(scope, `${name} Serum`);
    if (!created.ok) throw new Error("product");
    const [journey] = await getDb().select().from(journeys).where(eq(journeys.productId, created.product.id));
    const [sms, email] = await getDb()
      .insert(touchpoints)
      .values([
        {
          accountId: account.id,
          journeyId: journey.id,
          ordinal: 1,
          name: "Welcome",
          channel: "sms" as const,
          message: "Hi {{LINK}}",
          linkTarget: "https://shop.example.com/welcome",
        },
        {
          accountId: account.id,
          journeyId: journey.id,
          ordinal: 2,
          name: "Tips",
          channel: "email" as const,
          message: "Tips",
        },
      ])
      .returning();
    return { account, journey, sms, email, product: created.product };
  }

  let phone = 0;
  async function contactAt(accountId: string, createdAt: Date) {
    phone += 1;
    const [row] = await getDb()
      .insert(contacts)
      .values({
        accountId,
        firstName: "Ann",
        lastName: "Lee",
        phone: `+1201555${String(phone).padStart(4, "0")}`,
        email: `ann${phone}@example.com`,
        createdAt,
      })
      .returning();
    return row;
  }

  async function message(
    c: Awaited<ReturnType<typeof company>>,
    contactId: string,
    m: {
      channel?: "sms" | "email";
      status: "sent" | "delivered" | "failed" | "suppressed";
      at: Date;
      reason?: string;
    },
  ) {
    const touchpoint = m.channel === "email" ? c.email : c.sms;
    const sent = m.status === "sent" || m.status === "delivered";
    const [row] = await getDb()
      .insert(messages)
      .values({
        accountId: c.account.id,
        idempotencyKey: `k-${crypto.randomUUID()}`,
        contactId,
        journeyId: c.journey.id,
        touchpointId: touchpoint.id,
        channel: m.channel ?? "sms",
        status: m.status,
        statusReason: m.reason ?? null,
        createdAt: m.at,
        sentAt: sent ? m.at : null,
      })
      .returning();
    return row;
  }

  async function click(
    c: Awaited<ReturnType<typeof company>>,
    messageId: string,
    contactId: string,
    when: Date,
  ) {
    const [link] = await getDb()
      .insert(trackedLinks)
      .values({
        code: `c${crypto.randomUUID().slice(0, 8)}`,
        accountId: c.account.id,
        targetUrl: "https://shop.example.com/welcome",
        touchpointId: c.sms.id,
        messageId,
        contactId,
      })
      .returning();
    await getDb().insert(linkClicks).values({
      accountId: c.account.id,
      trackedLinkId: link.id,
      messageId,
      contactId,
      touchpointId: c.sms.id,
      clickedAt: when,
    });
  }

  async function seedAlpha() {
    const a = await company("Alpha");
    await contactAt(a.account.id, at("2030-06-01T15:00:00Z"));
    await contactAt(a.account.id, at("2030-06-01T15:00:00Z"));
    await contactAt(a.account.id, at("2030-06-10T15:00:00Z")); // previous period
    // 03:00 UTC on the 15th is 23:00 on the 14th in New York.
    const ann = await contactAt(a.account.id, at("2030-06-15T03:00:00Z"));
    const bob = await contactAt(a.account.id, at("2030-06-16T15:00:00Z"));
    const m1 = await message(a, ann.id, { status: "delivered", at: at("2030-06-15T03:00:00Z") });
    await message(a, bob.id, { status: "sent", at: at("2030-06-16T15:00:00Z") });
    await message(a, bob.id, { status: "failed", at: at("2030-06-16T16:00:00Z"), reason: "Twilio: failed" });
    await message(a, bob.id, { channel: "email", status: "delivered", at: at("2030-06-17T15:00:00Z") });
    await message(a, ann.id, {
      status: "suppressed",
      at: at("2030-06-17T15:00:00Z"),
      reason: "account_suspended",
    });
    await message(a, ann.id, { status: "suppressed", at: at("2030-06-17T15:00:00Z"), reason: "no_consent" });
    await message(a, ann.id, { status: "suppressed", at: at("2030-06-18T15:00:00Z"), reason: "no_consent" });
    await message(a, bob.id, { status: "sent", at: at("2030-06-10T15:00:00Z") }); // previous period
    await click(a, m1.id, ann.id, at("2030-06-15T04:00:00Z"));
    await click(a, m1.id, ann.id, at("2030-06-19T04:00:00Z"));
    await getDb()
      .insert(consentEvents)
      .values({
        accountId: a.account.id,
        contactId: bob.id,
        kind: "opt_out",
        source: "keyword",
        createdAt: at("2030-06-18T15:00:00Z"),
      });
    const [form] = await getDb()
      .insert(microsites)
      .values({ accountId: a.account.id, templateName: "Blank", elements: [], style: {} })
      .returning();
    await getDb()
      .insert(formViewCounts)
      .values({ formId: form.id, accountId: a.account.id, day: "2030-06-18", views: 8 });
    for (const key of ["one", "two"])
      await getDb()
        .insert(formSubmissions)
        .values({
          formId: form.id,
          accountId: a.account.id,
          idempotencyKey: key,
          values: {},
          createdAt: at("2030-06-18T15:00:00Z"),
        });
    await storeOrder(getDb(), {
      accountId: a.account.id,
      contactId: ann.id,
      totalMinor: 4200,
      placedAt: at("2030-06-19T15:00:00Z"),
      touchpointId: a.sms.id,
    });
    await storeOrder(getDb(), {
      accountId: a.account.id,
      contactId: bob.id,
      totalMinor: 1000,
      placedAt: at("2030-06-19T15:00:00Z"),
    });
    await storeOrder(getDb(), {
      accountId: a.account.id,
      contactId: bob.id,
      totalMinor: 3000,
      placedAt: at("2030-06-09T15:00:00Z"),
      touchpointId: a.sms.id,
    });
    await storeOrder(getDb(), {
      accountId: a.account.id,
      contactId: bob.id,
      totalMinor: 9999,
      placedAt: at("2030-06-19T15:00:00Z"),
      cancelledAt: at("2030-06-19T18:00:00Z"),
    });
    return a;
  }

  async function seedBeta() {
    const b = await company("Beta");
    const someone = await contactAt(b.account.id, at("2030-06-15T15:00:00Z"));
    for (let i = 0; i < 5; i++)
      await message(b, someone.id, { status: "sent", at: at("2030-06-15T15:00:00Z") });
    return b;
  }

  test("a company's report: headline figures against the previous period, series, funnel, links and reasons", async () => {
    const a = await seedAlpha();
    await seedBeta();
    const result = await loadCompanyAnalytics(getDb(), a.account.id, { range: "7d" }, { now: NOW });
    if (!result.ok) throw new Error(result.problem);
    const r = result.report;
    expect(r.period).toMatchObject({ from: "2030-06-14", to: "2030-06-20", timeZone: "America/New_York" });
    expect(r.empty).toBe(false);
    expect(r.storeConnected).toBe(false);
    expect(r.headline).toMatchObject({
      sent: { current: 3, previous: 1 },
      delivered: { current: 2, previous: 0 },
      failed: { current: 1, previous: 0 },
      clicks: { current: 2, previous: 0 },
      clickedMessages: { current: 1, previous: 0 },
      clickRate: { current: 1 / 3, previous: 0 },
      optOuts: { current: 1, previous: 0 },
      newContacts: { current: 2, previous: 1 },
      formViews: { current: 8, previous: 0 },
      formSubmissions: { current: 2, previous: 0 },
      formConversion: { current: 0.25, previous: null },
      orders: { current: 2, previous: 1 },
      attributedOrders: { current: 1, previous: 1 },
      attributedRevenue: [{ currency: "USD", current: 4200, previous: 3000 }],
      revenue: [{ currency: "USD", current: 5200, previous: 3000 }],
    });
    expect(r.messagesByDay.map((d) => d.date)).toEqual([
      "2030-06-14",
      "2030-06-15",
      "2030-06-16",
      "2030-06-17",
      "2030-06-18",
      "2030-06-19",
      "2030-06-20",
    ]);
    // The message sent at 03:00 UTC on the 15th is the 14th's in New York; its clicks count with it.
    expect(r.messagesByDay[0].sms).toEqual({ sent: 1, delivered: 1, clicks: 2 });
    expect(r.messagesByDay[3].email).toEqual({ sent: 1, delivered: 1, clicks: 0 });
    expect(r.contactsByDay[0]).toEqual({ date: "2030-06-14", newContacts: 1, totalContacts: 4 });
    expect(r.contactsByDay[6].totalContacts).toBe(5);
    expect(r.consentByDay[4]).toEqual({ date: "2030-06-18", optOuts: 1, optIns: 0 });
    expect(r.funnel).toHaveLength(1);
    expect(r.funnel[0]).toMatchObject({
      journeyName: expect.any(String),
      productName: "Alpha Serum",
      state: "live",
    });
    expect(r.funnel[0].touchpoints).toMatchObject([
      {
        touchpointId: a.sms.id,
        name: "Welcome",
        channel: "sms",
        sent: 2,
        delivered: 1,
        failed: 1,
        clicks: 2,
        clickedMessages: 1,
        attributedOrders: 1,
        attributedRevenue: [{ currency: "USD", amountMinor: 4200 }],
      },
      {
        touchpointId: a.email.id,
        name: "Tips",
        channel: "email",
        sent: 1,
        delivered: 1,
        attributedRevenue: [],
      },
    ]);
    expect(r.topLinks).toEqual([{ url: "https://shop.example.com/welcome", clicks: 2, clickedMessages: 1 }]);
    expect(r.notSent).toEqual([
      { reason: "no_consent", waiting: false, count: 2, previous: 0 },
      { reason: "account_suspended", waiting: false, count: 1, previous: 0 },
    ]);
  });

  test("without comparison every previous is null; a custom range counts only its days", async () => {
    const a = await seedAlpha();
    const result = await loadCompanyAnalytics(
      getDb(),
      a.account.id,
      { range: "custom", from: "2030-06-16", to: "2030-06-16" },
      { now: NOW, compareToPrevious: false },
    );
    if (!result.ok) throw new Error(result.problem);
    expect(result.report.compared).toBe(false);
    expect(result.report.headline.sent).toEqual({ current: 1, previous: null });
    expect(result.report.headline.failed).toEqual({ current: 1, previous: null });
    expect(result.report.messagesByDay).toHaveLength(1);
    expect(result.report.headline.attributedRevenue).toEqual([]);
  });

  test("a new company gets zeros on every day and says it is empty; bad input is refused", async () => {
    const fresh = await createAccount({ company: "Fresh", timeZone: "Europe/Paris" });
    const result = await loadCompanyAnalytics(getDb(), fresh.id, { range: "30d" }, { now: NOW });
    if (!result.ok) throw new Error(result.problem);
    expect(result.report.empty).toBe(true);
    expect(result.report.messagesByDay).toHaveLength(30);
    expect(result.report.headline.sent).toEqual({ current: 0, previous: 0 });
    expect(result.report.headline.clickRate).toEqual({ current: null, previous: null });
    expect(result.report.funnel).toEqual([]);
    expect(result.report.notSent).toEqual([]);
    expect(
      await loadCompanyAnalytics(
        getDb(),
        fresh.id,
        { range: "custom", from: "2030-06-20", to: "2030-06-01" },
        { now: NOW },
      ),
    ).toEqual({ ok: false, problem: "from_after_to" });
    expect(await loadCompanyAnalytics(getDb(), "not-a-uuid", { range: "7d" })).toEqual({
      ok: false,
      problem: "not_found",
    });
    expect(await loadCompanyAnalytics(getDb(), crypto.randomUUID(), { range: "7d" })).toEqual({
      ok: false,
      problem: "not_found",
    });
  });

  test("one company's report never counts another's rows", async () => {
    await seedAlpha();
    const b = await seedBeta();
    await getDb()
      .insert(storeProfiles)
      .values({ shopDomain: "beta.myshopify.com", storeName: "Beta", accountId: b.account.id });
    const result = await loadCompanyAnalytics(getDb(), b.account.id, { range: "7d" }, { now: NOW });
    if (!result.ok) throw new Error(result.problem);
    expect(result.report.storeConnected).toBe(true);
    expect(result.report.headline.sent).toEqual({ current: 5, previous: 0 });
    expect(result.report.headline.clicks.current).toBe(0);
    expect(result.report.headline.orders.current).toBe(0);
    expect(result.report.headline.newContacts.current).toBe(1);
    expect(result.report.funnel.map((j) => j.productName)).toEqual(["Beta Serum"]);
    expect(result.report.notSent).toEqual([]);
  });

  test("the platform overview sums every company per day and ranks companies by messages sent", async () => {
    const a = await seedAlpha();
    const b = await seedBeta();
    const overview = await loadPlatformOverview(getDb(), { from: "2030-06-14", to: "2030-06-20" });
    expect(overview.totals).toEqual({ sent: 8, delivered: 2, failed: 1, clicks: 2, companies: 2 });
    expect(overview.messagesByDay).toHaveLength(7);
    expect(overview.messagesByDay[1]).toEqual({ date: "2030-06-15", sent: 5, sms: 5, whatsapp: 0, email: 0 });
    expect(overview.topCompanies.map((c) => [c.accountId, c.company, c.sent])).toEqual([
      [b.account.id, "Beta", 5],
      [a.account.id, "Alpha", 3],
    ]);
    expect(
      (await loadPlatformOverview(getDb(), { from: "2030-06-14", to: "2030-06-20", limit: 1 })).topCompanies,
    ).toHaveLength(1);
  });
});

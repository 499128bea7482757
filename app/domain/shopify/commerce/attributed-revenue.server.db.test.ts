import { eq } from "drizzle-orm";
import { expect, test } from "vitest";
import { contacts } from "#db/schema";
import { contactTimeline } from "~/domain/journeys/timeline.server";
import {
  clickAt,
  DAY_MS,
  journeyWithTouchpoints,
  newContact,
  storeOrder,
} from "../../../../tests/support/attribution-rows";
import { companyWithAdmin } from "../../../../tests/support/team-factories";
import { describeEachDatabase } from "../../../../tests/support/test-database";
import { touchpointRevenue } from "./attributed-revenue.server";

const day = (n: number) => new Date(Date.UTC(2026, 2, n, 12));

describeEachDatabase("attributed revenue reads", (getDb) => {
  test("a touchpoint's orders and revenue per currency, the latest first with their buyer; only its company's", async () => {
    const a = await companyWithAdmin();
    const b = await companyWithAdmin();
    const { touchpoints } = await journeyWithTouchpoints(a.context, "Garden Kit", ["Welcome", "Check in"]);
    const [welcome, checkIn] = touchpoints;
    const ada = await newContact(a.context, "Ada", "Byron");
    const ben = await newContact(a.context, "Ben", "Stone");
    const accountId = a.account.id;
    await storeOrder(getDb(), {
      accountId,
      contactId: ada.id,
      totalMinor: 4250,
      placedAt: day(1),
      touchpointId: welcome.id,
      name: "#1001",
    });
    await storeOrder(getDb(), {
      accountId,
      contactId: ben.id,
      totalMinor: 1999,
      placedAt: day(3),
      touchpointId: welcome.id,
      name: "#1002",
    });
    await storeOrder(getDb(), {
      accountId,
      contactId: ada.id,
      totalMinor: 1200,
      currency: "EUR",
      placedAt: day(2),
      touchpointId: welcome.id,
      name: "#1003",
    });
    // Not Welcome's: another touchpoint's, and an order attributed to nothing.
    await storeOrder(getDb(), {
      accountId,
      contactId: ada.id,
      totalMinor: 99_999,
      placedAt: day(4),
      touchpointId: checkIn.id,
    });
    await storeOrder(getDb(), { accountId, contactId: ada.id, totalMinor: 88_888, placedAt: day(5) });
    // Cancelled in the store: Welcome's, but not revenue.
    await storeOrder(getDb(), {
      accountId,
      contactId: ben.id,
      totalMinor: 55_555,
      placedAt: day(4),
      touchpointId: welcome.id,
      name: "#1004",
      cancelledAt: day(5),
    });
    // Another company's order naming Welcome's id (no row should) does not count for A, nor show to B.
    await storeOrder(getDb(), {
      accountId: b.account.id,
      contactId: null,
      totalMinor: 77_777,
      placedAt: day(6),
      touchpointId: welcome.id,
    });

    const revenue = await touchpointRevenue(a.context, welcome.id);
    expect(revenue.totals).toEqual([
      { currency: "USD", orders: 2, totalMinor: 6249 },
      { currency: "EUR", orders: 1, totalMinor: 1200 },
    ]);
    expect(revenue.latest.map((o) => [o.name, o.totalMinor, o.currency, o.contact?.name])).toEqual([
      ["#1002", 1999, "USD", "Ben Stone"],
      ["#1003", 1200, "EUR", "Ada Byron"],
      ["#1001", 4250, "USD", "Ada Byron"],
    ]);
    expect(revenue.latest[0].placedAt).toBe(day(3).toISOString());
    expect((await touchpointRevenue(a.context, welcome.id, 1)).latest.map((o) => o.name)).toEqual(["#1002"]);

    // B asking for A's touchpoint sees only its own order naming it, never A's.
    const seenByB = await touchpointRevenue(b.context, welcome.id);
    expect(seenByB.totals).toEqual([{ currency: "USD", orders: 1, totalMinor: 77_777 }]);
    expect(seenByB.latest.map((o) => o.contact)).toEqual([null]);
    expect(await touchpointRevenue(a.context, "not-a-uuid")).toEqual({ totals: [], latest: [] });
  });

  test("no attributed orders: empty totals and list; a deleted buyer leaves the order without a contact", async () => {
    const a = await companyWithAdmin();
    const { touchpoints } = await journeyWithTouchpoints(a.context, "Garden Kit", ["Welcome"]);
    expect(await touchpointRevenue(a.context, touchpoints[0].id)).toEqual({ totals: [], latest: [] });
    const gone = await newContact(a.context, "Gone", "Buyer");
    await storeOrder(getDb(), {
      accountId: a.account.id,
      contactId: gone.id,
      totalMinor: 500,
      placedAt: day(1),
      touchpointId: touchpoints[0].id,
      name: null,
    });
    await getDb().delete(contacts).where(eq(contacts.id, gone.id));
    const [order] = (await touchpointRevenue(a.context, touchpoints[0].id)).latest;
    expect(order.contact).toBeNull();
    // Without a name, the order is named by its Shopify number.
    expect(order.name).toMatch(/^#\d+$/);
  });

  test("the contact timeline shows the contact's orders with their touchpoint; never another contact's or company's", async () => {
    const a = await companyWithAdmin();
    const b = await companyWithAdmin();
    const { touchpoints } = await journeyWithTouchpoints(a.context, "Garden Kit", ["Welcome"]);
    const ada = await newContact(a.context, "Ada", "Byron");
    const ben = await newContact(a.context, "Ben", "Stone");
    const accountId = a.account.id;
    const clickId = await clickAt(getDb(), {
      accountId,
      contactId: ada.id,
      touchpointId: touchpoints[0].id,
      clickedAt: new Date(day(2).getTime() - DAY_MS),
    });
    const attributed = await storeOrder(getDb(), {
      accountId,
      contactId: ada.id,
      totalMinor: 4250,
      placedAt: day(2),
      touchpointId: touchpoints[0].id,
      clickId,
      name: "#1001",
    });
    const plain = await storeOrder(getDb(), {
      accountId,
      contactId: ada.id,
      totalMinor: 1234,
      currency: "JPY",
      placedAt: day(3),
      name: "#1002",
      cancelledAt: day(4),
    });
    await storeOrder(getDb(), {
      accountId,
      contactId: ben.id,
      totalMinor: 1,
      placedAt: day(4),
      name: "#1003",
    });
    await storeOrder(getDb(), {
      accountId: b.account.id,
      contactId: ada.id,
      totalMinor: 2,
      placedAt: day(5),
      name: "#B1",
    });

    const events = (await contactTimeline(a.context, ada.id)) ?? [];
    const orders = events.filter((e) => e.kind === "order");
    expect(orders).toEqual([
      {
        kind: "order",
        at: day(3).toISOString(),
        id: plain.id,
        name: "#1002",
        totalMinor: 1234,
        currency: "JPY",
        touchpoint: null,
        cancelled: true,
      },
      {
        kind: "order",
        at: day(2).toISOString(),
        id: attributed.id,
        name: "#1001",
        totalMinor: 4250,
        currency: "USD",
        touchpoint: { id: touchpoints[0].id, name: "Welcome" },
        cancelled: false,
      },
    ]);
    // Orders sit among the other events by time: the click a day before the order comes after it.
    expect(events.map((e) => e.kind)).toEqual(["order", "order", "click"]);
    // Another company cannot read Ada's timeline at all.
    expect(await contactTimeline(b.context, ada.id)).toBeNull();
  });
});

import { eq, sql } from "drizzle-orm";
import { expect, test } from "vitest";
import { rowsOf } from "#db/rows";
import { accounts, linkClicks } from "#db/schema";
import {
  clickAt,
  DAY_MS,
  journeyWithTouchpoints,
  newContact,
} from "../../../../tests/support/attribution-rows";
import { companyWithAdmin } from "../../../../tests/support/team-factories";
import { describeEachDatabase } from "../../../../tests/support/test-database";
import { attributeOrder, lastClickInWindow } from "./attribution.server";

const placedAt = new Date(Date.UTC(2026, 2, 15, 12, 0, 0));
const before = (ms: number) => new Date(placedAt.getTime() - ms);

/** A company with a contact and a journey of two touchpoints, each with tracked links. */
async function setUp() {
  const company = await companyWithAdmin();
  const { touchpoints } = await journeyWithTouchpoints(company.context, "Garden Kit", [
    "Welcome",
    "Check in",
  ]);
  const contact = await newContact(company.context);
  return {
    company,
    accountId: company.account.id,
    contact,
    welcome: touchpoints[0],
    checkIn: touchpoints[1],
  };
}

describeEachDatabase("attributeOrder", (getDb) => {
  test("a click exactly 7 days before the order counts; a millisecond earlier does not", async () => {
    const { accountId, contact, welcome } = await setUp();
    const order = { accountId, contactId: contact.id, placedAt };
    const outside = await clickAt(getDb(), {
      accountId,
      contactId: contact.id,
      touchpointId: welcome.id,
      clickedAt: before(7 * DAY_MS + 1),
    });
    expect(outside).toBeTruthy();
    expect(await attributeOrder(getDb(), order)).toBeNull();
    const edge = await clickAt(getDb(), {
      accountId,
      contactId: contact.id,
      touchpointId: welcome.id,
      clickedAt: before(7 * DAY_MS),
    });
    expect(await attributeOrder(getDb(), order)).toEqual({ touchpointId: welcome.id, clickId: edge });
  });

  test("a click at the moment of the order counts; a click after it does not", async () => {
    const { accountId, contact, welcome, checkIn } = await setUp();
    const order = { accountId, contactId: contact.id, placedAt };
    await clickAt(getDb(), {
      accountId,
      contactId: contact.id,
      touchpointId: checkIn.id,
      clickedAt: new Date(placedAt.getTime() + 1),
    });
    expect(await attributeOrder(getDb(), order)).toBeNull();
    const same = await clickAt(getDb(), {
      accountId,
      contactId: contact.id,
      touchpointId: welcome.id,
      clickedAt: placedAt,
    });
    expect(await attributeOrder(getDb(), order)).toEqual({ touchpointId: welcome.id, clickId: same });
  });

  test("the last click within the window wins", async () => {
    const { accountId, contact, welcome, checkIn } = await setUp();
    const click = (touchpointId: string, ms: number) =>
      clickAt(getDb(), { accountId, contactId: contact.id, touchpointId, clickedAt: before(ms) });
    await click(checkIn.id, 6 * DAY_MS);
    const last = await click(checkIn.id, 2 * 3_600_000);
    await click(welcome.id, 3 * DAY_MS);
    await click(welcome.id, 1 * DAY_MS);
    expect(await attributeOrder(getDb(), { accountId, contactId: contact.id, placedAt })).toEqual({
      touchpointId: checkIn.id,
      clickId: last,
    });
    // An earlier order sees only the clicks before it: then Welcome's, a day before the last click.
    expect(
      await attributeOrder(getDb(), { accountId, contactId: contact.id, placedAt: before(3 * 3_600_000) }),
    ).toMatchObject({ touchpointId: welcome.id });
  });

  test("another contact's click, another company's click and a click naming no touchpoint are ignored", async () => {
    const { accountId, contact, welcome } = await setUp();
    const other = await newContact({ account: { id: accountId } }, "Ben", "Other");
    await clickAt(getDb(), {
      accountId,
      contactId: other.id,
      touchpointId: welcome.id,
      clickedAt: before(DAY_MS),
    });
    // A touchpoint's own link shared without a message: no touchpoint-less click can be attributed either.
    await clickAt(getDb(), {
      accountId,
      contactId: contact.id,
      touchpointId: null,
      clickedAt: before(DAY_MS),
    });
    // Another company's click carrying this contact's id (no row should, but the company still decides).
    const b = await companyWithAdmin();
    const bJourney = await journeyWithTouchpoints(b.context, "Solar Panels", ["B welcome"]);
    await clickAt(getDb(), {
      accountId: b.account.id,
      contactId: contact.id,
      touchpointId: bJourney.touchpoints[0].id,
      clickedAt: before(DAY_MS),
    });
    expect(await attributeOrder(getDb(), { accountId, contactId: contact.id, placedAt })).toBeNull();
    // And B's order for the same contact id does not reach A's clicks.
    await clickAt(getDb(), {
      accountId,
      contactId: contact.id,
      touchpointId: welcome.id,
      clickedAt: before(DAY_MS),
    });
    expect(
      await attributeOrder(getDb(), { accountId: b.account.id, contactId: contact.id, placedAt }),
    ).toMatchObject({ touchpointId: bJourney.touchpoints[0].id });
    expect(await attributeOrder(getDb(), { accountId, contactId: contact.id, placedAt })).toMatchObject({
      touchpointId: welcome.id,
    });
  });

  test("the company's own window is honoured: 2 days leaves out a click 3 days before, 30 days takes one 20 days before", async () => {
    const { accountId, contact, welcome } = await setUp();
    const order = { accountId, contactId: contact.id, placedAt };
    const setWindow = (days: number) =>
      getDb().update(accounts).set({ attributionWindowDays: days }).where(eq(accounts.id, accountId));
    const threeDays = await clickAt(getDb(), {
      accountId,
      contactId: contact.id,
      touchpointId: welcome.id,
      clickedAt: before(3 * DAY_MS),
    });
    await setWindow(2);
    expect(await attributeOrder(getDb(), order)).toBeNull();
    await setWindow(3);
    expect(await attributeOrder(getDb(), order)).toEqual({ touchpointId: welcome.id, clickId: threeDays });
    await getDb().delete(linkClicks);
    const twentyDays = await clickAt(getDb(), {
      accountId,
      contactId: contact.id,
      touchpointId: welcome.id,
      clickedAt: before(20 * DAY_MS),
    });
    expect(await attributeOrder(getDb(), order)).toBeNull();
    await setWindow(30);
    expect(await attributeOrder(getDb(), order)).toEqual({ touchpointId: welcome.id, clickId: twentyDays });
  });

  test("an order without a contact, or with ids that are not ours, is attributed to nothing", async () => {
    const { accountId, contact, welcome } = await setUp();
    await clickAt(getDb(), {
      accountId,
      contactId: contact.id,
      touchpointId: welcome.id,
      clickedAt: before(DAY_MS),
    });
    expect(await attributeOrder(getDb(), { accountId, contactId: null, placedAt })).toBeNull();
    expect(await attributeOrder(getDb(), { accountId, contactId: "not-a-uuid", placedAt })).toBeNull();
    expect(
      await attributeOrder(getDb(), {
        accountId: "00000000-0000-4000-8000-000000000000",
        contactId: contact.id,
        placedAt,
      }),
    ).toBeNull();
  });

  test("it joins the caller's transaction: a click written in it counts before it commits", async () => {
    const { accountId, contact, welcome } = await setUp();
    const attributed = await getDb().transaction(async (tx) => {
      const clickId = await clickAt(tx, {
        accountId,
        contactId: contact.id,
        touchpointId: welcome.id,
        clickedAt: before(DAY_MS),
      });
      return {
        clickId,
        attribution: await attributeOrder(tx, { accountId, contactId: contact.id, placedAt }),
      };
    });
    expect(attributed.attribution).toEqual({ touchpointId: welcome.id, clickId: attributed.clickId });
  });

  test("the read walks link_clicks_contact_idx, not the whole table", async () => {
    const { accountId, contact, welcome } = await setUp();
    const linkId = await clickAt(getDb(), {
      accountId,
      contactId: contact.id,
      touchpointId: welcome.id,
      clickedAt: before(DAY_MS),
    });
    // 20,000 clicks of nobody in particular (a touchpoint's own link) and 200 of this contact over a year.
    await getDb().execute(sql`
      insert into link_clicks (account_id, tracked_link_id, contact_id, touchpoint_id, clicked_at)
      select c.account_id, c.tracked_link_id, case when g % 100 = 0 then c.contact_id end, c.touchpoint_id,
        c.clicked_at - (g || ' minutes')::interval * 26
      from link_clicks c, generate_series(1, 20000) g where c.id = ${linkId}`);
    await getDb().execute(sql`analyze link_clicks`);
    const query = lastClickInWindow(getDb(), { accountId, contactId: contact.id, placedAt }).getSQL();
    const plan = rowsOf<Record<string, string>>(await getDb().execute(sql`explain ${query}`))
      .map((row) => Object.values(row).join(""))
      .join("\n");
    expect(plan).toContain("link_clicks_contact_idx");
    expect(plan).not.toMatch(/Seq Scan on link_clicks/);
    expect(await attributeOrder(getDb(), { accountId, contactId: contact.id, placedAt })).toEqual({
      touchpointId: welcome.id,
      clickId: linkId,
    });
  });
});

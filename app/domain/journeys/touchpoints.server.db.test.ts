import { parseWithZod } from "@conform-to/zod/v4";
import { eq } from "drizzle-orm";
import { beforeEach, expect, test, vi } from "vitest";
import { contacts, journeys, linkClicks, messages, touchpoints, trackedLinks } from "#db/schema";
import type { AccountScope } from "~/domain/kernel/scope";
import { companyWithAdmin } from "../../../tests/support/team-factories";
import { describeEachDatabase } from "../../../tests/support/test-database";
import { createContact } from "../contacts/contacts.server";
import { createProduct } from "../products/products.server";
import {
  createTouchpoint,
  deleteTouchpoint,
  moveTouchpoint,
  updateTouchpoint,
  updateTouchpointLink,
} from "./touchpoint-edits.server";
import { type TouchpointInput, touchpointSchema } from "./touchpoint-schemas";
import { latestMessages, touchpointCounts } from "./touchpoint-sends.server";
import { getJourneyWithTouchpoints, getTouchpoint, listJourneys } from "./touchpoints.server";

// The engine and the tracked links are other work: here they are stand-ins that record their calls,
// so these tests show what this module asks of them (rescheduling, link creation) and its own rules.
const engine = vi.hoisted(() => ({ reschedule: vi.fn(async () => {}) }));
const links = vi.hoisted(() => ({ create: vi.fn(async () => ({ code: "Code2345" })) }));
vi.mock("./engine.server", () => ({ rescheduleJourney: engine.reschedule }));
vi.mock("~/domain/messaging/tracked-links.server", () => ({ createTouchpointLink: links.create }));

beforeEach(() => {
  engine.reschedule.mockClear();
  links.create.mockReset();
  links.create.mockImplementation(async () => ({ code: "Code2345" }));
});

const input = (overrides: Partial<TouchpointInput> = {}): TouchpointInput => ({
  name: "Welcome",
  waitAmount: 0,
  waitUnit: "days",
  channel: "sms",
  message: "Hi {{first_name}}",
  ...overrides,
});

async function journeyOf(scope: AccountScope, name = "Solar Panels") {
  const product = await createProduct(scope, name);
  if (!product.ok) throw new Error(product.reason);
  const all = await listJourneys(scope);
  const journey = all.find((j) => j.productId === product.product.id);
  if (!journey) throw new Error("no journey");
  return journey;
}

async function add(scope: AccountScope, journeyId: string, overrides: Partial<TouchpointInput> = {}) {
  const result = await createTouchpoint(scope, journeyId, input(overrides));
  if (!result.ok) throw new Error(result.reason);
  return result.touchpoint;
}

const namesOf = async (scope: AccountScope, journeyId: string) =>
  (await getJourneyWithTouchpoints(scope, journeyId))?.touchpoints.map((t) => [t.ordinal, t.name]);

function parse(fields: Record<string, string>) {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.set(key, value);
  return parseWithZod(form, { schema: touchpointSchema });
}

test("the schema: required fields, email subject, http(s) links, {{LINK}} needs a target, whole waits", () => {
  const empty = parse({ intent: "create" });
  expect(empty.status).toBe("error");
  expect(empty.reply().error).toMatchObject({
    name: ["journeys.validation.fieldCanNotBeEmpty"],
    message: ["journeys.validation.fieldCanNotBeEmpty"],
    channel: ["journeys.validation.fieldCanNotBeEmpty"],
  });
  const base = { intent: "create", name: "A", waitUnit: "hours", channel: "email", message: "Go {{LINK}}" };
  const email = parse({ ...base, waitAmount: "1.5", linkTarget: "ftp://x.com" });
  expect(email.reply().error).toMatchObject({
    subject: ["journeys.validation.subjectRequired"],
    waitAmount: ["journeys.validation.waitInvalid"],
    linkTarget: ["journeys.validation.linkInvalid"],
  });
  expect(parse({ ...base, subject: "S", waitAmount: "2" }).reply().error).toMatchObject({
    linkTarget: ["journeys.validation.linkNeeded"],
  });
  expect(parse({ ...base, subject: "S", waitAmount: "400", waitUnit: "days" }).reply().error).toMatchObject({
    waitAmount: ["journeys.validation.waitTooLong"],
  });
  const ok = parse({ ...base, subject: "S", waitAmount: "2", linkTarget: "https://example.com/a?b=1" });
  expect(ok.status).toBe("success");
  expect(ok.status === "success" && ok.value).toMatchObject({ waitAmount: 2, waitUnit: "hours" });
});

describeEachDatabase("touchpoints", (getDb) => {
  test("journeys list with their product and touchpoint count; touchpoints appended in order", async () => {
    const a = await companyWithAdmin();
    const journey = await journeyOf(a.context);
    await journeyOf(a.context, "Alpha Kit");
    await add(a.context, journey.id, { name: "One" });
    await add(a.context, journey.id, { name: "Two", waitAmount: 3, waitUnit: "hours" });
    const listed = await listJourneys(a.context);
    // New products' journeys start paused, as drafts (issue 20).
    expect(listed.map((j) => [j.name, j.productName, j.touchpointCount, j.state])).toEqual([
      ["Alpha Kit", "Alpha Kit", 0, "paused"],
      ["Solar Panels", "Solar Panels", 2, "paused"],
    ]);
    const loaded = await getJourneyWithTouchpoints(a.context, journey.id);
    expect(loaded?.touchpoints.map((t) => [t.ordinal, t.name, t.waitMinutes, t.waitUnit])).toEqual([
      [1, "One", 0, "days"],
      [2, "Two", 180, "hours"],
    ]);
    expect(engine.reschedule).toHaveBeenCalledTimes(2);
    expect(engine.reschedule).toHaveBeenLastCalledWith(expect.anything(), a.account.id, journey.id);
  });

  test("a link target gets its tracked link first; when that fails nothing is saved", async () => {
    const a = await companyWithAdmin();
    const journey = await journeyOf(a.context);
    const linked = await add(a.context, journey.id, {
      message: "See {{LINK}}",
      linkTarget: "https://example.com",
    });
    expect(links.create).toHaveBeenCalledWith(
      a.account.id,
      linked.id,
      "https://example.com",
      expect.anything(),
    );
    expect(linked).toMatchObject({ linkTarget: "https://example.com", linkCode: "Code2345" });

    links.create.mockRejectedValue(new Error("link service down"));
    const refused = await createTouchpoint(
      a.context,
      journey.id,
      input({ name: "Lost", linkTarget: "https://example.org" }),
    );
    expect(refused).toEqual({ ok: false, reason: "link_failed" });
    expect(await namesOf(a.context, journey.id)).toEqual([[1, "Welcome"]]);

    // Editing: a changed target that cannot be linked leaves the touchpoint as it was.
    const changed = await updateTouchpoint(
      a.context,
      linked.id,
      input({ name: "Renamed", message: "See {{LINK}}", linkTarget: "https://example.net" }),
    );
    expect(changed).toEqual({ ok: false, reason: "link_failed" });
    expect(await getTouchpoint(a.context, linked.id)).toMatchObject({
      name: "Welcome",
      linkTarget: "https://example.com",
      linkCode: "Code2345",
    });

    // The same target needs no new link; a new one gets a new code.
    links.create.mockReset();
    const same = await updateTouchpoint(
      a.context,
      linked.id,
      input({ name: "Renamed", message: "See {{LINK}}", linkTarget: "https://example.com" }),
    );
    expect(same.ok && same.touchpoint.name).toBe("Renamed");
    expect(links.create).not.toHaveBeenCalled();
    links.create.mockResolvedValue({ code: "Newc0de9" });
    const relinked = await updateTouchpointLink(a.context, linked.id, "https://example.net/x");
    expect(relinked.ok && relinked.touchpoint).toMatchObject({
      linkTarget: "https://example.net/x",
      linkCode: "Newc0de9",
      name: "Renamed",
    });
    // {{LINK}} in the message keeps the target required; without it the target may be cleared.
    expect(await updateTouchpointLink(a.context, linked.id, undefined)).toEqual({
      ok: false,
      reason: "link_needed",
    });
    await updateTouchpoint(a.context, linked.id, input({ name: "Plain", message: "No link" }));
    expect(await getTouchpoint(a.context, linked.id)).toMatchObject({ linkTarget: null, linkCode: null });
  });

  test("only email keeps a subject; a wait change reschedules, a text change does not", async () => {
    const a = await companyWithAdmin();
    const journey = await journeyOf(a.context);
    const tp = await add(a.context, journey.id, { channel: "sms", subject: "ignored" });
    expect(tp.subject).toBeNull();
    engine.reschedule.mockClear();
    await updateTouchpoint(a.context, tp.id, input({ channel: "email", subject: "Hello" }));
    expect(await getTouchpoint(a.context, tp.id)).toMatchObject({ channel: "email", subject: "Hello" });
    expect(engine.reschedule).not.toHaveBeenCalled();
    await updateTouchpoint(a.context, tp.id, input({ waitAmount: 2, waitUnit: "days" }));
    expect((await getTouchpoint(a.context, tp.id))?.waitMinutes).toBe(2880);
    expect(engine.reschedule).toHaveBeenCalledTimes(1);
  });

  test("reorder moves one place and rewrites the ordinals; delete closes the gap", async () => {
    const a = await companyWithAdmin();
    const journey = await journeyOf(a.context);
    const one = await add(a.context, journey.id, { name: "One" });
    const two = await add(a.context, journey.id, { name: "Two" });
    const three = await add(a.context, journey.id, { name: "Three" });
    expect(await moveTouchpoint(a.context, three.id, "up")).toEqual({ ok: true });
    expect(await namesOf(a.context, journey.id)).toEqual([
      [1, "One"],
      [2, "Three"],
      [3, "Two"],
    ]);
    expect(await moveTouchpoint(a.context, one.id, "up")).toEqual({ ok: false, reason: "at_edge" });
    expect(await moveTouchpoint(a.context, two.id, "down")).toEqual({ ok: false, reason: "at_edge" });
    await moveTouchpoint(a.context, one.id, "down");
    expect(await namesOf(a.context, journey.id)).toEqual([
      [1, "Three"],
      [2, "One"],
      [3, "Two"],
    ]);
    engine.reschedule.mockClear();
    expect(await deleteTouchpoint(a.context, three.id)).toBe(true);
    expect(await namesOf(a.context, journey.id)).toEqual([
      [1, "One"],
      [2, "Two"],
    ]);
    expect(engine.reschedule).toHaveBeenCalledWith(expect.anything(), a.account.id, journey.id);
    expect(await deleteTouchpoint(a.context, three.id)).toBe(false);
  });

  test("counts: sent = sent + delivered, failed = failed + undelivered, clicks per message; tests left out", async () => {
    const a = await companyWithAdmin();
    const journey = await journeyOf(a.context);
    const tp = await add(a.context, journey.id);
    const other = await add(a.context, journey.id, { name: "Other" });
    const made = await createContact(a.context, {
      firstName: "Ada",
      lastName: "Lovelace",
      phone: "+12015550101",
    });
    if (!made.ok) throw new Error(made.reason);
    const statuses = [
      "sent",
      "delivered",
      "delivered",
      "failed",
      "undelivered",
      "queued",
      "suppressed",
    ] as const;
    const rows = await getDb()
      .insert(messages)
      .values([
        ...statuses.map((status, n) => ({
          accountId: a.account.id,
          idempotencyKey: `k${n}`,
          contactId: made.contact.id,
          journeyId: journey.id,
          touchpointId: tp.id,
          channel: "sms" as const,
          status,
          statusReason: status === "failed" ? "Carrier refused" : null,
        })),
        {
          accountId: a.account.id,
          idempotencyKey: "test:1",
          contactId: made.contact.id,
          touchpointId: tp.id,
          channel: "sms" as const,
          status: "delivered" as const,
          isTest: true,
        },
      ])
      .returning();
    const [link] = await getDb()
      .insert(trackedLinks)
      .values({ code: "abcd2345", accountId: a.account.id, targetUrl: "https://e.com", touchpointId: tp.id })
      .returning();
    await getDb()
      .insert(linkClicks)
      .values(
        [rows[0].id, rows[0].id, rows[1].id].map((messageId) => ({
          accountId: a.account.id,
          trackedLinkId: link.id,
          messageId,
          contactId: made.contact.id,
          touchpointId: tp.id,
        })),
      );
    const counts = await touchpointCounts(a.context, [tp.id, other.id]);
    expect(counts.get(tp.id)).toEqual({ sent: 3, delivered: 2, failed: 2, clicked: 2 });
    expect(counts.get(other.id)).toEqual({ sent: 0, delivered: 0, failed: 0, clicked: 0 });
    const latest = await latestMessages(a.context, tp.id);
    expect(latest).toHaveLength(8);
    expect(latest.find((m) => m.status === "failed")).toMatchObject({
      contactName: "Ada Lovelace",
      statusReason: "Carrier refused",
    });

    // Another company sees none of it.
    const b = await companyWithAdmin();
    expect((await touchpointCounts(b.context, [tp.id])).get(tp.id)).toEqual({
      sent: 0,
      delivered: 0,
      failed: 0,
      clicked: 0,
    });
    expect(await latestMessages(b.context, tp.id)).toEqual([]);
  });

  test("another company's journey and touchpoint ids are not found and nothing changes", async () => {
    const a = await companyWithAdmin();
    const b = await companyWithAdmin();
    const journey = await journeyOf(a.context);
    const one = await add(a.context, journey.id, { name: "One" });
    await add(a.context, journey.id, { name: "Two" });
    const before = await getDb().select().from(touchpoints).orderBy(touchpoints.ordinal);
    engine.reschedule.mockClear();

    expect(await listJourneys(b.context)).toEqual([]);
    expect(await getJourneyWithTouchpoints(b.context, journey.id)).toBeNull();
    expect(await getTouchpoint(b.context, one.id)).toBeNull();
    expect(await createTouchpoint(b.context, journey.id, input())).toEqual({
      ok: false,
      reason: "not_found",
    });
    expect(await updateTouchpoint(b.context, one.id, input({ name: "Stolen" }))).toEqual({
      ok: false,
      reason: "not_found",
    });
    expect(await updateTouchpointLink(b.context, one.id, "https://evil.example")).toEqual({
      ok: false,
      reason: "not_found",
    });
    expect(await moveTouchpoint(b.context, one.id, "down")).toEqual({ ok: false, reason: "not_found" });
    expect(await deleteTouchpoint(b.context, one.id)).toBe(false);
    expect(await getJourneyWithTouchpoints(a.context, "not-a-uuid")).toBeNull();

    expect(await getDb().select().from(touchpoints).orderBy(touchpoints.ordinal)).toEqual(before);
    expect(engine.reschedule).not.toHaveBeenCalled();
    expect(links.create).not.toHaveBeenCalled();
    expect(await getDb().select().from(journeys).where(eq(journeys.accountId, b.account.id))).toEqual([]);
    expect(await getDb().select().from(contacts)).toEqual([]);
  });
});

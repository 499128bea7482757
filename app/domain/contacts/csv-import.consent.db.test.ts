import { and, asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, expect, test } from "vitest";
import { consentEvents, contacts, enrollments, journeys, messages } from "#db/schema";
import { dispatchDue } from "~/domain/journeys/dispatch/claim-due.server";
import { setJourneyState } from "~/domain/journeys/engine.server";
import { createTouchpoint } from "~/domain/journeys/touchpoint-edits.server";
import { createProduct } from "~/domain/products/products.server";
import { type S3StandIn, startS3StandIn } from "../../../tests/support/stand-ins/s3";
import { companyWithAdmin } from "../../../tests/support/team-factories";
import { describeEachDatabase } from "../../../tests/support/test-database";
import type { ConsentDeclaration } from "./csv-consent";
import { runCsvImport, startCsvImport } from "./csv-import.server";
import { getCsvImport } from "./csv-import-queries.server";

/**
 * Issue 20: consent read from the file or declared per import and recorded as each contact's consent
 * (with its consent event), added / updated / refused counts with the first refused rows, and a new
 * product's journey that enrolls imported contacts while paused and sends only once made live, only
 * to those who consented.
 */

/** Noon in New York on a Monday, ahead of every enrollment made now (as the engine's tests do). */
const T0 = new Date("2030-06-17T16:00:00Z");
const minutes = (n: number) => new Date(T0.getTime() + n * 60_000);

async function* streamOf(content: string) {
  yield new TextEncoder().encode(content);
}

type Company = Awaited<ReturnType<typeof companyWithAdmin>>;

async function importFile(
  company: Company,
  content: string,
  options: { productIds?: string[]; consent?: ConsentDeclaration | null; filename?: string } = {},
) {
  const started = await startCsvImport(
    { ...company.context, user: { id: company.admin.id } },
    {
      filename: options.filename ?? "contacts.csv",
      productIds: options.productIds ?? [],
      source: streamOf(content),
      consent: options.consent ?? null,
    },
    async () => {},
  );
  if (!started.ok) throw new Error(`upload refused: ${JSON.stringify(started.problem)}`);
  await runCsvImport(started.importId);
  return (await getCsvImport(company.context, started.importId))!;
}

let s3: S3StandIn;
beforeAll(async () => {
  s3 = await startS3StandIn();
});
afterAll(() => s3.close());

describeEachDatabase("CSV import: consent and draft journeys", (getDb) => {
  const consentOf = async (accountId: string) =>
    Object.fromEntries(
      (
        await getDb()
          .select({ firstName: contacts.firstName, smsConsent: contacts.smsConsent })
          .from(contacts)
          .where(eq(contacts.accountId, accountId))
      ).map((c) => [c.firstName, c.smsConsent]),
    );
  const eventsOf = (accountId: string) =>
    getDb()
      .select({
        firstName: contacts.firstName,
        channel: consentEvents.channel,
        kind: consentEvents.kind,
        source: consentEvents.source,
        text: consentEvents.consentText,
        userId: consentEvents.userId,
      })
      .from(consentEvents)
      .innerJoin(contacts, eq(contacts.id, consentEvents.contactId))
      .where(eq(consentEvents.accountId, accountId))
      .orderBy(asc(contacts.firstName), asc(consentEvents.channel));

  test("a consent column: yes, a date, no, blank and a value not understood (refused, listed in the result)", async () => {
    const a = await companyWithAdmin();
    const file = [
      "First Name,Last Name,Phone,Email,SMS Consent,WhatsApp Consent",
      "Ann,Lee,+12015550101,,yes,yes",
      "Bo,Ray,+12015550102,,2024-03-01,",
      "Cy,Dee,+12015550103,,no,no",
      "Di,Fox,+12015550104,,,",
      "Ed,Gum,+12015550105,,perhaps,",
      "Flo,Hay,,flo@example.com,yes,",
    ].join("\n");
    const summary = await importFile(a, file, { filename: "list.csv" });
    expect(summary).toMatchObject({ rowsImported: 5, rowsAdded: 5, rowsUpdated: 0, rowsFailed: 1 });
    expect(summary.refused).toEqual([
      { row: 6, reasons: [["consentInvalid", { column: "SMS Consent", value: "perhaps" }]] },
    ]);
    expect(await consentOf(a.account.id)).toEqual({
      Ann: "opted_in",
      Bo: "opted_in",
      Cy: "none",
      Di: "none",
      Flo: "none", // no phone: consent to texts needs a number
    });
    expect(await eventsOf(a.account.id)).toEqual([
      {
        firstName: "Ann",
        channel: "sms",
        kind: "opt_in",
        source: "import",
        text: "File list.csv, column “SMS Consent”: yes",
        userId: a.admin.id,
      },
      {
        firstName: "Ann",
        channel: "whatsapp",
        kind: "opt_in",
        source: "import",
        text: "File list.csv, column “WhatsApp Consent”: yes",
        userId: a.admin.id,
      },
      {
        firstName: "Bo",
        channel: "sms",
        kind: "opt_in",
        source: "import",
        text: "File list.csv, column “SMS Consent”: given on 2024-03-01",
        userId: a.admin.id,
      },
    ]);

    // Imported again: the same contacts are updated, nobody's consent is recorded twice.
    const again = await importFile(a, file, { filename: "list.csv" });
    expect(again).toMatchObject({ rowsImported: 5, rowsAdded: 0, rowsUpdated: 5, rowsFailed: 1 });
    expect(await eventsOf(a.account.id)).toHaveLength(3);
  });

  test("a declaration opts in the rows the file says nothing about; a STOP is never undone by a file", async () => {
    const a = await companyWithAdmin();
    await getDb().insert(contacts).values({
      accountId: a.account.id,
      firstName: "Stopped",
      lastName: "Earlier",
      phone: "+12015550201",
      smsConsent: "opted_out",
    });
    const declaration = { source: "Sign-up form at the shop counter", date: "2025-09-01" };
    const summary = await importFile(
      a,
      [
        "First Name,Last Name,Phone,Email",
        "Stopped,Earlier,+12015550201,",
        "Gus,Ivy,+12015550202,",
        "Hal,Jay,,hal@example.com",
      ].join("\n"),
      { consent: declaration, filename: "shop.csv" },
    );
    expect(summary).toMatchObject({ rowsAdded: 2, rowsUpdated: 1, rowsFailed: 0 });
    expect(summary.refused).toBeUndefined();
    expect(await consentOf(a.account.id)).toEqual({ Stopped: "opted_out", Gus: "opted_in", Hal: "none" });
    expect(await eventsOf(a.account.id)).toEqual([
      {
        firstName: "Gus",
        channel: "sms",
        kind: "opt_in",
        source: "import",
        text: "Declared at the import of shop.csv: Sign-up form at the shop counter (given on 2025-09-01)",
        userId: a.admin.id,
      },
    ]);
  });

  test("a new product's journey is a draft: imported contacts are enrolled, nothing is sent until it is live, then only to those who consented", async () => {
    const a = await companyWithAdmin();
    const created = await createProduct(a.context, "Heat pump");
    if (!created.ok) throw new Error("product");
    const [journey] = await getDb().select().from(journeys).where(eq(journeys.productId, created.product.id));
    expect(journey.state).toBe("paused");
    const saved = await createTouchpoint(a.context, journey.id, {
      name: "Welcome",
      waitAmount: 0,
      waitUnit: "minutes",
      channel: "sms",
      message: "Hi {{first_name}}, welcome!",
    });
    expect(saved.ok).toBe(true);
    await createTouchpoint(a.context, journey.id, {
      name: "Tips",
      waitAmount: 1,
      waitUnit: "hours",
      channel: "sms",
      message: "Tips for your heat pump",
    });

    await importFile(
      a,
      ["First Name,Last Name,Phone,Opt-in", "Ann,Lee,+12015550301,yes", "Bo,Ray,+12015550302,no"].join("\n"),
      { productIds: [created.product.id] },
    );
    const enrolled = await getDb().select().from(enrollments).where(eq(enrollments.journeyId, journey.id));
    expect(enrolled.map((e) => e.status)).toEqual(["active", "active"]);

    // Paused: nothing is claimed, however late it is.
    expect((await dispatchDue({ now: minutes(24 * 60) })).created).toBe(0);
    expect(await getDb().select().from(messages).where(eq(messages.journeyId, journey.id))).toEqual([]);

    // Made live at T0: the first touchpoint goes now, to Ann only (Bo's file said no).
    expect(
      await setJourneyState({ accountId: a.account.id, userId: a.admin.id }, journey.id, "live", { now: T0 }),
    ).toEqual({
      ok: true,
    });
    await dispatchDue({ now: T0 });
    const sentOf = async () =>
      (
        await getDb()
          .select({ firstName: contacts.firstName, status: messages.status, reason: messages.statusReason })
          .from(messages)
          .innerJoin(contacts, eq(contacts.id, messages.contactId))
          .where(and(eq(messages.journeyId, journey.id)))
          .orderBy(asc(messages.createdAt), asc(contacts.firstName))
      ).map((m) => [m.firstName, m.status, m.reason]);
    expect(await sentOf()).toEqual([
      ["Ann", "sent", null],
      ["Bo", "suppressed", "no_consent"],
    ]);
    // The second touchpoint's wait counts from the first one's send (T0), not from the import.
    await dispatchDue({ now: minutes(30) });
    expect(await sentOf()).toHaveLength(2);
    await dispatchDue({ now: minutes(61) });
    expect((await sentOf()).slice(2)).toEqual([
      ["Ann", "sent", null],
      ["Bo", "suppressed", "no_consent"],
    ]);
  });

  test("contacts enrolled while paused start their first wait when the journey goes live", async () => {
    const a = await companyWithAdmin();
    const created = await createProduct(a.context, "Solar roof");
    if (!created.ok) throw new Error("product");
    const [journey] = await getDb().select().from(journeys).where(eq(journeys.productId, created.product.id));
    await createTouchpoint(a.context, journey.id, {
      name: "A day later",
      waitAmount: 1,
      waitUnit: "days",
      channel: "sms",
      message: "How is it going?",
    });
    await importFile(a, ["First Name,Last Name,Phone,SMS Consent", "Ann,Lee,+12015550401,yes"].join("\n"), {
      productIds: [created.product.id],
    });
    await setJourneyState({ accountId: a.account.id, userId: a.admin.id }, journey.id, "live", { now: T0 });
    const [enrollment] = await getDb()
      .select()
      .from(enrollments)
      .where(eq(enrollments.journeyId, journey.id));
    expect(enrollment.stepStartedAt.toISOString()).toBe(T0.toISOString());
    expect(enrollment.nextDueAt?.toISOString()).toBe(minutes(24 * 60).toISOString());
    await dispatchDue({ now: minutes(23 * 60) });
    expect(await getDb().select().from(messages).where(eq(messages.journeyId, journey.id))).toEqual([]);
    await dispatchDue({ now: minutes(24 * 60 + 1) });
    expect(await getDb().select().from(messages).where(eq(messages.journeyId, journey.id))).toHaveLength(1);
  });
});

import { eq } from "drizzle-orm";
import { expect, test } from "vitest";
import { consentEvents, contacts } from "#db/schema";
import { createAccount, createUser } from "../../../tests/support/factories";
import { createContact } from "../../../tests/support/stand-ins/messaging-fixtures";
import { describeEachDatabase } from "../../../tests/support/test-database";
import {
  consentHistory,
  optInByPhone,
  optOutByPhone,
  recordSmsConsent,
  recordSmsOptOut,
} from "./consent.server";

describeEachDatabase("SMS consent", (getDb) => {
  const consentOf = async (id: string) =>
    (await getDb().select({ c: contacts.smsConsent }).from(contacts).where(eq(contacts.id, id)))[0].c;

  test("recordSmsConsent opts the contact in and keeps the record: source, text shown, IP, user", async () => {
    const account = await createAccount();
    const user = await createUser();
    const contact = await createContact(account.id, { phone: "+15550200000" });

    const result = await recordSmsConsent(getDb(), account.id, contact.id, {
      source: "form",
      consentText: "I agree to receive order updates by SMS. Reply STOP to opt out.",
      ip: "203.0.113.9",
      userId: user.id,
    });

    expect(result).toEqual({ ok: true });
    expect(await consentOf(contact.id)).toBe("opted_in");
    const history = await consentHistory(account.id, contact.id);
    expect(history).toEqual([
      expect.objectContaining({
        channel: "sms",
        kind: "opt_in",
        source: "form",
        consentText: "I agree to receive order updates by SMS. Reply STOP to opt out.",
        ip: "203.0.113.9",
        userId: user.id,
        keyword: null,
      }),
    ]);
    expect(history[0].createdAt).toBeInstanceOf(Date);
  });

  test("consent for another company's contact is not_found and writes nothing; its history is empty", async () => {
    const account = await createAccount();
    const other = await createAccount();
    const contact = await createContact(account.id, { phone: "+15550200001" });
    const record = { source: "admin" as const, consentText: null, ip: null };

    expect(await recordSmsConsent(getDb(), other.id, contact.id, record)).toEqual({
      ok: false,
      reason: "not_found",
    });
    expect(await recordSmsOptOut(getDb(), other.id, contact.id, record)).toEqual({
      ok: false,
      reason: "not_found",
    });
    expect(await recordSmsConsent(getDb(), account.id, "nope", record)).toEqual({
      ok: false,
      reason: "not_found",
    });
    expect(await consentOf(contact.id)).toBe("none");
    expect(await getDb().$count(consentEvents)).toBe(0);

    await recordSmsConsent(getDb(), account.id, contact.id, record);
    expect(await consentHistory(other.id, contact.id)).toEqual([]);
    expect(await consentHistory(account.id, contact.id)).toHaveLength(1);
  });

  test("inside a caller's transaction, consent rolls back with it", async () => {
    const account = await createAccount();
    const contact = await createContact(account.id);
    await getDb()
      .transaction(async (tx) => {
        await recordSmsConsent(tx, account.id, contact.id, { source: "import", consentText: null, ip: null });
        tx.rollback();
      })
      .catch(() => {});
    expect(await consentOf(contact.id)).toBe("none");
    expect(await getDb().$count(consentEvents)).toBe(0);
  });

  test("optOutByPhone and optInByPhone change every company's contact with the number, once, newest event first", async () => {
    const a = await createAccount();
    const b = await createAccount();
    const inA = await createContact(a.id, { phone: "+15550200002", smsConsent: "opted_in" });
    const inB = await createContact(b.id, { phone: "+15550200002" });
    const bystander = await createContact(a.id, { phone: "+15550200003", smsConsent: "opted_in" });

    const out = await optOutByPhone(getDb(), "+15550200002", "STOP");
    expect(out).toHaveLength(2);
    expect(out).toEqual(
      expect.arrayContaining([
        { accountId: a.id, contactId: inA.id },
        { accountId: b.id, contactId: inB.id },
      ]),
    );
    // Already opted out: nothing more to record.
    expect(await optOutByPhone(getDb(), "+15550200002", "QUIT")).toEqual([]);
    expect(await consentOf(bystander.id)).toBe("opted_in");

    expect(await optInByPhone(getDb(), "+15550200002", "START")).toHaveLength(2);
    expect(await consentOf(inA.id)).toBe("opted_in");
    expect((await consentHistory(a.id, inA.id)).map((e) => `${e.kind}:${e.source}:${e.keyword}`)).toEqual([
      "opt_in:keyword:START",
      "opt_out:keyword:STOP",
    ]);
  });

  test("after a STOP, a team member or an import cannot opt the contact back in; the contact can", async () => {
    const account = await createAccount();
    const contact = await createContact(account.id, { phone: "+15550200004" });
    await optOutByPhone(getDb(), "+15550200004", "STOP");
    for (const source of ["admin", "import"] as const) {
      expect(
        await recordSmsConsent(getDb(), account.id, contact.id, {
          source,
          consentText: "Said yes",
          ip: null,
        }),
      ).toEqual({
        ok: false,
        reason: "opted_out",
      });
    }
    expect(await consentOf(contact.id)).toBe("opted_out");
    expect(await consentHistory(account.id, contact.id)).toHaveLength(1);

    // A new consent by the contact on a form counts.
    expect(
      await recordSmsConsent(getDb(), account.id, contact.id, {
        source: "form",
        consentText: "Text me order updates",
        ip: "198.51.100.4",
      }),
    ).toEqual({ ok: true });
    expect(await consentOf(contact.id)).toBe("opted_in");
  });
});

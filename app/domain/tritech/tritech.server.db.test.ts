import { and, eq } from "drizzle-orm";
import { expect, test } from "vitest";
import {
  consentEvents,
  contactProducts,
  contacts,
  enrollments,
  tritechEvents,
  tritechProfiles,
} from "#db/schema";
import type { MemberContext } from "~/domain/access/guard.server";
import { createContact } from "~/domain/contacts/contacts.server";
import { createProduct } from "~/domain/products/products.server";
import { companyWithAdmin } from "../../../tests/support/team-factories";
import { describeEachDatabase } from "../../../tests/support/test-database";
import { DEFAULT_TRANSACTION_STATUSES, handshakeAction, TRITECH_SECRET_PURPOSE } from "./defaults";
import { receiveTritechEvent, signatureOf } from "./events.server";
import { listTritechMappings, saveTritechMapping } from "./mappings.server";
import {
  contractActionsOf,
  generateTritechSecret,
  newSecretKey,
  revealTritechSecret,
  tritechView,
  updateTransactionStatuses,
} from "./profile.server";

// Issue 16 items 1-4: the secret key, Configure Events, the mapping rules and every event outcome,
// each scoped to its company.

async function productOf(context: MemberContext, name: string) {
  const result = await createProduct(context, name);
  if (!result.ok) throw new Error(result.reason);
  return result.product;
}

let counter = 0;
const contractEvent = (accountId: string, overrides: Record<string, unknown> = {}) => ({
  eventId: `evt-${++counter}-${Math.random().toString(36).slice(2)}`,
  accountId,
  action: "NEW_CONTRACT",
  transactionStatus: "Best Value Monthly",
  contract: { id: `C-${counter}`, date: "2026-11-23" },
  customer: { firstName: "Ada", lastName: "Lovelace", phone: "+14155550123", email: "Ada@Example.com" },
  items: [{ category: 2, subcategory: 3 }],
  extra: "ignored",
  ...overrides,
});

async function post(secret: string, body: unknown) {
  const raw = JSON.stringify(body);
  return receiveTritechEvent(raw, signatureOf(raw, secret));
}

/** A company with a secret key, synced by AIM's handshake. */
async function syncedCompany() {
  const company = await companyWithAdmin();
  const secret = await generateTritechSecret(company.context);
  const handshake = await post(secret, {
    eventId: "hs-1",
    accountId: company.account.id,
    action: "AIM_BLUSTEAM_HANDSHAKE",
  });
  expect(handshake).toMatchObject({ httpStatus: 200, status: "processed" });
  return { ...company, secret };
}

describeEachDatabase("Tri-Tech", (getDb) => {
  test("the secret key: 36 characters from the CSPRNG, sealed at rest, shown again; a new one unsyncs", async () => {
    expect(newSecretKey()).toMatch(/^[A-Za-z0-9]{36}$/);
    expect(newSecretKey()).not.toBe(newSecretKey());
    const a = await syncedCompany();
    const [stored] = await getDb()
      .select()
      .from(tritechProfiles)
      .where(eq(tritechProfiles.accountId, a.account.id));
    expect(stored?.enabled).toBe(true);
    expect(stored?.secretSealed).toMatch(/^v1\./);
    expect(stored?.secretSealed).not.toContain(a.secret);
    expect(await revealTritechSecret(a.context)).toBe(a.secret);
    expect(TRITECH_SECRET_PURPOSE).toBe("tritech-secret");

    const next = await generateTritechSecret(a.context);
    expect(next).not.toBe(a.secret);
    const view = await tritechView(a.context);
    expect(view).toMatchObject({ synced: false, hasSecret: true, accountId: a.account.id });
    expect(JSON.stringify(view)).not.toContain(next);
    // The old key no longer signs; the new one's handshake syncs again.
    const old = await post(a.secret, {
      eventId: "hs-2",
      accountId: a.account.id,
      action: "AIM_BLUSTEAM_HANDSHAKE",
    });
    expect(old).toMatchObject({ httpStatus: 401 });
    const again = await post(next, {
      eventId: "hs-3",
      accountId: a.account.id,
      action: "AIM_BLUSTEAM_HANDSHAKE",
    });
    expect(again).toMatchObject({ httpStatus: 200, status: "processed" });
    expect((await tritechView(a.context)).synced).toBe(true);
  });

  test("Configure Events: three default actions with the four statuses; edits are trimmed and the company's own", async () => {
    const a = await companyWithAdmin();
    const b = await companyWithAdmin();
    const actions = await contractActionsOf(getDb(), a.account.id);
    expect(actions.map((x) => x.action)).toEqual(["NEW_CONTRACT", "EXCHANGED_CONTRACT", "RETURN_CONTRACT"]);
    for (const action of actions)
      expect(action.transactionStatuses).toEqual([...DEFAULT_TRANSACTION_STATUSES]);
    expect(handshakeAction("Blusteam")).toBe("AIM_BLUSTEAM_HANDSHAKE");

    expect(
      await updateTransactionStatuses(a.context, "RETURN_CONTRACT", [
        "  Weekly Rental ",
        "Weekly Rental",
        "Lease",
      ]),
    ).toEqual(["Weekly Rental", "Lease"]);
    expect(await updateTransactionStatuses(a.context, "RETURN_CONTRACT", ["  "])).toBeNull();
    expect(await updateTransactionStatuses(a.context, "AIM_BLUSTEAM_HANDSHAKE", ["x"])).toBeNull();
    const after = await contractActionsOf(getDb(), a.account.id);
    expect(after.find((x) => x.action === "RETURN_CONTRACT")?.transactionStatuses).toEqual([
      "Weekly Rental",
      "Lease",
    ]);
    expect(after.find((x) => x.action === "NEW_CONTRACT")?.transactionStatuses).toEqual([
      ...DEFAULT_TRANSACTION_STATUSES,
    ]);
    expect((await contractActionsOf(getDb(), b.account.id))[2]?.transactionStatuses).toEqual([
      ...DEFAULT_TRANSACTION_STATUSES,
    ]);
  });

  test("mapping rules: create with pairs, refuse empty, duplicate and unchanged, update, delete at zero", async () => {
    const a = await companyWithAdmin();
    const b = await companyWithAdmin();
    const kit = await productOf(a.context, "Kit");
    expect(await saveTritechMapping(a.context, kit.id, [])).toEqual({
      ok: false,
      reason: "empty",
      message: "Add product details to map!",
    });
    expect(await saveTritechMapping(a.context, kit.id, ["2-3", "02-3"])).toEqual({
      ok: false,
      reason: "duplicate",
      message: "Product is already exist!",
    });
    expect(await saveTritechMapping(a.context, kit.id, ["2-3", "4-1"])).toMatchObject({
      ok: true,
      change: "created",
    });
    expect(await saveTritechMapping(a.context, kit.id, ["4-1", "2-3"])).toEqual({
      ok: false,
      reason: "unchanged",
      message: "Update the mapping to map!",
    });
    expect(await saveTritechMapping(a.context, kit.id, ["2-3"])).toMatchObject({
      ok: true,
      change: "updated",
    });
    expect((await listTritechMappings(a.context)).find((r) => r.productId === kit.id)?.pairs).toEqual([
      "2-3",
    ]);
    // Another company can neither see nor map this product.
    expect(await saveTritechMapping(b.context, kit.id, ["9-9"])).toEqual({
      ok: false,
      reason: "product-not-found",
    });
    expect(await listTritechMappings(b.context)).toEqual([]);
    expect(await saveTritechMapping(a.context, kit.id, [])).toMatchObject({ ok: true, change: "deleted" });
    expect((await listTritechMappings(a.context))[0]?.pairs).toEqual([]);
  });

  test("a configured NEW_CONTRACT adds the contact with its consent and links every mapped product, once", async () => {
    const a = await syncedCompany();
    const kit = await productOf(a.context, "Kit");
    const plan = await productOf(a.context, "Plan");
    const other = await productOf(a.context, "Other");
    await saveTritechMapping(a.context, kit.id, ["2-3"]);
    await saveTritechMapping(a.context, plan.id, ["2-3", "5-1"]);
    await saveTritechMapping(a.context, other.id, ["7-7"]);

    const event = contractEvent(a.account.id);
    const first = await post(a.secret, event);
    expect(first).toMatchObject({ httpStatus: 200, status: "processed" });
    expect(first.reason).toContain("contact added");
    expect(first.reason).toContain("SMS consent recorded");
    expect(first.reason).toContain("2 product(s) linked");
    const [ada] = await getDb().select().from(contacts).where(eq(contacts.accountId, a.account.id));
    expect(ada).toMatchObject({
      firstName: "Ada",
      lastName: "Lovelace",
      phone: "+14155550123",
      email: "ada@example.com",
      smsConsent: "opted_in",
    });
    const links = await getDb()
      .select()
      .from(contactProducts)
      .where(eq(contactProducts.contactId, ada?.id as string));
    expect(links.map((l) => l.productId).sort()).toEqual([kit.id, plan.id].sort());
    const enrolled = await getDb()
      .select()
      .from(enrollments)
      .where(eq(enrollments.contactId, ada?.id as string));
    expect(enrolled).toHaveLength(2);
    const consent = await getDb()
      .select()
      .from(consentEvents)
      .where(eq(consentEvents.contactId, ada?.id as string));
    expect(consent.map((c) => [c.channel, c.kind, c.source, c.consentText])).toEqual([
      ["sms", "opt_in", "tritech", `Consent given in Tri-Tech contract ${event.contract.id} of 2026-11-23`],
    ]);

    // The same eventId again: 200, the first answer, nothing new.
    const replay = await post(a.secret, event);
    expect(replay).toMatchObject({ httpStatus: 200, status: "processed" });
    expect(replay.reason).toMatch(/^already received/);
    expect(
      await getDb()
        .select()
        .from(consentEvents)
        .where(eq(consentEvents.contactId, ada?.id as string)),
    ).toHaveLength(1);
    expect(
      await getDb().select().from(tritechEvents).where(eq(tritechEvents.accountId, a.account.id)),
    ).toHaveLength(2);

    // A later contract of the same customer (found by phone) links what it maps and updates the names.
    const later = await post(
      a.secret,
      contractEvent(a.account.id, {
        action: "EXCHANGED_CONTRACT",
        customer: { firstName: "Augusta", lastName: "King", phone: "(415) 555-0123" },
        items: [{ category: 7, subcategory: 7 }],
      }),
    );
    expect(later).toMatchObject({ status: "processed" });
    expect(later.reason).toContain("contact updated");
    const [augusta] = await getDb().select().from(contacts).where(eq(contacts.accountId, a.account.id));
    expect(augusta).toMatchObject({ id: ada?.id, firstName: "Augusta", email: "ada@example.com" });
    expect(
      await getDb()
        .select()
        .from(contactProducts)
        .where(eq(contactProducts.contactId, ada?.id as string)),
    ).toHaveLength(3);
  });

  test("events ignored with their reason: unknown action, unconfigured status, not synced, no phone or email, the handshake hidden", async () => {
    const a = await syncedCompany();
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ action: "CANCELLED_CONTRACT" }, /the action CANCELLED_CONTRACT is not configured/],
      [{ transactionStatus: "Daily Rental" }, /"Daily Rental" is not configured for NEW_CONTRACT/],
      [{ customer: { firstName: "No", lastName: "Way" } }, /the customer has no phone or email/],
    ];
    for (const [overrides, reason] of cases) {
      const answer = await post(a.secret, contractEvent(a.account.id, overrides));
      expect(answer).toMatchObject({ httpStatus: 200, status: "ignored" });
      expect(answer.reason).toMatch(reason);
    }
    expect(await getDb().select().from(contacts).where(eq(contacts.accountId, a.account.id))).toEqual([]);
    const stored = await getDb()
      .select()
      .from(tritechEvents)
      .where(and(eq(tritechEvents.accountId, a.account.id), eq(tritechEvents.status, "ignored")));
    expect(stored).toHaveLength(3);
    const view = await tritechView(a.context);
    expect(view.events[0]).toMatchObject({ status: "ignored", reason: "the customer has no phone or email" });
    expect(view.actions.map((x) => x.action)).not.toContain("AIM_BLUSTEAM_HANDSHAKE");

    // Before the handshake (a new key), contract events are kept as ignored.
    const secret = await generateTritechSecret(a.context);
    const early = await post(secret, contractEvent(a.account.id));
    expect(early).toMatchObject({ status: "ignored" });
    expect(early.reason).toMatch(/not synced/);
  });

  test("a contact who replied STOP stays opted out; the company's contacts only", async () => {
    const a = await syncedCompany();
    const b = await companyWithAdmin();
    const kit = await productOf(a.context, "Kit");
    await saveTritechMapping(a.context, kit.id, ["2-3"]);
    const inB = await createContact(b.context, { firstName: "Ada", lastName: "B", phone: "+14155550123" });
    expect(inB.ok).toBe(true);
    const inA = await createContact(a.context, { firstName: "Ada", lastName: "A", phone: "+14155550123" });
    if (!inA.ok) throw new Error(inA.reason);
    await getDb().update(contacts).set({ smsConsent: "opted_out" }).where(eq(contacts.id, inA.contact.id));
    const answer = await post(a.secret, contractEvent(a.account.id));
    expect(answer.reason).toContain("SMS kept opted out");
    const [stillOut] = await getDb().select().from(contacts).where(eq(contacts.id, inA.contact.id));
    expect(stillOut?.smsConsent).toBe("opted_out");
    // Company B's contact with the same phone is untouched.
    const [theirs] = await getDb().select().from(contacts).where(eq(contacts.accountId, b.account.id));
    expect(theirs).toMatchObject({ lastName: "B", smsConsent: "none" });
  });
});

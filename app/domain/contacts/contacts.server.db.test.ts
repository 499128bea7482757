import { eq, sql } from "drizzle-orm";
import { expect, test } from "vitest";
import { contacts } from "#db/schema";
import type { AccountScope } from "~/domain/kernel/scope";
import { companyWithAdmin } from "../../../tests/support/team-factories";
import { describeEachDatabase } from "../../../tests/support/test-database";
import {
  createContact,
  decodeCursor,
  deleteContact,
  getContact,
  listContacts,
  updateContact,
} from "./contacts.server";

const person = (n: number, extra: Partial<{ phone: string; email: string }> = {}) => ({
  firstName: `First${n}`,
  lastName: `Last${n}`,
  phone: `+1201555${String(1000 + n).padStart(4, "0")}`,
  email: `person${n}@example.com`,
  ...extra,
});

async function created(context: AccountScope, input: Parameters<typeof createContact>[1]) {
  const result = await createContact(context, input);
  if (!result.ok) throw new Error(`expected a contact, got ${result.reason}`);
  return result.contact;
}

/** Every page, following next cursors from the first page. */
async function allPages(context: AccountScope, query: { search?: string; pageSize?: number } = {}) {
  const pages = [];
  let page = await listContacts(context, query);
  pages.push(page);
  while (page.nextCursor) {
    page = await listContacts(context, { ...query, after: page.nextCursor });
    pages.push(page);
  }
  return pages;
}

describeEachDatabase("contacts", (getDb) => {
  test("a new contact's phone is stored in E.164 and its email lowercased", async () => {
    const a = await companyWithAdmin();
    const contact = await created(a.context, {
      firstName: " Ada ",
      lastName: "Lovelace ",
      phone: "(201) 555-0123",
      email: " Ada@Example.COM ",
    });
    expect(contact).toMatchObject({
      firstName: "Ada",
      lastName: "Lovelace",
      phone: "+12015550123",
      email: "ada@example.com",
    });
    expect(await getContact(a.context, contact.id)).toMatchObject({ phone: "+12015550123", isActive: true });
  });

  test("an invalid phone, or neither phone nor email, is refused and nothing is written", async () => {
    const a = await companyWithAdmin();
    expect(await createContact(a.context, { firstName: "A", lastName: "B", phone: "555-123-4567" })).toEqual({
      ok: false,
      reason: "invalid_phone",
    });
    expect(await createContact(a.context, { firstName: "A", lastName: "B" })).toEqual({
      ok: false,
      reason: "missing_contact_point",
    });
    expect(await getDb().select().from(contacts)).toEqual([]);
  });

  test("a phone or email another contact of the company has is refused, pointing at that contact", async () => {
    const a = await companyWithAdmin();
    const first = await created(a.context, person(1));
    expect(await createContact(a.context, person(2, { phone: "201 555 1001" }))).toEqual({
      ok: false,
      reason: "duplicate",
      field: "phone",
      contactId: first.id,
    });
    expect(await createContact(a.context, person(2, { email: "PERSON1@example.com" }))).toEqual({
      ok: false,
      reason: "duplicate",
      field: "email",
      contactId: first.id,
    });
    const second = await created(a.context, person(2));
    expect(await updateContact(a.context, second.id, person(2, { phone: "+12015551001" }))).toMatchObject({
      reason: "duplicate",
      field: "phone",
      contactId: first.id,
    });
    // Saving a contact with its own phone and email is not a duplicate.
    expect(await updateContact(a.context, second.id, { ...person(2), firstName: "Renamed" })).toMatchObject({
      ok: true,
      contact: { firstName: "Renamed" },
    });
  });

  test("two requests with the same phone at once create one contact", async () => {
    const a = await companyWithAdmin();
    const results = await Promise.all(
      [1, 2, 3].map((n) => createContact(a.context, person(n, { phone: "+12015550999" }))),
    );
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    expect(results.filter((r) => !r.ok && r.reason === "duplicate")).toHaveLength(2);
  });

  test("companies are isolated: another company cannot read, change or delete a contact, and may hold the same phone", async () => {
    const a = await companyWithAdmin();
    const b = await companyWithAdmin();
    const mine = await created(a.context, person(1));

    expect(await getContact(b.context, mine.id)).toBeNull();
    expect(await updateContact(b.context, mine.id, person(9))).toEqual({ ok: false, reason: "not_found" });
    expect(await deleteContact(b.context, mine.id)).toBe(false);
    expect((await listContacts(b.context)).rows).toEqual([]);
    expect((await listContacts(b.context, { search: "first1" })).rows).toEqual([]);
    expect(await getContact(a.context, mine.id)).toMatchObject({ firstName: "First1" });

    // Uniqueness is per company.
    expect((await createContact(b.context, person(1))).ok).toBe(true);
  });

  test("malformed ids are refused, not a database error", async () => {
    const a = await companyWithAdmin();
    expect(await getContact(a.context, "nope")).toBeNull();
    expect(await deleteContact(a.context, "")).toBe(false);
    expect(await updateContact(a.context, "1; drop table contacts", person(1))).toEqual({
      ok: false,
      reason: "not_found",
    });
  });

  test("delete removes the contact from the list", async () => {
    const a = await companyWithAdmin();
    const contact = await created(a.context, person(1));
    expect(await deleteContact(a.context, contact.id)).toBe(true);
    expect(await getContact(a.context, contact.id)).toBeNull();
    expect((await listContacts(a.context)).rows).toEqual([]);
  });

  test("keyset pages: newest first, no row twice or missed, previous pages come back the same", async () => {
    const a = await companyWithAdmin();
    for (let n = 1; n <= 25; n++) await created(a.context, person(n));
    // Rows created in the same instant still page correctly (ties are broken by id).
    await getDb()
      .update(contacts)
      .set({ createdAt: sql`'2026-01-01T00:00:00.123456Z'::timestamptz` })
      .where(
        sql`${contacts.firstName} in ('First5', 'First6', 'First7', 'First8', 'First9', 'First10', 'First11', 'First12')`,
      );

    const pages = await allPages(a.context, { pageSize: 10 });
    expect(pages.map((p) => p.rows.length)).toEqual([10, 10, 5]);
    const ids = pages.flatMap((p) => p.rows.map((r) => r.id));
    expect(new Set(ids).size).toBe(25);
    expect(pages[0].rows[0].firstName).toBe("First25");
    expect(pages[0].previousCursor).toBeNull();
    expect(pages[2].nextCursor).toBeNull();

    const back = await listContacts(a.context, { pageSize: 10, before: pages[2].previousCursor });
    expect(back.rows.map((r) => r.id)).toEqual(pages[1].rows.map((r) => r.id));
    const first = await listContacts(a.context, { pageSize: 10, before: back.previousCursor });
    expect(first.rows.map((r) => r.id)).toEqual(pages[0].rows.map((r) => r.id));
    expect(first.previousCursor).toBeNull();
    expect(first.nextCursor).not.toBeNull();
  });

  test("the page size is one of 10, 20, 50, 100 (10 otherwise)", async () => {
    const a = await companyWithAdmin();
    for (let n = 1; n <= 12; n++) await created(a.context, person(n));
    expect((await listContacts(a.context, { pageSize: 20 })).rows).toHaveLength(12);
    expect((await listContacts(a.context, { pageSize: 7 })).rows).toHaveLength(10);
  });

  test("inactive contacts are hidden", async () => {
    const a = await companyWithAdmin();
    const hidden = await created(a.context, person(1));
    await created(a.context, person(2));
    await getDb().update(contacts).set({ isActive: false }).where(eq(contacts.id, hidden.id));
    expect((await listContacts(a.context)).rows.map((r) => r.firstName)).toEqual(["First2"]);
    expect((await listContacts(a.context, { search: "first1" })).rows).toEqual([]);
  });

  test("search: name, email and phone prefixes; shorter than 3 characters lists everyone", async () => {
    const a = await companyWithAdmin();
    await created(a.context, {
      firstName: "Grace",
      lastName: "Hopper",
      phone: "+12125550142",
      email: "admiral@navy.mil",
    });
    await created(a.context, {
      firstName: "Alan",
      lastName: "Turing",
      phone: "+442079460958",
      email: "alan@bletchley.uk",
    });
    await created(a.context, { firstName: "Katherine", lastName: "Johnson", email: "kj@nasa.gov" });
    const names = async (search: string) =>
      (await listContacts(a.context, { search })).rows.map((r) => r.firstName).sort();

    expect(await names("grace hop")).toEqual(["Grace"]);
    expect(await names("TURING")).toEqual(["Alan"]);
    expect(await names("@nasa")).toEqual(["Katherine"]);
    expect(await names("bletch")).toEqual(["Alan"]);
    // A fragment inside a word is no longer a match (word-prefix search, issue 19).
    expect(await names("race")).toEqual([]);
    expect(await names("etchley")).toEqual([]);
    expect(await names("(212) 555")).toEqual(["Grace"]);
    expect(await names("7946 0958")).toEqual(["Alan"]);
    expect(await names("zz")).toEqual(["Alan", "Grace", "Katherine"]);
    expect(await names("nobody")).toEqual([]);
    // LIKE wildcards are matched literally.
    expect(await names("%%%")).toEqual([]);
  });

  test("search: a term with dots or digits is an email start; names with apostrophes and hyphens are names", async () => {
    const a = await companyWithAdmin();
    await created(a.context, { firstName: "James", lastName: "Smith", email: "jsmith@example.com" });
    await created(a.context, { firstName: "Jim", lastName: "Other", email: "james.smith@example.com" });
    await created(a.context, { firstName: "Sean", lastName: "O'Brien", email: "sean@example.com" });
    await created(a.context, { firstName: "Jean-Luc", lastName: "Picard", email: "captain@example.com" });
    const names = async (search: string) =>
      (await listContacts(a.context, { search })).rows.map((r) => r.firstName).sort();

    expect(await names("james.smith")).toEqual(["Jim"]);
    // Jim's email has "smith" inside it, not at its start.
    expect(await names("smith")).toEqual(["James"]);
    expect(await names("o'brien")).toEqual(["Sean"]);
    expect(await names("jean-luc")).toEqual(["Jean-Luc"]);
  });

  test("search pages through many matches by keyset too", async () => {
    const a = await companyWithAdmin();
    for (let n = 1; n <= 23; n++)
      await created(a.context, { ...person(n), lastName: n % 2 ? "Smith" : "Jones" });
    const pages = await allPages(a.context, { search: "smith", pageSize: 10 });
    expect(pages.map((p) => p.rows.length)).toEqual([10, 2]);
    expect(pages.flatMap((p) => p.rows).every((r) => r.lastName === "Smith")).toBe(true);
  });

  test("a tampered cursor is ignored", async () => {
    const a = await companyWithAdmin();
    await created(a.context, person(1));
    expect(decodeCursor("garbage")).toBeNull();
    expect(decodeCursor(Buffer.from("2026-01-01|not-a-uuid").toString("base64url"))).toBeNull();
    expect((await listContacts(a.context, { after: "garbage" })).rows).toHaveLength(1);
  });
});

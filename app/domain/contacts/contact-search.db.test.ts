import { and, eq, sql } from "drizzle-orm";
import { expect, test } from "vitest";
import { contacts } from "#db/schema";
import type { AccountScope } from "~/domain/kernel/scope";
import { companyWithAdmin } from "../../../tests/support/team-factories";
import { describeEachDatabase } from "../../../tests/support/test-database";
import { foldSearchText } from "./contact-search";
import { contactSearchCondition, createContact, listContacts } from "./contacts.server";

// Issue 19: search by word prefix, each form on PGlite and PostgreSQL, through the app's listContacts.
async function company() {
  const a = await companyWithAdmin();
  const people = [
    { firstName: "Grace", lastName: "Hopper", phone: "+12125550142", email: "admiral@navy.mil" },
    { firstName: "Jean-Luc", lastName: "Picard Delacroix", phone: "+33612345678", email: "jl@starfleet.fr" },
    { firstName: "Zoë", lastName: "Müller", phone: "+442079460958", email: "Zoe.Mueller@Example.com" },
    { firstName: "Élodie", lastName: "O'Brien", email: "elodie@exämple.org" },
  ];
  for (const person of people) {
    const result = await createContact(a.context, person);
    if (!result.ok) throw new Error(result.reason);
  }
  return a;
}

async function names(context: AccountScope, search: string) {
  return (await listContacts(context, { search })).rows.map((r) => r.firstName).sort();
}

describeEachDatabase("contact search by word prefix", (getDb) => {
  test("first name, last name and a later word of a name, whatever the case", async () => {
    const { context } = await company();
    expect(await names(context, "gra")).toEqual(["Grace"]);
    expect(await names(context, "HOPP")).toEqual(["Grace"]);
    expect(await names(context, "luc")).toEqual(["Jean-Luc"]);
    expect(await names(context, "delac")).toEqual(["Jean-Luc"]);
    expect(await names(context, "jean-luc pic")).toEqual(["Jean-Luc"]);
    expect(await names(context, "o'br")).toEqual(["Élodie"]);
    // Every word of the term must start a word of the contact.
    expect(await names(context, "grace pic")).toEqual([]);
  });

  test("accents are ignored on both sides", async () => {
    const { context } = await company();
    expect(await names(context, "zoe")).toEqual(["Zoë"]);
    expect(await names(context, "MULL")).toEqual(["Zoë"]);
    expect(await names(context, "müller")).toEqual(["Zoë"]);
    expect(await names(context, "elo")).toEqual(["Élodie"]);
    expect(await names(context, "ÉLODIE")).toEqual(["Élodie"]);
    expect(await names(context, "example.org")).toEqual(["Élodie"]);
  });

  test("the email's start, or its domain's", async () => {
    const { context } = await company();
    expect(await names(context, "admir")).toEqual(["Grace"]);
    expect(await names(context, "zoe.mu")).toEqual(["Zoë"]);
    expect(await names(context, "jl@star")).toEqual(["Jean-Luc"]);
    expect(await names(context, "starfl")).toEqual(["Jean-Luc"]);
    expect(await names(context, "@navy")).toEqual(["Grace"]);
    expect(await names(context, "example.com")).toEqual(["Zoë"]);
  });

  test("the national number's start, with or without the calling code, and its last 4 or more digits", async () => {
    const { context } = await company();
    expect(await names(context, "(212) 555")).toEqual(["Grace"]);
    expect(await names(context, "212")).toEqual(["Grace"]);
    expect(await names(context, "06 12 34")).toEqual([]); // a trunk 0 is not part of the national number
    expect(await names(context, "612 34")).toEqual(["Jean-Luc"]);
    expect(await names(context, "+33 6 12")).toEqual(["Jean-Luc"]);
    expect(await names(context, "+1 612")).toEqual([]); // the French number under another calling code
    expect(await names(context, "+44 20")).toEqual(["Zoë"]);
    expect(await names(context, "+44")).toEqual([]); // a calling code alone is not a national number
    expect(await names(context, "0142")).toEqual(["Grace"]);
    expect(await names(context, "5678")).toEqual(["Jean-Luc"]);
    expect(await names(context, "460958")).toEqual(["Zoë"]);
    // Three digits are matched at the start only.
    expect(await names(context, "958")).toEqual([]);
  });

  test("a phone term longer than what the index keeps of a number is checked in full", async () => {
    // The index keeps the national number's first 7 digits and last 4: these share them with Grace.
    const { context } = await company();
    await createContact(context, { firstName: "Same Start", lastName: "X", phone: "+12125550199" });
    await createContact(context, { firstName: "Same End", lastName: "X", phone: "+13109990142" });
    expect(await names(context, "2125550142")).toEqual(["Grace"]);
    expect(await names(context, "(212) 555-01")).toEqual(["Grace", "Same Start"]);
    expect(await names(context, "+1 212 555 0142")).toEqual(["Grace"]);
    expect(await names(context, "5550142")).toEqual(["Grace"]);
    expect(await names(context, "9990142")).toEqual(["Same End"]);
    expect(await names(context, "0142")).toEqual(["Grace", "Same End"]);
    expect(await names(context, "79460958")).toEqual(["Zoë"]);
  });

  test("substring-only matches no longer count", async () => {
    const { context } = await company();
    expect(await names(context, "race")).toEqual([]);
    expect(await names(context, "opper")).toEqual([]);
    expect(await names(context, "miral")).toEqual([]);
    expect(await names(context, "navy.mil x")).toEqual([]);
    expect(await names(context, "5550")).toEqual([]);
    expect(await names(context, "ice")).toEqual([]);
  });

  test("another company's contacts never match, and short terms list everyone", async () => {
    const { context } = await company();
    const other = await companyWithAdmin();
    await createContact(other.context, { firstName: "Grace", lastName: "Other", email: "grace@other.io" });
    expect(await names(context, "grace")).toEqual(["Grace"]);
    expect(await names(other.context, "grace")).toEqual(["Grace"]);
    expect(await names(other.context, "hopper")).toEqual([]);
    expect(await names(context, "gr")).toEqual(["Grace", "Jean-Luc", "Zoë", "Élodie"].sort());
    expect(await names(context, "12")).toEqual(["Grace", "Jean-Luc", "Zoë", "Élodie"].sort());
    // Quotes and backslashes in a term are searched for, not read as query syntax.
    expect(await names(context, "o'brien \\ 'x")).toEqual([]);
    expect(await names(context, "a:* | b")).toEqual([]);
  });

  test("the search index answers a rare term (the window of newest contacts does not hold it)", async () => {
    const { context } = await company();
    const rows = await getDb().execute(sql`
      explain select 1 from contacts where contact_search_document(account_id, first_name, last_name, email, phone)
        @@ ${"'abcdefghwgra':*"}::tsquery`);
    expect(JSON.stringify(rows)).toContain("contacts_search_idx");
    expect(await names(context, "hop")).toEqual(["Grace"]);
  });

  test("the database folds text exactly as foldSearchText does", async () => {
    const samples = [
      "Zoë",
      "ÉLODIE",
      "Müller",
      "Ångström",
      "Łódź",
      "Crème Brûlée",
      "ñandú",
      "plain ascii",
      "İstanbul",
    ];
    for (const sample of samples) {
      const rows = (await getDb().execute(sql`select contact_search_fold(${sample}) as folded`)) as unknown as
        | { folded: string }[]
        | { rows: { folded: string }[] };
      const [row] = Array.isArray(rows) ? rows : rows.rows;
      expect(row.folded, sample).toBe(foldSearchText(sample));
    }
  });

  test("the index form and the row-by-row form of a search find the same contacts", async () => {
    // listContacts reads the newest contacts with the row form first, then asks the index: both
    // must say the same for every kind of term.
    const { context } = await company();
    await createContact(context, { firstName: "Anne Marie", lastName: "D'Arc-Lévy", phone: "+35386123456" });
    await createContact(context, { firstName: "Luc", lastName: "Grâce", email: "grace_o%@x.io" });
    // Emails whose leading run of a-z and 0-9 (the index's 'e' lexeme) ends early or is empty.
    await createContact(context, { firstName: "Lukasz", lastName: "Nowak", email: "Łukasz.Nowak@x.pl" });
    await createContact(context, { firstName: "Ana", lastName: "Ibáñez", email: "Ñoño9@x.es" });
    const terms = [
      "gra",
      "grâce",
      "hop",
      "luc",
      "jean luc",
      "jean-luc pic",
      "d'arc",
      "levy",
      "marie",
      "ann",
      "zoë",
      "mul",
      "admir",
      "@navy",
      "navy.mil",
      "example.",
      "grace_",
      "grace_o%",
      "x.io",
      "o'br",
      "212",
      "(212) 555",
      "0142",
      "5678",
      "460958",
      "2125550142",
      "5550142",
      "612345678",
      "+44 2079460958",
      "+44 20",
      "+1 212",
      "+353 86",
      "861",
      "3456",
      "a.b",
      "[a]",
      "(x",
      "\\d+",
      ".*",
      "nothing",
      "zoe",
      "zoe.m",
      "elodie",
      "admiral",
      "grace hop",
      "luc grace",
      "luc gra",
      "łuk",
      "łukasz.n",
      "luk",
      "nowak",
      "nono",
      "nono9",
      "ñoño9@",
      "ana nono",
    ];
    const ids = async (term: string, form: "index" | "rows") =>
      (
        await getDb()
          .select({ id: contacts.id })
          .from(contacts)
          .where(
            and(
              eq(contacts.accountId, context.account.id),
              contactSearchCondition(context.account.id, term, contacts, form),
            ),
          )
          .orderBy(contacts.id)
      ).map((r) => r.id);
    let matched = 0;
    for (const term of terms) {
      const byIndex = await ids(term, "index");
      expect(await ids(term, "rows"), term).toEqual(byIndex);
      matched += byIndex.length;
    }
    expect(matched).toBeGreaterThan(25);
  });
});

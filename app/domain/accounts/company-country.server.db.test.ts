import { eq } from "drizzle-orm";
import { expect, test } from "vitest";
import { accounts, contacts, legalDocuments } from "#db/schema";
import { seedReferenceData } from "#db/seed";
import { latestCodeFor, signedInRequest } from "../../../tests/support/factories";
import { describeEachDatabase } from "../../../tests/support/test-database";
import { loadViewer, requireMember } from "../access/guard.server";
import { confirmSignUp, signUp } from "../auth/identity.server";
import { createContact } from "../contacts/contacts.server";
import { checkRow } from "../contacts/csv-rows";
import { createCompany, termsAcceptanceNeeded, updateCompany } from "./accounts.server";
import { companyCountry } from "./company-country.server";
import { countryFromLanguages } from "./country";
import { proposeSubdomain } from "./schemas";

const origin = { ip: "203.0.113.9", language: "en" as const };

/** A user who signed up (terms ticked) and confirmed, then created a company in `country`. */
async function signedUpCompany(name: string, country: string) {
  const email = `${name.toLowerCase()}-${Date.now()}@example.com`;
  expect(
    (await signUp({ email, givenName: "Ann", familyName: "Lee", password: "password-123456" }, origin)).ok,
  ).toBe(true);
  expect((await confirmSignUp(email, await latestCodeFor(email), origin)).ok).toBe(true);
  const [user] = await (await import("#db/client.server")).getDb().query.users.findMany({
    where: (u, { eq: equals }) => equals(u.email, email),
  });
  const viewer = await loadViewer(user.id);
  if (!viewer) throw new Error("no viewer");
  const slug = proposeSubdomain(name);
  const created = await createCompany(viewer, {
    company: name,
    url: "www.example.test",
    linkShortenerSubdomain: slug,
    chatstreamSubdomain: slug,
    country,
  });
  if (!created.ok) throw new Error(JSON.stringify(created.fieldErrors));
  return { user, accountId: created.accountId, member: await requireMember(await signedInRequest(user.id)) };
}

test("the country a browser's languages point to", () => {
  expect(countryFromLanguages("fr-FR,fr;q=0.9,en;q=0.8")).toBe("FR");
  expect(countryFromLanguages("en-GB,en;q=0.9")).toBe("GB");
  expect(countryFromLanguages("fr;q=0.9")).toBe("FR");
  expect(countryFromLanguages("de")).toBe("DE");
  expect(countryFromLanguages("")).toBe("US");
  expect(countryFromLanguages(null)).toBe("US");
});

test("subdomains proposed from the company name pass the seeded patterns' rules", () => {
  expect(proposeSubdomain("Maison Dupré & Fils")).toBe("maison-dupre-fils");
  expect(proposeSubdomain("  Acme.  ")).toBe("acme");
  expect(proposeSubdomain("A1")).toBe("a1-co");
  expect(proposeSubdomain("&&")).toBe("");
  expect(proposeSubdomain("x".repeat(80))).toHaveLength(63);
});

describeEachDatabase("company country and sign-up terms", (getDb) => {
  test("a French company reads '06 12 34 56 78' as a French mobile everywhere it parses phones", async () => {
    await seedReferenceData(getDb());
    const french = await signedUpCompany("Maison Dupré", "FR");
    const american = await signedUpCompany("Acme Corp", "US");
    expect(await companyCountry({ account: { id: french.accountId } })).toBe("FR");

    // Add contact (the page and the drawer both end here).
    const added = await createContact(french.member, {
      firstName: "Zoé",
      lastName: "Martin",
      phone: "06 12 34 56 78",
    });
    expect(added).toMatchObject({ ok: true, contact: { phone: "+33612345678" } });
    // A background job's scope ({ account: { id } }) reads the country from the database.
    const byJob = await createContact(
      { account: { id: french.accountId } },
      { firstName: "L", lastName: "B", phone: "07 98 76 54 32" },
    );
    expect(byJob).toMatchObject({ ok: true, contact: { phone: "+33798765432" } });
    // An explicit +country code wins over the company's country.
    expect(
      await createContact(french.member, { firstName: "U", lastName: "S", phone: "+1 201 555 0123" }),
    ).toMatchObject({
      ok: true,
      contact: { phone: "+12015550123" },
    });
    // The same digits mean nothing to a US company.
    expect(
      await createContact(american.member, { firstName: "Z", lastName: "M", phone: "06 12 34 56 78" }),
    ).toEqual({
      ok: false,
      reason: "invalid_phone",
    });

    // CSV import rows.
    const map = { firstName: 0, lastName: 1, phone: 2, email: 3, attributes: [], columnCount: 4 };
    expect(checkRow(["A", "B", "06 12 34 56 78", ""], map as never, 2, { country: "FR" })).toMatchObject({
      phone: "+33612345678",
    });
    expect(checkRow(["A", "B", "(201) 555-0123", ""], map as never, 2, { country: "US" })).toMatchObject({
      phone: "+12015550123",
    });

    // Settings → Organization changes it.
    expect(
      await updateCompany(american.member, { company: "Acme Corp", url: "www.acme.test", country: "GB" }),
    ).toBe(true);
    expect(
      await updateCompany(american.member, { company: "Acme Corp", url: "www.acme.test", country: "ZZ" }),
    ).toBe(false);
    const [row] = await getDb()
      .select({ country: accounts.country })
      .from(accounts)
      .where(eq(accounts.id, american.accountId));
    expect(row.country).toBe("GB");
    const [stored] = await getDb()
      .select({ phone: contacts.phone })
      .from(contacts)
      .where(eq(contacts.accountId, american.accountId));
    expect(stored).toBeUndefined();
  });

  test("companies created before countries existed read numbers as US ones", async () => {
    const [account] = await getDb()
      .insert(accounts)
      .values({ company: "Old", companyLowercased: "old", url: "old.test" })
      .returning();
    expect(account.country).toBe("US");
    expect(await companyCountry({ account: { id: account.id } })).toBe("US");
  });

  test("the terms ticked at sign-up count for the company then created; a newer version still asks", async () => {
    await seedReferenceData(getDb());
    const before = new Date(Date.now() - 60_000);
    await getDb().update(legalDocuments).set({ updatedAt: before }).where(eq(legalDocuments.kind, "terms"));
    const { user, member } = await signedUpCompany("Terms Co", "FR");
    expect(user.termsAcceptedAt).toBeInstanceOf(Date);
    expect(member.account.metadata.TnCAcceptedAt).toBe(user.termsAcceptedAt?.toISOString());
    expect(await termsAcceptanceNeeded(member)).toBe(false);

    await getDb()
      .update(legalDocuments)
      .set({ updatedAt: new Date(Date.now() + 1000) })
      .where(eq(legalDocuments.kind, "terms"));
    expect(await termsAcceptanceNeeded(member)).toBe(true);
  });
});

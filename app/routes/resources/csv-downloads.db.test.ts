import { eq } from "drizzle-orm";
import { RouterContextProvider } from "react-router";
import { expect, test } from "vitest";
import { contacts } from "#db/schema";
import { createAttribute } from "~/domain/contacts/attributes.server";
import { runCsvImport, startCsvImport } from "~/domain/contacts/csv-import.server";
import { signedInRequest } from "../../../tests/support/factories";
import { companyWithAdmin } from "../../../tests/support/team-factories";
import { describeEachDatabase } from "../../../tests/support/test-database";
import { loader as errorReportLoader } from "./csv-import-errors";
import { loader as sampleLoader } from "./csv-sample";

/** The CSV files users download carry no formula a spreadsheet program would run (OWASP CSV injection). */

type Company = Awaited<ReturnType<typeof companyWithAdmin>>;

async function download(loader: (args: never) => Promise<Response>, company: Company, url: string) {
  const request = await signedInRequest(company.admin.id, url);
  // A request's context as the root middleware leaves it: no language chosen, so English.
  const response = await loader({ request, params: {}, context: new RouterContextProvider() } as never);
  expect(response.status).toBe(200);
  return (await response.text()).replace(/^\uFEFF/, "").split("\r\n");
}

async function* streamOf(text: string) {
  yield new TextEncoder().encode(text);
}

async function importText(company: Company, text: string) {
  const started = await startCsvImport(
    company.context,
    { filename: "contacts.csv", productIds: [], source: streamOf(text) },
    async () => {},
  );
  if (!started.ok) throw new Error(`upload refused: ${JSON.stringify(started.problem)}`);
  await runCsvImport(started.importId);
  return started.importId;
}

describeEachDatabase("CSV downloads", (getDb) => {
  test("the sample file neutralises an attribute title that is a formula, and imports as it is", async () => {
    const company = await companyWithAdmin();
    const created = await createAttribute(company.context, {
      title: '=HYPERLINK("https://evil.example")',
      type: "STRING",
    });
    expect(created.ok).toBe(true);

    const lines = await download(
      sampleLoader as never,
      company,
      "http://localhost:3000/resources/csv-sample",
    );
    expect(lines[0]).toBe(`First Name,Last Name,Phone,Email,"'=HYPERLINK(""https://evil.example"")"`);
    expect(lines[2]).toBe("John,Smith,'+1 415 555 0198,,");

    // Its quoted phone number is read back as the number it was.
    await importText(company, `${lines.join("\r\n")}`);
    const stored = await getDb()
      .select({ firstName: contacts.firstName, phone: contacts.phone })
      .from(contacts)
      .where(eq(contacts.accountId, company.account.id))
      .orderBy(contacts.firstName);
    expect(stored).toEqual([
      { firstName: "Ana", phone: null },
      { firstName: "Jane", phone: "+12015550123" },
      { firstName: "John", phone: "+14155550198" },
    ]);
  });

  test("the error report neutralises the file's cells, header included, and keeps the rest as it was", async () => {
    const company = await companyWithAdmin();
    const importId = await importText(
      company,
      [
        "First Name,Last Name,Email,@Notes",
        `"=cmd|' /C calc'!A0",Lee,not-an-email,-2+3`,
        `Ann,"+Lee, Jr",,"\t=1"`,
        "Bo,Ray,bo@example.com,fine",
      ].join("\n"),
    );

    const lines = await download(
      errorReportLoader as never,
      company,
      `http://localhost:3000/resources/csv-import-errors?id=${importId}`,
    );
    expect(lines).toEqual([
      "Row,Reason,First Name,Last Name,Email,'@Notes",
      "2,Email “not-an-email”: Please enter a valid email.,'=cmd|' /C calc'!A0,Lee,not-an-email,'-2+3",
      `3,Phone number or email address is required.,Ann,"'+Lee, Jr",,'\t=1`,
      "",
    ]);
  });
});

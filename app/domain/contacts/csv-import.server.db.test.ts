import { readdirSync } from "node:fs";
import path from "node:path";
import { and, asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, expect, test, vi } from "vitest";
import { getDb as installedDb } from "#db/client.server";
import {
  attributes,
  contactAttributeValues,
  contactProducts,
  contacts,
  csvImportErrors,
  csvImports,
  products,
} from "#db/schema";
import { config, resetConfigForTests } from "~/config.server";
import { createProduct } from "~/domain/products/products.server";
import { resetStorageForTests } from "~/services/storage/storage.server";
import { type S3StandIn, startS3StandIn } from "../../../tests/support/stand-ins/s3";
import { companyWithAdmin } from "../../../tests/support/team-factories";
import { describeEachDatabase } from "../../../tests/support/test-database";
import { type CsvImportSummary, runCsvImport, startCsvImport } from "./csv-import.server";
import { getCsvImport, listCsvImports, readErrorReport } from "./csv-import-queries.server";

/** A file's bytes in small chunks, as an upload streams them. */
async function* streamOf(content: string | Uint8Array) {
  const bytes = typeof content === "string" ? new TextEncoder().encode(content) : content;
  // Small chunks for text (records cut anywhere), an upload's 64 KiB for binary data.
  const chunk = typeof content === "string" ? 5 : 65536;
  for (let i = 0; i < bytes.length; i += chunk) yield bytes.subarray(i, i + chunk);
}

type Company = Awaited<ReturnType<typeof companyWithAdmin>>;
const noQueue = async () => {};

async function upload(company: Company, content: string | Uint8Array, productIds: string[] = []) {
  return startCsvImport(
    company.context,
    { filename: "contacts.csv", productIds, source: streamOf(content) },
    noQueue,
  );
}

async function importFile(
  company: Company,
  content: string,
  options: { productIds?: string[]; batchSize?: number } = {},
): Promise<CsvImportSummary> {
  const started = await upload(company, content, options.productIds);
  if (!started.ok) throw new Error(`upload refused: ${JSON.stringify(started.problem)}`);
  await runCsvImport(started.importId, { batchSize: options.batchSize });
  return (await getCsvImport(company.context, started.importId))!;
}

async function addAttribute(company: Company, title: string, type: "DATE" | "STRING") {
  const [attribute] = await installedDb()
    .insert(attributes)
    .values({ accountId: company.account.id, title, type })
    .returning();
  return attribute;
}

/** Each contact's value of the attribute, by email. */
function valuesOf(attributeId: string) {
  return installedDb()
    .select({ email: contacts.email, value: contactAttributeValues.value })
    .from(contactAttributeValues)
    .innerJoin(contacts, eq(contacts.id, contactAttributeValues.contactId))
    .where(eq(contactAttributeValues.attributeId, attributeId))
    .orderBy(asc(contacts.email));
}

function uploadedFiles() {
  const root = path.resolve(config().DATA_DIR, "uploads");
  const walk = (dir: string): string[] => {
    try {
      return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
        e.isDirectory() ? walk(path.join(dir, e.name)) : [e.name],
      );
    } catch {
      return [];
    }
  };
  return walk(root);
}

let s3: S3StandIn;
beforeAll(async () => {
  s3 = await startS3StandIn();
});
afterAll(() => s3.close());

describeEachDatabase("CSV import of contacts", (getDb) => {
  const contactsOf = (accountId: string) =>
    getDb()
      .select({
        firstName: contacts.firstName,
        lastName: contacts.lastName,
        phone: contacts.phone,
        email: contacts.email,
      })
      .from(contacts)
      .where(eq(contacts.accountId, accountId))
      .orderBy(asc(contacts.firstName), asc(contacts.lastName));
  const errorsOf = async (importId: string) =>
    (
      await getDb()
        .select({ row: csvImportErrors.rowNumber, reason: csvImportErrors.reason, raw: csvImportErrors.raw })
        .from(csvImportErrors)
        .where(eq(csvImportErrors.importId, importId))
        .orderBy(asc(csvImportErrors.rowNumber))
    ).filter((e) => e.row > 1);

  test("imports the good rows, keeps the bad ones with their row and reason, lists unknown columns", async () => {
    const a = await companyWithAdmin();
    const file = [
      "First Name,LAST NAME,phone,Email,Shoe size",
      "Ann,Lee,(201) 555-0123,ANN@Example.com,42",
      ",Nobody,2015550124,,", // row 3: no first name
      "Bob,Stone,12,bob@example.com,", // row 4: phone too short
      "Cid,Marsh,,not-an-email,", // row 5: bad email, and so no contact point
      "Dee,Moss,,dee@example.com,",
      "Eve,Ray,,,", // row 7: neither phone nor email
    ].join("\n");

    const done = await importFile(a, file);

    expect(done).toMatchObject({
      status: "completed",
      rowsTotal: 6,
      rowsDone: 6,
      rowsImported: 2,
      rowsFailed: 4,
      unknownColumns: ["Shoe size"],
    });
    expect(await contactsOf(a.account.id)).toEqual([
      { firstName: "Ann", lastName: "Lee", phone: "+12015550123", email: "ann@example.com" },
      { firstName: "Dee", lastName: "Moss", phone: null, email: "dee@example.com" },
    ]);
    const errors = await errorsOf(done.id);
    expect(errors.map((e) => [e.row, JSON.parse(e.reason)])).toEqual([
      [3, [["firstNameRequired"]]],
      [4, [["phoneInvalid", { value: "12" }]]],
      [5, [["emailInvalid", { value: "not-an-email" }]]],
      [7, [["phoneOrEmail"]]],
    ]);
    expect(errors[1].raw).toBe("Bob,Stone,12,bob@example.com,");
    // The stored file is removed once the import is done.
    expect(uploadedFiles()).toEqual([]);
  });

  test("with S3_BUCKET set, the file goes to the bucket and is removed from it once imported", async () => {
    const keys = [
      "S3_BUCKET",
      "S3_ENDPOINT",
      "S3_FORCE_PATH_STYLE",
      "S3_ACCESS_KEY_ID",
      "S3_SECRET_ACCESS_KEY",
    ];
    Object.assign(process.env, {
      S3_BUCKET: s3.bucket,
      S3_ENDPOINT: s3.url,
      S3_FORCE_PATH_STYLE: "true",
      S3_ACCESS_KEY_ID: s3.accessKeyId,
      S3_SECRET_ACCESS_KEY: s3.secretAccessKey,
    });
    resetConfigForTests();
    resetStorageForTests();
    try {
      const a = await companyWithAdmin();
      const started = await upload(a, "First Name,Last Name,Phone\nAnn,Lee,(201) 555-0123\n");
      if (!started.ok) throw new Error("upload refused");
      // Uploaded to the bucket, not to the local disk.
      expect([...s3.objects.keys()]).toEqual([expect.stringMatching(/^csv-imports\//)]);
      expect(uploadedFiles()).toEqual([]);
      await runCsvImport(started.importId);
      expect(await getCsvImport(a.context, started.importId)).toMatchObject({
        status: "completed",
        rowsImported: 1,
      });
      expect(await contactsOf(a.account.id)).toEqual([
        { firstName: "Ann", lastName: "Lee", phone: "+12015550123", email: null },
      ]);
      expect(s3.objects.size).toBe(0);
    } finally {
      for (const key of keys) delete process.env[key];
      resetConfigForTests();
      resetStorageForTests();
    }
  });

  test("sets custom attribute values by title and links every imported contact to the chosen products", async () => {
    const a = await companyWithAdmin();
    const birthday = await addAttribute(a, "Birthday", "DATE");
    const product = await createProduct(a.context, "Gold plan");
    if (!product.ok) throw new Error("product");
    const file =
      "first name,last name,email,BIRTHDAY\nAnn,Lee,ann@example.com,1990-02-03\nBob,Ray,bob@example.com,\nCid,Fox,cid@example.com,1990-02-30\n";

    const done = await importFile(a, file, { productIds: [product.product.id] });

    expect(done).toMatchObject({ rowsImported: 2, rowsFailed: 1, unknownColumns: [] });
    expect(await valuesOf(birthday.id)).toEqual([{ email: "ann@example.com", value: "1990-02-03" }]);
    const links = await getDb()
      .select({ email: contacts.email })
      .from(contactProducts)
      .innerJoin(contacts, eq(contacts.id, contactProducts.contactId))
      .where(eq(contactProducts.productId, product.product.id))
      .orderBy(asc(contacts.email));
    expect(links).toEqual([{ email: "ann@example.com" }, { email: "bob@example.com" }]);
    const [error] = await errorsOf(done.id);
    expect(JSON.parse(error.reason)).toEqual([
      ["attributeInvalid", { title: "Birthday", message: "contacts.validation.dateInvalid" }],
    ]);
  });

  test("a new import replaces the attribute values of contacts it matches and sets those of new ones", async () => {
    const a = await companyWithAdmin();
    const tier = await addAttribute(a, "Tier", "STRING");
    await importFile(
      a,
      "first name,last name,email,tier\nAnn,Lee,ann@example.com,Gold\nBob,Ray,bob@example.com,Silver\n",
    );
    const done = await importFile(
      a,
      "first name,last name,email,tier\nAnn,Lee,ann@example.com,Bronze\nCid,Fox,cid@example.com,Gold\n",
    );

    expect(done).toMatchObject({ rowsImported: 2, rowsFailed: 0 });
    expect(await valuesOf(tier.id)).toEqual([
      { email: "ann@example.com", value: "Bronze" },
      { email: "bob@example.com", value: "Silver" },
      { email: "cid@example.com", value: "Gold" },
    ]);
  });

  test("two rows that match one contact, one by phone and one by email: the later row wins", async () => {
    const a = await companyWithAdmin();
    await getDb().insert(contacts).values({
      accountId: a.account.id,
      firstName: "Old",
      lastName: "Both",
      phone: "+12015550201",
      email: "same@example.com",
    });
    // No phone or email repeats within the file (the merge's shorter form), yet rows 2 and 3 are
    // the same contact.
    const file = [
      "First Name,Last Name,Phone,Email",
      "By,Phone,(201) 555-0201,",
      "By,Email,,SAME@example.com",
      "Someone,New,+1 201 555 0202,new@example.com",
    ].join("\n");

    const done = await importFile(a, file);

    expect(done).toMatchObject({ rowsImported: 3, rowsFailed: 0 });
    expect(await contactsOf(a.account.id)).toEqual([
      { firstName: "By", lastName: "Email", phone: "+12015550201", email: "same@example.com" },
      { firstName: "Someone", lastName: "New", phone: "+12015550202", email: "new@example.com" },
    ]);
  });

  test("upserts: matched by phone first, then by email; a row that is two contacts at once is refused", async () => {
    const a = await companyWithAdmin();
    await getDb()
      .insert(contacts)
      .values([
        { accountId: a.account.id, firstName: "Old", lastName: "Phone", phone: "+12015550101", email: null },
        {
          accountId: a.account.id,
          firstName: "Old",
          lastName: "Email",
          phone: null,
          email: "mail@example.com",
        },
        {
          accountId: a.account.id,
          firstName: "Other",
          lastName: "One",
          phone: "+12015550109",
          email: "other@example.com",
        },
      ]);
    const file = [
      "First Name,Last Name,Phone,Email",
      "New,Phone,201-555-0101,phone@example.com", // matched by phone: gets the email
      "New,Email,201 555 0102,MAIL@example.com", // matched by email: gets the phone
      "Two,People,2015550101,other@example.com", // phone of one contact, email of another
      "Brand,New,2015550103,",
    ].join("\n");

    const done = await importFile(a, file);

    expect(done).toMatchObject({ rowsImported: 3, rowsFailed: 1 });
    expect(await contactsOf(a.account.id)).toEqual([
      { firstName: "Brand", lastName: "New", phone: "+12015550103", email: null },
      { firstName: "New", lastName: "Email", phone: "+12015550102", email: "mail@example.com" },
      { firstName: "New", lastName: "Phone", phone: "+12015550101", email: "phone@example.com" },
      { firstName: "Other", lastName: "One", phone: "+12015550109", email: "other@example.com" },
    ]);
    expect((await errorsOf(done.id)).map((e) => [e.row, JSON.parse(e.reason)])).toEqual([
      [4, [["contactConflict"]]],
    ]);
  });

  test("a phone or email that repeats in the file: the later row wins, as if applied in order", async () => {
    const a = await companyWithAdmin();
    const file =
      "first name,last name,phone,email\nA,One,2015550111,a@example.com\nA,Two,2015550111,\nB,One,,b@example.com\nB,Two,2015550112,b@example.com\n";

    const done = await importFile(a, file);

    expect(done).toMatchObject({ rowsImported: 4, rowsFailed: 0 });
    expect(await contactsOf(a.account.id)).toEqual([
      { firstName: "A", lastName: "Two", phone: "+12015550111", email: null },
      { firstName: "B", lastName: "Two", phone: "+12015550112", email: "b@example.com" },
    ]);
  });

  test("semicolons, a byte order mark, quotes and line breaks inside fields", async () => {
    const a = await companyWithAdmin();
    const file = '\uFEFFFirst Name;Last Name;Email\r\n"Ann ""Jo""";"Lee;\r\nSmith";ann@example.com\r\n';

    const done = await importFile(a, file);

    expect(done.rowsImported).toBe(1);
    expect(await contactsOf(a.account.id)).toEqual([
      { firstName: 'Ann "Jo"', lastName: "Lee;\r\nSmith", phone: null, email: "ann@example.com" },
    ]);
  });

  test("after a crash between batches the retry resumes after the last committed batch", async () => {
    const a = await companyWithAdmin();
    const lines = ["first name,last name,email"];
    for (let i = 1; i <= 10; i++)
      lines.push(i % 4 === 0 ? `,Bad${i},x${i}@example.com` : `P${i},L,p${i}@example.com`);
    const started = await upload(a, `${lines.join("\n")}\n`);
    if (!started.ok) throw new Error("refused");

    let batches = 0;
    const crash = async () => {
      batches += 1;
      if (batches === 2) throw new Error("worker killed");
    };
    await expect(runCsvImport(started.importId, { batchSize: 3, afterBatch: crash })).rejects.toThrow(
      "worker killed",
    );
    const [halfway] = await getDb().select().from(csvImports).where(eq(csvImports.id, started.importId));
    expect(halfway).toMatchObject({ status: "processing", committedRows: 6, rowsDone: 6 });

    await runCsvImport(started.importId, { batchSize: 3 });

    const done = await getCsvImport(a.context, started.importId);
    expect(done).toMatchObject({ status: "completed", rowsDone: 10, rowsImported: 8, rowsFailed: 2 });
    expect((await contactsOf(a.account.id)).length).toBe(8);
    expect((await errorsOf(started.importId)).map((e) => e.row)).toEqual([5, 9]);
    // A finished import is not run again.
    await runCsvImport(started.importId, { batchSize: 3 });
    expect((await contactsOf(a.account.id)).length).toBe(8);
  });

  test("a batch that fails in the database leaves nothing of itself behind", async () => {
    const a = await companyWithAdmin();
    const product = await createProduct(a.context, "Doomed");
    if (!product.ok) throw new Error("product");
    const started = await upload(
      a,
      "first name,last name,email\nAnn,Lee,ann@example.com\n,X,bad@example.com\n",
      [product.product.id],
    );
    if (!started.ok) throw new Error("refused");
    // The product goes away before the job runs: linking to it breaks the batch's merge.
    await getDb().delete(products).where(eq(products.id, product.product.id));

    await expect(runCsvImport(started.importId)).rejects.toThrow();

    expect(await contactsOf(a.account.id)).toEqual([]);
    expect(await errorsOf(started.importId)).toEqual([]);
    const [row] = await getDb().select().from(csvImports).where(eq(csvImports.id, started.importId));
    expect(row).toMatchObject({ committedRows: 0, rowsDone: 0, status: "processing" });
    // On the last attempt the failure is recorded for the user, and its details are logged.
    vi.spyOn(console, "error").mockImplementation(() => {});
    await expect(runCsvImport(started.importId, { lastAttempt: true })).rejects.toThrow();
    expect(await getCsvImport(a.context, started.importId)).toMatchObject({
      status: "failed",
      error: { key: "processingFailed" },
    });
  });

  test("an attribute deleted during an import fails the next batch, which writes no value of it; the retry goes on without it", async () => {
    // Attribute values have no foreign keys (migration 0037): the merge locks the batch's attributes.
    const a = await companyWithAdmin();
    const tier = await addAttribute(a, "Tier", "STRING");
    const started = await upload(
      a,
      "first name,last name,email,tier\nAnn,Lee,ann@example.com,Gold\nBob,Ray,bob@example.com,Silver\nCid,Fox,cid@example.com,Gold\n",
    );
    if (!started.ok) throw new Error("refused");
    let batches = 0;
    const deleteTier = async () => {
      batches += 1;
      if (batches === 1) await getDb().delete(attributes).where(eq(attributes.id, tier.id));
    };

    await expect(runCsvImport(started.importId, { batchSize: 1, afterBatch: deleteTier })).rejects.toThrow(
      "no longer the company's",
    );
    expect((await contactsOf(a.account.id)).map((c) => c.email)).toEqual(["ann@example.com"]);
    expect(await getDb().select().from(contactAttributeValues)).toEqual([]);

    await runCsvImport(started.importId, { batchSize: 1 });
    expect(await getCsvImport(a.context, started.importId)).toMatchObject({
      status: "completed",
      rowsImported: 3,
    });
    expect((await contactsOf(a.account.id)).length).toBe(3);
    expect(await getDb().select().from(contactAttributeValues)).toEqual([]);
  });

  test("malformed files are refused with a clear reason and change nothing", async () => {
    const a = await companyWithAdmin();
    const wide = Array.from({ length: 1000 }, (_, i) => `column ${i}`).join(",");
    const cases: [string | Uint8Array, string][] = [
      [new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d]), "fileErrors.binary"],
      [
        new Uint8Array([...new TextEncoder().encode("first name,last name,email\nJos"), 0xe9, 0x0a]),
        "fileErrors.notUtf8",
      ],
      [
        new Uint8Array([
          0xff,
          0xfe,
          ...Buffer.from("first name,last name,email\nAnn,Lee,a@example.com\n", "utf16le"),
        ]),
        "fileErrors.notUtf8",
      ],
      ["", "fileErrors.empty"],
      ["first name,last name,email\n", "fileErrors.headerOnly"],
      [`${wide}\n${"x,".repeat(999)}x\n`, "fileErrors.tooManyColumns"],
      ["colour,size\nred,42\n", "fileErrors.noKnownColumn"],
      ["email,notes\na@example.com,x\n", "fileErrors.missingColumns"],
      ['first name,last name,email\nAnn,"Lee,ann@example.com\n', "fileErrors.unclosedQuote"],
    ];
    for (const [content, key] of cases) {
      const result = await upload(a, content);
      expect(result, key).toMatchObject({ ok: false, problem: { key } });
    }
    expect(await getDb().select().from(csvImports)).toEqual([]);
    expect(await contactsOf(a.account.id)).toEqual([]);
    expect(uploadedFiles()).toEqual([]);
  });

  test("imports, error reports and products are the company's own", async () => {
    const a = await companyWithAdmin();
    const b = await companyWithAdmin();
    const bProduct = await createProduct(b.context, "B's product");
    if (!bProduct.ok) throw new Error("product");
    const done = await importFile(
      a,
      "first name,last name,email\nAnn,Lee,ann@example.com\n,X,x@example.com\n",
    );

    expect(await getCsvImport(b.context, done.id)).toBeNull();
    expect(await readErrorReport(b.context, done.id)).toBeNull();
    expect(await getCsvImport(b.context, "not-a-uuid")).toBeNull();
    expect((await listCsvImports(b.context)).map((i) => i.id)).toEqual([]);
    expect((await listCsvImports(a.context)).map((i) => i.id)).toEqual([done.id]);
    expect(
      await upload(a, "first name,last name,email\nZed,Z,z@example.com\n", [bProduct.product.id]),
    ).toEqual({
      ok: false,
      problem: { key: "productNotFound" },
    });
    expect(await contactsOf(b.account.id)).toEqual([]);

    const report = await readErrorReport(a.context, done.id);
    expect(report?.header).toBe("first name,last name,email");
    const pages = [];
    for await (const page of report!.lines) pages.push(...page);
    expect(pages).toEqual([{ row: 3, reasons: [["firstNameRequired"]], raw: ",X,x@example.com" }]);
  });

  test("the same phone in two companies makes two contacts", async () => {
    const a = await companyWithAdmin();
    const b = await companyWithAdmin();
    const file = "first name,last name,phone\nAnn,Lee,2015550123\n";
    await importFile(a, file);
    await importFile(b, file);
    const rows = await getDb()
      .select({ accountId: contacts.accountId })
      .from(contacts)
      .where(and(eq(contacts.phone, "+12015550123")));
    expect(rows.map((r) => r.accountId).sort()).toEqual([a.account.id, b.account.id].sort());
  });

  test("attribute values and product links carry their contact's company (the merge keeps the tenant rule)", async () => {
    // Their account_id has no foreign key of its own (a check per row the import paid for): the
    // merge writes the batch's company, and only for that company's contacts.
    const companies = [await companyWithAdmin(), await companyWithAdmin()];
    for (const company of companies) {
      await getDb()
        .insert(attributes)
        .values({ accountId: company.account.id, title: "Tier", type: "STRING" });
      const product = await createProduct(company.context, "Plan");
      if (!product.ok) throw new Error("product");
      // The same phone and email in both companies: matched and updated within each company only.
      const file = "first name,last name,phone,email,tier\nAnn,Lee,2015550123,ann@example.com,Gold\n";
      await importFile(company, file, { productIds: [product.product.id] });
      await importFile(company, file.replace("Gold", "Silver"), { productIds: [product.product.id] });
    }
    const values = await getDb()
      .select({ valueAccount: contactAttributeValues.accountId, contactAccount: contacts.accountId })
      .from(contactAttributeValues)
      .innerJoin(contacts, eq(contacts.id, contactAttributeValues.contactId))
      .innerJoin(attributes, eq(attributes.id, contactAttributeValues.attributeId));
    const links = await getDb()
      .select({ linkAccount: contactProducts.accountId, contactAccount: contacts.accountId })
      .from(contactProducts)
      .innerJoin(contacts, eq(contacts.id, contactProducts.contactId));
    for (const company of companies) {
      const id = company.account.id;
      expect(values.filter((v) => v.contactAccount === id)).toEqual([
        { valueAccount: id, contactAccount: id },
      ]);
      expect(links.filter((l) => l.contactAccount === id)).toEqual([{ linkAccount: id, contactAccount: id }]);
    }
  });
});

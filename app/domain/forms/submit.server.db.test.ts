import { solveChallenge } from "altcha-lib";
import { deriveKey } from "altcha-lib/algorithms/pbkdf2";
import { eq, sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, beforeEach, expect, test, vi } from "vitest";
import { rowsOf } from "#db/rows";
import {
  accounts,
  consentEvents,
  contactAttributeValues,
  contactProducts,
  contacts,
  enrollments,
  formSubmissions,
  formViewCounts,
  pendingFormSubmissions,
  productAttributeValues,
  usedCaptchas,
} from "#db/schema";
import { resetConfigForTests } from "~/config.server";
import { createAttribute } from "~/domain/contacts/attributes.server";
import { createContact } from "~/domain/contacts/contacts.server";
import type { AccountScope } from "~/domain/kernel/scope";
import { createProduct } from "~/domain/products/products.server";
import { issueAltchaChallenge, verifyCaptcha } from "~/services/captcha/captcha.server";
import { stopJobs } from "~/services/jobs/jobs.server";
import { companyWithAdmin } from "../../../tests/support/team-factories";
import { describeEachDatabase } from "../../../tests/support/test-database";
import { applyPendingSubmissions, runApplySubmissionsJob } from "./apply-submissions.server";
import { DEFAULT_CONSENT_TEXT, defaultFormDocument, type FormElement } from "./form-document";
import { withCustomElements } from "./form-elements";
import { createForm, deleteForm, setPublished, updateForm } from "./forms.server";
import { submittedValues } from "./public-fields";
import {
  clearPublicFormCache,
  flushPageLoads,
  loadPublicForm,
  type PublicForm,
  recordPageLoad,
} from "./public-form.server";
import { type SubmitInput, submitPublicForm } from "./submit.server";

/** A submission as a visitor makes it, then the apply job's run: the result, and the contact it made. */
async function submitAndApply(submission: SubmitInput) {
  const result = await submitPublicForm(submission);
  const { applied } = await applyPendingSubmissions();
  const mine = applied.find((a) => a.idempotencyKey === submission.idempotencyKey);
  return { result, contactId: mine?.contactId };
}

beforeAll(() => {
  // Cheap proofs of work: the test solves them in-process.
  process.env.ALTCHA_COST = "5";
  process.env.ALTCHA_MAX_NUMBER = "30";
  resetConfigForTests();
});
afterAll(() => {
  delete process.env.ALTCHA_COST;
  delete process.env.ALTCHA_MAX_NUMBER;
  resetConfigForTests();
});
beforeEach(() => clearPublicFormCache());
// Storing a submission queues its apply job: the job queue is opened on the test's database.
afterEach(() => stopJobs());

async function solvedToken(): Promise<string> {
  const challenge = await issueAltchaChallenge();
  const solution = await solveChallenge({ challenge, deriveKey });
  if (!solution) throw new Error("not solved");
  return Buffer.from(JSON.stringify({ challenge, solution })).toString("base64");
}

/** One visitor's answers to setUp's form: Bo Li of Oslo, for the panels. */
function boLi(s: { city: string; panels: string }) {
  return {
    "First Name": "Bo",
    "Last Name": "Li",
    "Phone No.": "2015550199",
    [`contact.attribute.${s.city}`]: "Oslo",
    product: s.panels,
  };
}

async function setUp(language: "en" | "fr" = "en") {
  const a = await companyWithAdmin("Acme Solar");
  const scope: AccountScope = { account: { id: a.account.id } };
  const product = async (name: string) => {
    const r = await createProduct(scope, name);
    if (!r.ok) throw new Error(r.reason);
    return r.product.id;
  };
  const attribute = async (title: string, type: string, attributeScope = "contact") => {
    const r = await createAttribute(scope, { title, type, scope: attributeScope });
    if (!r.ok) throw new Error(r.reason);
    return r.attribute.id;
  };
  const panels = await product("Panels");
  const battery = await product("Battery");
  const city = await attribute("City", "STRING");
  const source = await attribute("Source", "STRING");
  const size = await attribute("Roof size", "INTEGER", "product");
  const custom: FormElement[] = [
    {
      id: "city",
      type: "input",
      htmlType: "text",
      label: "City",
      attributeType: "contact-attribute",
      attributeId: city,
      isRequired: true,
    },
    {
      id: "size",
      type: "input",
      htmlType: "number",
      label: "Roof size",
      attributeType: "contact-product-attribute",
      attributeId: size,
      product: panels,
    },
    {
      id: "product",
      type: "dropdown",
      label: "Product",
      attributeType: "product",
      isRequired: true,
      options: [
        { label: "Panels", value: panels },
        { label: "Battery", value: battery },
      ],
    },
    {
      id: "source",
      type: "dropdown",
      label: "Source",
      attributeType: "contact-attribute",
      attributeId: source,
      isHidden: true,
      options: [{ label: "Fair", value: "fair-2026" }],
      isCheckedIndex: 0,
    },
  ];
  const base = defaultFormDocument();
  const created = await createForm(scope, {
    ...base,
    elements: withCustomElements(base.elements, custom),
    style: { ...base.style, formLanguage: language },
  });
  if (!created.ok) throw new Error("form");
  await setPublished(scope, created.form.id, true);
  const state = await loadPublicForm(created.form.id);
  if (state.status !== "ok") throw new Error(state.status);
  return { a, scope, form: state.form, panels, battery, city, source, size };
}

function input(
  form: PublicForm,
  values: Record<string, string>,
  extra: Partial<SubmitInput> = {},
): SubmitInput {
  return {
    form,
    posted: submittedValues(Object.entries(values)),
    productId: null,
    idempotencyKey: "key-0000000000000001",
    captchaToken: null,
    ip: "203.0.113.9",
    ...extra,
  };
}

const captchaOk = (n: number) => ({
  ok: true as const,
  singleUseKey: `test:${n}`,
  expiresAt: new Date(Date.now() + 60_000),
});

describeEachDatabase("public form submissions", (getDb) => {
  test("every key shape of §3.5 lands: contact, attributes, hidden preset, products, product attribute, consent", async () => {
    const s = await setUp();
    const { result, contactId } = await submitAndApply(
      input(
        s.form,
        {
          "First Name": "Ada",
          "Last Name": "Lovelace",
          "Phone No.": "(201) 555-0147",
          Email: "Ada@Example.com",
          [`contact.attribute.${s.city}`]: "Lyon",
          [`contact.product.attribute.${s.size}:::${s.panels}`]: "42",
          product: s.battery,
          // A visitor cannot change a hidden field: its preset is stored.
          [`contact.attribute.${s.source}`]: "forged",
        },
        { captchaToken: await solvedToken() },
      ),
    );
    expect(result).toEqual({ ok: true, replay: false });
    const [contact] = await getDb()
      .select()
      .from(contacts)
      .where(eq(contacts.id, contactId ?? ""));
    expect(contact).toMatchObject({
      firstName: "Ada",
      lastName: "Lovelace",
      phone: "+12015550147",
      email: "ada@example.com",
      smsConsent: "opted_in",
    });
    const values = await getDb()
      .select()
      .from(contactAttributeValues)
      .where(eq(contactAttributeValues.contactId, contact.id));
    expect(Object.fromEntries(values.map((v) => [v.attributeId, v.value]))).toEqual({
      [s.city]: "Lyon",
      [s.source]: "fair-2026",
    });
    const links = await getDb()
      .select()
      .from(contactProducts)
      .where(eq(contactProducts.contactId, contact.id));
    expect(links.map((l) => l.productId).sort()).toEqual([s.panels, s.battery].sort());
    const panelsLink = links.find((l) => l.productId === s.panels);
    const productValues = await getDb().select().from(productAttributeValues);
    expect(productValues).toEqual([
      expect.objectContaining({ contactProductId: panelsLink?.id, attributeId: s.size, value: "42" }),
    ]);
    expect(
      await getDb().select().from(enrollments).where(eq(enrollments.contactId, contact.id)),
    ).toHaveLength(2);
    const [consent] = await getDb()
      .select()
      .from(consentEvents)
      .where(eq(consentEvents.contactId, contact.id));
    expect(consent).toMatchObject({ kind: "opt_in", source: "form", ip: "203.0.113.9" });
    expect(consent.consentText).toContain(
      "marketing text messages from Acme Solar at the phone number provided",
    );
    expect(consent.consentText).not.toContain("<p>");
    expect(DEFAULT_CONSENT_TEXT).toContain("{{COMPANY}}");
    const [submission] = await getDb().select().from(formSubmissions);
    expect(submission).toMatchObject({
      formId: s.form.form.id,
      contactId: contact.id,
      consentText: consent.consentText,
    });
  });

  test("a French form's translated labels are mapped back to the default fields", async () => {
    const s = await setUp("fr");
    expect(s.form.fields.slice(0, 4).map((f) => f.label)).toEqual([
      "Prénom",
      "Nom",
      "N° de téléphone",
      "E-mail",
    ]);
    const { result } = await submitAndApply(
      input(
        s.form,
        {
          Prénom: "Émile",
          Nom: "Zola",
          "N° de téléphone": "+33 6 12 34 56 78",
          [`contact.attribute.${s.city}`]: "Paris",
          product: s.panels,
        },
        { captcha: captchaOk(1) },
      ),
    );
    expect(result.ok).toBe(true);
    const [contact] = await getDb().select().from(contacts);
    expect(contact).toMatchObject({ firstName: "Émile", lastName: "Zola", phone: "+33612345678" });
  });

  test("a number written without its country code is read in the company's country", async () => {
    const s = await setUp();
    await getDb().update(accounts).set({ country: "FR" }).where(eq(accounts.id, s.a.account.id));
    clearPublicFormCache();
    const state = await loadPublicForm(s.form.form.id);
    if (state.status !== "ok") throw new Error(state.status);
    const { result } = await submitAndApply(
      input(
        state.form,
        {
          "First Name": "Émile",
          "Last Name": "Zola",
          "Phone No.": "06 12 34 56 78",
          [`contact.attribute.${s.city}`]: "Paris",
          product: s.panels,
        },
        { captcha: captchaOk(1) },
      ),
    );
    expect(result.ok).toBe(true);
    const [contact] = await getDb().select().from(contacts);
    expect(contact).toMatchObject({ firstName: "Émile", phone: "+33612345678" });
  });

  test("§5.3 messages come back and nothing is written; the captcha is not spent", async () => {
    const s = await setUp();
    const token = await solvedToken();
    const result = await submitPublicForm(
      input(
        s.form,
        { "First Name": "", "Last Name": "X", "Phone No.": "12", Email: "nope", product: "" },
        { captchaToken: token },
      ),
    );
    expect(result).toEqual({
      ok: false,
      reason: "invalid",
      errors: {
        "First Name": "Please enter first name!",
        "Phone No.": "Please enter valid phone no.!",
        Email: "Please enter a valid email address!",
        [`contact.attribute.${s.city}`]: "Please enter city!",
        product: "Please select value!",
      },
    });
    await applyPendingSubmissions();
    expect(await getDb().select().from(contacts)).toHaveLength(0);
    expect(await getDb().select().from(formSubmissions)).toHaveLength(0);
    expect(await getDb().select().from(pendingFormSubmissions)).toHaveLength(0);
    expect(await getDb().select().from(usedCaptchas)).toHaveLength(0);
  });

  test("a double click or a replayed post writes nothing twice; a spent captcha is refused for a new post", async () => {
    const s = await setUp();
    const values = boLi(s);
    const token = await solvedToken();
    const both = await Promise.all([
      submitPublicForm(input(s.form, values, { captchaToken: token })),
      submitPublicForm(input(s.form, values, { captchaToken: token })),
    ]);
    expect(both.every((r) => r.ok)).toBe(true);
    expect(both.filter((r) => r.ok && r.replay)).toHaveLength(1);
    // Before the apply: the same key with a fresh captcha (a retried post) is the pending submission.
    const fresh = await solvedToken();
    expect(await submitPublicForm(input(s.form, values, { captchaToken: fresh }))).toEqual({
      ok: true,
      replay: true,
    });
    expect(await getDb().select().from(pendingFormSubmissions)).toHaveLength(1);
    expect((await applyPendingSubmissions()).applied).toHaveLength(1);
    // After it: still the first submission, and the fresh captcha still unspent for another post.
    const again = await submitPublicForm(input(s.form, values, { captchaToken: await solvedToken() }));
    expect(again).toEqual({ ok: true, replay: true });
    // The spent captcha with a new key (a bot replaying a solution): refused.
    const replayed = await submitPublicForm(
      input(s.form, values, { captchaToken: token, idempotencyKey: "key-0000000000000002" }),
    );
    expect(replayed).toEqual({ ok: false, reason: "captcha" });
    const other = await submitPublicForm(
      input(s.form, values, { captchaToken: fresh, idempotencyKey: "key-0000000000000003" }),
    );
    expect(other).toEqual({ ok: true, replay: false });
    await applyPendingSubmissions();
    expect(await getDb().select().from(contacts)).toHaveLength(1);
    expect(await getDb().select().from(formSubmissions)).toHaveLength(2);
    expect(await getDb().select().from(consentEvents)).toHaveLength(2);
    expect(await getDb().select().from(pendingFormSubmissions)).toHaveLength(0);
  });

  test("the same key or captcha twice in one batch: the first is stored, the key again is a replay, the captcha again refused", async () => {
    const s = await setUp();
    const values = boLi(s);
    const { storePendingSubmissions } = await import("./submit.server");
    const pending = (key: string, captcha: string) => ({
      formId: s.form.form.id,
      accountId: s.scope.account.id,
      idempotencyKey: key,
      payload: {
        values,
        contact: { firstName: "Bo", lastName: "Li", phone: "+12015550199", email: null },
        contactAttributes: {},
        productAttributes: {},
        productIds: [s.panels],
      },
      consentText: "I agree",
      ip: null,
      submittedAt: new Date(),
      captcha: { key: captcha, expiresAt: new Date(Date.now() + 60_000) },
    });
    expect(
      await storePendingSubmissions([
        pending("key-a-000000000000000", "c1"),
        pending("key-a-000000000000000", "c1"),
        pending("key-b-000000000000000", "c1"),
        pending("key-c-000000000000000", "c2"),
      ]),
    ).toEqual(["stored", "replay", "captcha", "stored"]);
    expect(await getDb().select().from(pendingFormSubmissions)).toHaveLength(2);
    expect(await getDb().select().from(usedCaptchas)).toHaveLength(2);
  });

  test("a contact is found by phone first, then by email, in the form's company only", async () => {
    const s = await setUp();
    const other = await companyWithAdmin();
    await createContact(
      { account: { id: other.account.id } },
      { firstName: "O", lastName: "T", phone: "+12015550100" },
    );
    const byEmail = await createContact(s.scope, {
      firstName: "Old",
      lastName: "Name",
      email: "kim@example.com",
    });
    const byPhone = await createContact(s.scope, { firstName: "Ph", lastName: "One", phone: "+12015550100" });
    if (!byEmail.ok || !byPhone.ok) throw new Error("contacts");
    const base = { "Last Name": "Kim", [`contact.attribute.${s.city}`]: "Rome", product: s.panels };
    const first = await submitAndApply(
      input(
        s.form,
        { ...base, "First Name": "Jo", "Phone No.": "201-555-0100", Email: "kim@example.com" },
        { captcha: captchaOk(2) },
      ),
    );
    expect(first.contactId).toBe(byPhone.contact.id);
    const second = await submitAndApply(
      input(
        s.form,
        { ...base, "First Name": "Kim", "Phone No.": "2015550123", Email: "KIM@example.com" },
        { captcha: captchaOk(3), idempotencyKey: "key-0000000000000003" },
      ),
    );
    expect(second.contactId).toBe(byEmail.contact.id);
    const [updated] = await getDb().select().from(contacts).where(eq(contacts.id, byEmail.contact.id));
    expect(updated).toMatchObject({ firstName: "Kim", phone: "+12015550123", smsConsent: "opted_in" });
    const [phoneOwner] = await getDb().select().from(contacts).where(eq(contacts.id, byPhone.contact.id));
    // The email belongs to the other contact: the phone's contact keeps none.
    expect(phoneOwner.email).toBeNull();
  });

  test("?productId= preselects the product and hides its field", async () => {
    const s = await setUp();
    const { fieldsForProduct } = await import("./public-page.server");
    const form = { ...s.form, fields: fieldsForProduct(s.form.fields, s.battery) };
    const { result } = await submitAndApply(
      input(
        form,
        {
          "First Name": "P",
          "Last Name": "Q",
          "Phone No.": "2015550111",
          [`contact.attribute.${s.city}`]: "Nice",
          product: s.panels,
        },
        { captcha: captchaOk(4), productId: s.battery },
      ),
    );
    expect(result.ok).toBe(true);
    expect((await getDb().select().from(contactProducts)).map((l) => l.productId)).toEqual([s.battery]);
  });

  /** A valid post of a new visitor n (its own key, phone, email and captcha). */
  const visitor = (s: Awaited<ReturnType<typeof setUp>>, n: number, extra: Partial<SubmitInput> = {}) =>
    input(
      s.form,
      {
        "First Name": `V${n}`,
        "Last Name": "Visitor",
        "Phone No.": `201555${String(1000 + n)}`,
        Email: `v${n}@example.com`,
        [`contact.attribute.${s.city}`]: "Oslo",
        product: s.panels,
      },
      { captcha: captchaOk(100 + n), idempotencyKey: `key-visitor-${String(n).padStart(8, "0")}`, ...extra },
    );

  const counts = async () => {
    const [row] = rowsOf<Record<string, number>>(
      await getDb().execute(sql`
      select (select count(*)::int from contacts) as contacts,
             (select count(*)::int from consent_events) as consents,
             (select count(*)::int from form_submissions) as submissions,
             (select count(*)::int from contact_products) as links,
             (select count(*)::int from pending_form_submissions) as pending,
             (select coalesce(sum(form_submissions), 0)::int from analytics_audience_daily) as counted_submissions,
             (select coalesce(sum(opt_ins), 0)::int from analytics_audience_daily) as counted_opt_ins,
             (select coalesce(sum(new_contacts), 0)::int from analytics_audience_daily) as counted_contacts`),
    );
    return row;
  };

  test("a submission waits as pending until the job applies it, with the submission's time and address", async () => {
    const s = await setUp();
    const submittedAt = new Date("2026-11-20T10:00:00Z");
    expect(await submitPublicForm(visitor(s, 1, { now: submittedAt }))).toEqual({ ok: true, replay: false });
    expect(await counts()).toMatchObject({ contacts: 0, consents: 0, submissions: 0, pending: 1 });
    expect(await getDb().select().from(usedCaptchas)).toEqual([
      expect.objectContaining({ signature: "test:101" }),
    ]);
    expect(await runApplySubmissionsJob()).toBe(1);
    expect(await counts()).toMatchObject({ contacts: 1, consents: 1, submissions: 1, links: 1, pending: 0 });
    const [consent] = await getDb().select().from(consentEvents);
    expect(consent).toMatchObject({ ip: "203.0.113.9", createdAt: submittedAt });
    expect(consent.consentText).toContain("marketing text messages from Acme Solar");
    const [submission] = await getDb().select().from(formSubmissions);
    expect(submission.createdAt).toEqual(submittedAt);
    expect(await runApplySubmissionsJob()).toBe(0);
  });

  test("two workers at once and a retried job apply each submission once, counted once by analytics", async () => {
    const s = await setUp();
    for (let n = 1; n <= 5; n++) expect((await submitPublicForm(visitor(s, n))).ok).toBe(true);
    // The same visitor again under another key: the same contact, a second submission and consent.
    await submitPublicForm(
      visitor(s, 1, { captcha: captchaOk(999), idempotencyKey: "key-visitor-again-01" }),
    );
    await Promise.all([applyPendingSubmissions({ limit: 2 }), applyPendingSubmissions({ limit: 2 })]);
    await runApplySubmissionsJob();
    await runApplySubmissionsJob();
    expect(await counts()).toEqual({
      contacts: 5,
      consents: 6,
      submissions: 6,
      links: 5,
      pending: 0,
      counted_submissions: 6,
      counted_opt_ins: 6,
      counted_contacts: 5,
    });
    expect(await getDb().select().from(enrollments)).toHaveLength(5);
  });

  test("a crash between two steps of a batch leaves it all pending; the next run applies each once", async () => {
    const s = await setUp();
    for (let n = 1; n <= 3; n++) await submitPublicForm(visitor(s, n));
    let seen = 0;
    await expect(
      applyPendingSubmissions({
        afterEach: async () => {
          seen += 1;
          if (seen === 2) throw new Error("the worker died");
        },
      }),
    ).rejects.toThrow("the worker died");
    expect(await counts()).toMatchObject({
      contacts: 0,
      consents: 0,
      submissions: 0,
      links: 0,
      pending: 3,
      counted_submissions: 0,
      counted_opt_ins: 0,
    });
    expect(await runApplySubmissionsJob()).toBe(3);
    expect(await counts()).toMatchObject({
      contacts: 3,
      consents: 3,
      submissions: 3,
      links: 3,
      pending: 0,
      counted_submissions: 3,
      counted_opt_ins: 3,
    });
  });

  test("a submission that cannot be applied is tried again later; the others go on", async () => {
    const s = await setUp();
    await submitPublicForm(visitor(s, 1));
    await submitPublicForm(visitor(s, 2));
    // An attribute deleted between the post and the apply: its value cannot be stored.
    await getDb().execute(sql`update pending_form_submissions
      set payload = jsonb_set(payload, '{contactAttributes}', '{"00000000-0000-4000-8000-000000000001": "x"}')
      where idempotency_key = 'key-visitor-00000001'`);
    const now = new Date();
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    const { applied } = await applyPendingSubmissions({ now });
    expect(logged).toHaveBeenCalledWith(
      "public form: a submission could not be applied (tried again later)",
      expect.anything(),
    );
    logged.mockRestore();
    expect(applied.map((a) => a.idempotencyKey)).toEqual(["key-visitor-00000002"]);
    const [left] = await getDb().select().from(pendingFormSubmissions);
    expect(left).toMatchObject({ idempotencyKey: "key-visitor-00000001", attempts: 1 });
    expect(left.lastError).toBeTruthy();
    expect(left.notBefore.getTime()).toBeGreaterThan(now.getTime());
    expect(await counts()).toMatchObject({ contacts: 1, consents: 1, submissions: 1, pending: 1 });
  });

  test("a form unpublished after the post still gets its submission; a deleted form takes it along", async () => {
    const s = await setUp();
    await submitPublicForm(visitor(s, 1));
    await setPublished(s.scope, s.form.form.id, false);
    expect(await runApplySubmissionsJob()).toBe(1);
    await setPublished(s.scope, s.form.form.id, true);
    await submitPublicForm(visitor(s, 2));
    await deleteForm(s.scope, s.form.form.id);
    expect(await runApplySubmissionsJob()).toBe(0);
    expect(await counts()).toMatchObject({ contacts: 1, pending: 0 });
  });

  test("page loads are counted per form and day; saving the form drops the cached copy", async () => {
    const s = await setUp();
    for (let i = 0; i < 3; i++)
      recordPageLoad(s.form.form.id, s.scope.account.id, new Date("2026-11-25T10:00:00Z"));
    await flushPageLoads();
    recordPageLoad(s.form.form.id, s.scope.account.id, new Date("2026-11-25T11:00:00Z"));
    await flushPageLoads();
    expect(await getDb().select().from(formViewCounts)).toEqual([
      expect.objectContaining({ formId: s.form.form.id, day: "2026-11-25", views: 4 }),
    ]);
    await updateForm(s.scope, s.form.form.id, { ...defaultFormDocument(), disabled: true });
    expect((await loadPublicForm(s.form.form.id)).status).toBe("disabled");
  });
});

describeEachDatabase("captcha", () => {
  test("an ALTCHA solution verifies; tampered or expired ones do not", async () => {
    const token = await solvedToken();
    expect(await verifyCaptcha(token, null)).toMatchObject({
      ok: true,
      singleUseKey: expect.stringMatching(/^altcha:/),
    });
    const payload = JSON.parse(Buffer.from(token, "base64").toString());
    payload.challenge.parameters.cost = 1;
    expect(await verifyCaptcha(Buffer.from(JSON.stringify(payload)).toString("base64"), null)).toEqual({
      ok: false,
      reason: "invalid",
    });
    expect(await verifyCaptcha("not base64 json", null)).toEqual({ ok: false, reason: "invalid" });
    expect(await verifyCaptcha("", null)).toEqual({ ok: false, reason: "missing" });
    const old = await issueAltchaChallenge(Date.now() - 11 * 60_000);
    const solution = await solveChallenge({ challenge: old, deriveKey });
    const expired = Buffer.from(JSON.stringify({ challenge: old, solution })).toString("base64");
    expect(await verifyCaptcha(expired, null)).toEqual({ ok: false, reason: "expired" });
  });
});

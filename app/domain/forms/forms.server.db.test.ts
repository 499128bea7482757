import { expect, test } from "vitest";
import { microsites } from "#db/schema";
import { companyWithAdmin } from "../../../tests/support/team-factories";
import { describeEachDatabase } from "../../../tests/support/test-database";
import { defaultFormDocument, defaultFormElements, defaultFormStyle } from "./form-document";
import {
  copyForm,
  createForm,
  deleteForm,
  getForm,
  listForms,
  onFormChanged,
  setPublished,
  updateForm,
} from "./forms.server";

async function formOf(context: { account: { id: string } }, name = "Spring sign-up") {
  const result = await createForm(context, {
    ...defaultFormDocument(),
    style: { ...defaultFormStyle(), micrositeName: name },
  });
  if (!result.ok) throw new Error(result.reason);
  return result.form;
}

describeEachDatabase("sign-up forms", (getDb) => {
  test("the first save creates an unpublished form with the document as given", async () => {
    const a = await companyWithAdmin();
    const form = await formOf(a.context);
    expect(form).toMatchObject({
      accountId: a.account.id,
      disabled: true,
      templateName: "TWO_COLUMN_LEFT_FORM",
    });
    expect(form.elements).toEqual(defaultFormElements());
    expect((await getForm(a.context, form.id))?.style.micrositeName).toBe("Spring sign-up");
  });

  test("an invalid document is refused and nothing is written", async () => {
    const a = await companyWithAdmin();
    const style = { ...defaultFormStyle(), errorMessageColor: "red;background:url(x)" };
    const result = await createForm(a.context, { ...defaultFormDocument(), style });
    expect(result).toMatchObject({ ok: false, reason: "invalid" });
    expect(await getDb().select().from(microsites)).toHaveLength(0);
  });

  test("updates replace the document, keep or set the published state, and tell listeners", async () => {
    const a = await companyWithAdmin();
    const form = await formOf(a.context);
    const changed: string[] = [];
    const stop = onFormChanged((id) => changed.push(id));
    const document = { ...defaultFormDocument(), templateName: "TWO_COLUMN_RIGHT_FORM" as const };
    const updated = await updateForm(a.context, form.id, document);
    expect(updated).toMatchObject({
      ok: true,
      form: { templateName: "TWO_COLUMN_RIGHT_FORM", disabled: true },
    });
    const published = await updateForm(a.context, form.id, { ...document, disabled: false });
    expect(published).toMatchObject({ ok: true, form: { disabled: false } });
    expect((await setPublished(a.context, form.id, false)).ok).toBe(true);
    expect((await getForm(a.context, form.id))?.disabled).toBe(true);
    stop();
    expect(changed).toEqual([form.id, form.id, form.id]);
  });

  test("copy makes an unpublished '-Copied' form; delete removes it", async () => {
    const a = await companyWithAdmin();
    const form = await formOf(a.context, "Launch");
    await setPublished(a.context, form.id, true);
    const copy = await copyForm(a.context, form.id);
    if (!copy.ok) throw new Error("copy failed");
    expect(copy.form).toMatchObject({ disabled: true, style: { micrositeName: "Launch-Copied" } });
    expect(copy.form.id).not.toBe(form.id);
    expect(await deleteForm(a.context, copy.form.id)).toBe(true);
    expect(await getForm(a.context, copy.form.id)).toBeNull();
  });

  test("the list shows the two layouts only, most recently updated first", async () => {
    const a = await companyWithAdmin();
    const first = await formOf(a.context, "First");
    const second = await formOf(a.context, "Second");
    await getDb()
      .insert(microsites)
      .values({ accountId: a.account.id, templateName: "OLD_TEMPLATE", elements: [], style: {} });
    await updateForm(a.context, first.id, defaultFormDocument());
    const list = await listForms(a.context);
    expect(list.map((f) => f.id)).toEqual([first.id, second.id]);
  });

  test("another company's form is neither read, listed, changed, copied nor deleted", async () => {
    const a = await companyWithAdmin();
    const b = await companyWithAdmin();
    const form = await formOf(a.context);
    expect(await getForm(b.context, form.id)).toBeNull();
    expect(await listForms(b.context)).toEqual([]);
    expect(await updateForm(b.context, form.id, defaultFormDocument())).toEqual({
      ok: false,
      reason: "not_found",
    });
    expect(await setPublished(b.context, form.id, true)).toEqual({ ok: false, reason: "not_found" });
    expect(await copyForm(b.context, form.id)).toEqual({ ok: false, reason: "not_found" });
    expect(await deleteForm(b.context, form.id)).toBe(false);
    expect(await getForm(a.context, "not-a-uuid")).toBeNull();
    expect((await getForm(a.context, form.id))?.disabled).toBe(true);
  });
});

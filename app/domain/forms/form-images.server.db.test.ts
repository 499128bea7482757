import { randomUUID } from "node:crypto";
import { Readable } from "node:stream";
import { expect, test } from "vitest";
import { fileStorage } from "~/services/storage/storage.server";
import { companyWithAdmin } from "../../../tests/support/team-factories";
import { describeEachDatabase } from "../../../tests/support/test-database";
import { defaultFormDocument, type FormDocument } from "./form-document";
import { copyForm, createForm, deleteForm, updateForm } from "./forms.server";

// Uploaded form images leave the storage module when no form shows them any more: replaced, removed
// with their element, or with their form; never while a copy still shows them; never another company's.

/** An image as the builder's upload stores it (/forms/images POST): its address. */
async function upload(accountId: string): Promise<string> {
  const key = `form-images/${accountId}/${randomUUID()}.png`;
  await fileStorage().write(key, Readable.from([Buffer.from("\x89PNG\r\n\x1a\nimage")]), { maxBytes: 1024 });
  return `/${key.replace(/^form-images\//, "forms/images/")}`;
}

async function stored(url: string): Promise<boolean> {
  const key = url.replace(/^\/forms\/images\//, "form-images/");
  return (await fileStorage().size(key)) !== null;
}

function withImages(images: { logo?: string; background?: string; element?: string }): FormDocument {
  const doc = defaultFormDocument();
  return {
    ...doc,
    style: {
      ...doc.style,
      logoUrl: images.logo ?? "",
      themeStyle: { ...doc.style.themeStyle, backgroundImageUrl: images.background ?? "" },
    },
    elements: doc.elements.map((e) => (e.type === "image" ? { ...e, src: images.element ?? "" } : e)),
  };
}

describeEachDatabase("uploaded form images", () => {
  test("a replaced logo or background, or a removed image element, is deleted; what stays is kept", async () => {
    const a = await companyWithAdmin();
    const [logo, background, picture, newLogo] = [
      await upload(a.account.id),
      await upload(a.account.id),
      await upload(a.account.id),
      await upload(a.account.id),
    ];
    const created = await createForm(a.context, withImages({ logo, background, element: picture }));
    if (!created.ok) throw new Error("create");
    const id = created.form.id;

    // A save that changes nothing about the images removes none.
    expect((await updateForm(a.context, id, withImages({ logo, background, element: picture }))).ok).toBe(
      true,
    );
    expect([await stored(logo), await stored(background), await stored(picture)]).toEqual([true, true, true]);

    expect((await updateForm(a.context, id, withImages({ logo: newLogo, background }))).ok).toBe(true);
    expect(await stored(logo)).toBe(false);
    expect(await stored(picture)).toBe(false);
    expect(await stored(newLogo)).toBe(true);
    expect(await stored(background)).toBe(true);

    expect((await updateForm(a.context, id, withImages({ logo: newLogo }))).ok).toBe(true);
    expect(await stored(background)).toBe(false);
    expect(await stored(newLogo)).toBe(true);
  });

  test("a deleted form's images go, unless its copy still shows them", async () => {
    const a = await companyWithAdmin();
    const logo = await upload(a.account.id);
    const background = await upload(a.account.id);
    const original = await createForm(a.context, withImages({ logo, background }));
    if (!original.ok) throw new Error("create");
    const copy = await copyForm(a.context, original.form.id);
    if (!copy.ok) throw new Error("copy");

    // The copy gets a logo of its own: the original still shows the old one.
    const copyLogo = await upload(a.account.id);
    expect((await updateForm(a.context, copy.form.id, withImages({ logo: copyLogo, background }))).ok).toBe(
      true,
    );
    expect(await stored(logo)).toBe(true);

    expect(await deleteForm(a.context, original.form.id)).toBe(true);
    expect(await stored(logo)).toBe(false);
    expect(await stored(background)).toBe(true);
    expect(await stored(copyLogo)).toBe(true);

    expect(await deleteForm(a.context, copy.form.id)).toBe(true);
    expect(await stored(background)).toBe(false);
    expect(await stored(copyLogo)).toBe(false);
  });

  test("another company's image shown in a form is never removed, nor a form of another company", async () => {
    const a = await companyWithAdmin("Acme");
    const b = await companyWithAdmin("Other");
    const theirs = await upload(b.account.id);
    const form = await createForm(a.context, withImages({ logo: theirs }));
    if (!form.ok) throw new Error("create");
    expect((await updateForm(a.context, form.form.id, withImages({}))).ok).toBe(true);
    expect(await stored(theirs)).toBe(true);

    const ours = await upload(b.account.id);
    const bForm = await createForm(b.context, withImages({ logo: ours }));
    if (!bForm.ok) throw new Error("create");
    expect(await deleteForm(a.context, bForm.form.id)).toBe(false);
    expect((await updateForm(a.context, bForm.form.id, withImages({}))).ok).toBe(false);
    expect(await stored(ours)).toBe(true);
  });
});

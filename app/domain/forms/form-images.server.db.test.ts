import { randomUUID } from "node:crypto";
import { utimes } from "node:fs/promises";
import path from "node:path";
import { Readable } from "node:stream";
import { expect, test } from "vitest";
import { fileStorage } from "~/services/storage/storage.server";
import { companyWithAdmin } from "../../../tests/support/team-factories";
import { describeEachDatabase } from "../../../tests/support/test-database";
import { defaultFormDocument, type FormDocument } from "./form-document";
import { sweepUnsavedFormImages, UNSAVED_FORM_IMAGE_GRACE_MS } from "./form-images.server";
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

const keyOf = (url: string) => url.replace(/^\/forms\/images\//, "form-images/");

/** Moves an upload's time back past the grace period (the tests' storage is the local disk default). */
async function age(url: string, hours = 25): Promise<void> {
  const when = new Date(Date.now() - hours * 3_600_000);
  await utimes(path.join(process.env.DATA_DIR as string, "uploads", keyOf(url)), when, when);
}

/** Of the keys a full sweep removed, this test's companies' (earlier tests' files share the disk). */
const of = (keys: string[], ...accountIds: string[]) =>
  keys.filter((key) => accountIds.some((id) => key.startsWith(`form-images/${id}/`)));

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

  test("the sweep removes an image never saved once it is a day old; young, saved and copied ones stay", async () => {
    expect(UNSAVED_FORM_IMAGE_GRACE_MS).toBe(24 * 3_600_000);
    const a = await companyWithAdmin();
    const [abandoned, young, saved, copied] = [
      await upload(a.account.id),
      await upload(a.account.id),
      await upload(a.account.id),
      await upload(a.account.id),
    ];
    const form = await createForm(a.context, withImages({ logo: saved }));
    if (!form.ok) throw new Error("create");
    // Only a copy shows this one: its original was deleted after the copy was made.
    const original = await createForm(a.context, withImages({ background: copied }));
    if (!original.ok) throw new Error("create");
    const copy = await copyForm(a.context, original.form.id);
    if (!copy.ok) throw new Error("copy");
    expect(await deleteForm(a.context, original.form.id)).toBe(true);
    expect(await stored(copied)).toBe(true);
    await age(abandoned);
    await age(saved);
    await age(copied);
    // Just inside the grace period: kept.
    await age(young, 23);

    expect(of(await sweepUnsavedFormImages(), a.account.id)).toEqual([keyOf(abandoned)]);
    expect(await stored(abandoned)).toBe(false);
    expect([await stored(young), await stored(saved), await stored(copied)]).toEqual([true, true, true]);

    // A day later the young one is old too, and still unsaved; the others are still shown.
    const tomorrow = new Date(Date.now() + UNSAVED_FORM_IMAGE_GRACE_MS);
    expect(of(await sweepUnsavedFormImages({ now: tomorrow }), a.account.id)).toEqual([keyOf(young)]);
    expect([await stored(saved), await stored(copied)]).toEqual([true, true]);
    expect(await sweepUnsavedFormImages({ now: tomorrow, accountId: a.account.id })).toEqual([]);
  });

  test("a company's sweep reads and removes only its own folder; the full sweep takes every company's", async () => {
    const a = await companyWithAdmin("Acme");
    const b = await companyWithAdmin("Other");
    const ours = await upload(a.account.id);
    const theirs = await upload(b.account.id);
    const theirsSaved = await upload(b.account.id);
    const bForm = await createForm(b.context, withImages({ logo: theirsSaved }));
    if (!bForm.ok) throw new Error("create");
    for (const url of [ours, theirs, theirsSaved]) await age(url);

    expect(await sweepUnsavedFormImages({ accountId: a.account.id })).toEqual([keyOf(ours)]);
    expect(await stored(theirs)).toBe(true);

    // B's saved image is checked against B's forms, not A's (which show nothing).
    expect(of(await sweepUnsavedFormImages(), a.account.id, b.account.id)).toEqual([keyOf(theirs)]);
    expect(await stored(theirsSaved)).toBe(true);
  });
});

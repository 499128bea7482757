import { expect, test } from "vitest";
import { getDb } from "#db/client.server";
import { pendingFormSubmissions } from "#db/schema";
import { MAX_SUBMISSION_ATTEMPTS } from "~/domain/forms/apply-submissions.server";
import { defaultFormDocument } from "~/domain/forms/form-document";
import { createForm, getForm, listForms } from "~/domain/forms/forms.server";
import { stuckSubmissions } from "~/domain/forms/stuck-submissions.server";
import { stopJobs } from "~/services/jobs/jobs.server";
import { signedInRequest } from "../../../tests/support/factories";
import { companyWithAdmin, createMember } from "../../../tests/support/team-factories";
import { describeEachDatabase } from "../../../tests/support/test-database";
import { roAdminViewCookie } from "../../../tests/support/view-as";
import { action as builderAction, loader as builderLoader } from "./form-builder";
import { action as imageAction } from "./form-images";
import { action as listAction, loader as listLoader } from "./form-list";

// The builder's and the list's actions (spec 3 sections 2.1, 2.2, 4.1 and 6): save, publish, copy,
// delete, the image upload, RO Admin refused with 403, another company's form 404.

const BASE = "http://localhost:3000";
const BUILDER = `${BASE}/contact-form/contact-form-builder`;
const LIST = `${BASE}/contact-form`;

/** Runs a loader or action; a thrown Response or data() counts as its answer. */
async function call(fn: (args: never) => unknown, request: Request) {
  try {
    const answer = await fn({ request, params: {}, context: {} } as never);
    return normalise(answer);
  } catch (thrown) {
    return normalise(thrown);
  }
}

function normalise(answer: unknown): { status: number; body: Record<string, unknown> } {
  if (answer instanceof Response) return { status: answer.status, body: {} };
  if (
    answer &&
    typeof answer === "object" &&
    "type" in answer &&
    (answer as { type: string }).type === "DataWithResponseInit"
  ) {
    const d = answer as unknown as { data: Record<string, unknown>; init: { status?: number } | null };
    return { status: d.init?.status ?? 200, body: d.data };
  }
  return { status: 200, body: answer as Record<string, unknown> };
}

const json = (body: unknown): RequestInit => ({
  method: "POST",
  body: JSON.stringify(body),
  headers: { "Content-Type": "application/json" },
});
const form = (body: Record<string, string>): RequestInit => ({
  method: "POST",
  body: new URLSearchParams(body),
  headers: { "Content-Type": "application/x-www-form-urlencoded" },
});

function documentNamed(name: string) {
  const doc = defaultFormDocument();
  return { ...doc, style: { ...doc.style, micrositeName: name } };
}

describeEachDatabase("the form builder's and form list's actions", () => {
  test("the first Save creates an unpublished form, later Saves update it; Publish and Unpublish", async () => {
    const a = await companyWithAdmin();
    const created = await call(
      builderAction,
      await signedInRequest(
        a.admin.id,
        BUILDER,
        json({ intent: "save", id: null, document: documentNamed("Spring") }),
      ),
    );
    expect(created.status).toBe(200);
    expect(created.body.toast).toEqual({ message: "forms.builder.saved" });
    const saved = created.body.saved as { id: string; disabled: boolean };
    expect(saved.disabled).toBe(true);

    const doc = documentNamed("Spring sale");
    doc.templateName = "TWO_COLUMN_RIGHT_FORM";
    const updated = await call(
      builderAction,
      await signedInRequest(a.admin.id, BUILDER, json({ intent: "save", id: saved.id, document: doc })),
    );
    expect(updated.status).toBe(200);
    expect(await getForm(a.context, saved.id)).toMatchObject({
      templateName: "TWO_COLUMN_RIGHT_FORM",
      disabled: true,
      style: { micrositeName: "Spring sale" },
    });

    const published = await call(
      builderAction,
      await signedInRequest(a.admin.id, BUILDER, json({ intent: "publish", id: saved.id })),
    );
    expect(published.body.toast).toEqual({ message: "forms.builder.published" });
    expect((await getForm(a.context, saved.id))?.disabled).toBe(false);
    const unpublished = await call(
      builderAction,
      await signedInRequest(a.admin.id, BUILDER, json({ intent: "unpublish", id: saved.id })),
    );
    expect(unpublished.body.toast).toEqual({ message: "forms.builder.unpublished" });
    expect((await getForm(a.context, saved.id))?.disabled).toBe(true);

    // The loader hands the saved form and its share link, iframe and script.
    const loaded = await call(builderLoader, await signedInRequest(a.admin.id, `${BUILDER}?id=${saved.id}`));
    expect(loaded.body).toMatchObject({
      canWrite: true,
      form: { id: saved.id },
      codes: { shareLink: `${BASE}/contact-form-builder/m/${saved.id}` },
    });
  });

  test("a document the contract's schema refuses is 400 with 'Something Went Wrong!', nothing written", async () => {
    const a = await companyWithAdmin();
    const doc = documentNamed("Broken");
    const bad = { ...doc, style: { ...doc.style, logoHeight: 301, errorMessageColor: "red;x" } };
    const answer = await call(
      builderAction,
      await signedInRequest(a.admin.id, BUILDER, json({ intent: "save", id: null, document: bad })),
    );
    expect(answer.status).toBe(400);
    expect(answer.body.toast).toEqual({ message: "forms.builder.failed", error: true });
    expect(await listForms(a.context)).toEqual([]);
  });

  test("copy makes an unpublished '-Copied' form; delete removes it; the list is newest first", async () => {
    const a = await companyWithAdmin();
    const first = await createForm(a.context, { ...documentNamed("Winter"), disabled: false });
    if (!first.ok) throw new Error("not created");
    const copied = await call(
      listAction,
      await signedInRequest(a.admin.id, LIST, form({ intent: "copy", id: first.form.id })),
    );
    expect(copied.body.toast).toEqual({ message: "forms.list.copied" });
    const list = await call(listLoader, await signedInRequest(a.admin.id, LIST));
    const forms = list.body.forms as { id: string; name: string; disabled: boolean }[];
    expect(forms.map((f) => [f.name, f.disabled])).toEqual([
      ["Winter-Copied", true],
      ["Winter", false],
    ]);
    const deleted = await call(
      listAction,
      await signedInRequest(a.admin.id, LIST, form({ intent: "delete", id: first.form.id })),
    );
    expect(deleted.body.toast).toEqual({ message: "forms.list.deleted" });
    expect((await listForms(a.context)).map((f) => f.style.micrositeName)).toEqual(["Winter-Copied"]);
  });

  test("another company's form is 404 for every action and for the builder's page", async () => {
    const a = await companyWithAdmin();
    const b = await companyWithAdmin();
    const theirs = await createForm(b.context, documentNamed("Theirs"));
    if (!theirs.ok) throw new Error("not created");
    const id = theirs.form.id;
    const as = (init: RequestInit, url = BUILDER) => signedInRequest(a.admin.id, url, init);
    expect(
      (await call(builderAction, await as(json({ intent: "save", id, document: documentNamed("Mine") }))))
        .status,
    ).toBe(404);
    expect((await call(builderAction, await as(json({ intent: "publish", id })))).status).toBe(404);
    expect((await call(listAction, await as(form({ intent: "copy", id }), LIST))).status).toBe(404);
    expect((await call(listAction, await as(form({ intent: "delete", id }), LIST))).status).toBe(404);
    expect((await call(builderLoader, await signedInRequest(a.admin.id, `${BUILDER}?id=${id}`))).status).toBe(
      404,
    );
    expect(await getForm(b.context, id)).toMatchObject({
      disabled: true,
      style: { micrositeName: "Theirs" },
    });
  });

  test("RO Admin loads both screens with writing off, and every write is refused with 403", async () => {
    const a = await companyWithAdmin();
    const mine = await createForm(a.context, documentNamed("Mine"));
    if (!mine.ok) throw new Error("not created");
    const cookie = await roAdminViewCookie(a.account.id);
    const as = (url: string, init: RequestInit = {}) =>
      new Request(url, { ...init, headers: { ...(init.headers as Record<string, string>), Cookie: cookie } });
    expect((await call(listLoader, as(LIST))).body.canWrite).toBe(false);
    expect((await call(builderLoader, as(`${BUILDER}?id=${mine.form.id}`))).body.canWrite).toBe(false);
    const id = mine.form.id;
    expect(
      (await call(builderAction, as(BUILDER, json({ intent: "save", id, document: documentNamed("X") }))))
        .status,
    ).toBe(403);
    expect((await call(builderAction, as(BUILDER, json({ intent: "publish", id })))).status).toBe(403);
    expect((await call(listAction, as(LIST, form({ intent: "copy", id })))).status).toBe(403);
    expect((await call(listAction, as(LIST, form({ intent: "delete", id })))).status).toBe(403);
    // Refused before the body is read: a malformed post learns nothing either.
    expect((await call(listAction, as(LIST, form({ intent: "rename" })))).status).toBe(403);
    const upload = new FormData();
    upload.set("file", new File([PNG], "logo.png", { type: "image/png" }));
    expect(
      (await call(imageAction, as(`${BASE}/resources/form-images`, { method: "POST", body: upload }))).status,
    ).toBe(403);
    expect(await listForms(a.context)).toHaveLength(1);
    expect((await getForm(a.context, id))?.disabled).toBe(true);
  });

  test("stuck submissions: shown to company admins (RO Admin with Retry off), retried by an admin only", async () => {
    const a = await companyWithAdmin();
    const made = await createForm(a.context, documentNamed("Mine"));
    if (!made.ok) throw new Error("not created");
    await getDb()
      .insert(pendingFormSubmissions)
      .values({
        formId: made.form.id,
        accountId: a.account.id,
        idempotencyKey: "stuck-1",
        payload: {
          values: {},
          contact: { firstName: "Bo", lastName: "Li", phone: "+4790000001", email: null },
          contactAttributes: {},
          productAttributes: {},
          productIds: [],
        },
        attempts: MAX_SUBMISSION_ATTEMPTS,
        lastError: "23503 insert or update violates foreign key constraint",
      });
    const retry = () => form({ intent: "retry-submissions" });

    const member = await createMember(a.account.id);
    expect((await call(listLoader, await signedInRequest(member.id, LIST))).body.stuck).toBeNull();
    expect((await call(listAction, await signedInRequest(member.id, LIST, retry()))).status).toBe(403);

    const cookie = await roAdminViewCookie(a.account.id);
    const asRo = (init: RequestInit = {}) => new Request(LIST, { ...init, headers: { Cookie: cookie } });
    const ro = await call(listLoader, asRo());
    expect(ro.body).toMatchObject({ stuck: { count: 1, reason: "deleted" }, canRetry: false });
    expect((await call(listAction, asRo(retry()))).status).toBe(403);
    expect((await stuckSubmissions(a.context)).count).toBe(1);

    expect((await call(listLoader, await signedInRequest(a.admin.id, LIST))).body).toMatchObject({
      stuck: { count: 1, reason: "deleted" },
      canRetry: true,
    });
    const retried = await call(listAction, await signedInRequest(a.admin.id, LIST, retry()));
    expect(retried.status).toBe(200);
    expect(retried.body.toast).toEqual({ message: "forms.list.stuck.retried", values: { count: "1" } });
    expect((await call(listLoader, await signedInRequest(a.admin.id, LIST))).body.stuck).toBeNull();
    await stopJobs();
  });

  test("image uploads take png files only and answer the image's address", async () => {
    const a = await companyWithAdmin();
    const upload = async (file: File) => {
      const body = new FormData();
      body.set("file", file);
      return call(
        imageAction,
        await signedInRequest(a.admin.id, `${BASE}/resources/form-images`, { method: "POST", body }),
      );
    };
    const ok = await upload(new File([PNG], "logo.png", { type: "image/png" }));
    expect(ok.body.url).toMatch(new RegExp(`^/forms/images/${a.account.id}/[0-9a-f-]{36}\\.png$`));
    const jpeg = await upload(
      new File([new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3])], "logo.png", { type: "image/png" }),
    );
    expect(jpeg.status).toBe(400);
  });
});

/** A 1x1 transparent png. */
const PNG = Uint8Array.from(
  atob("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII="),
  (c) => c.charCodeAt(0),
);

import { data } from "react-router";
import { z } from "zod";
import { config } from "~/config.server";
import { requireMember, requireMemberWith } from "~/domain/access/guard.server";
import { can } from "~/domain/access/permissions";
import type { Toast } from "~/domain/actions/toast";
import { listAttributes } from "~/domain/contacts/attributes.server";
import { embedCodes } from "~/domain/forms/embed-codes";
import { defaultFormDocument, formDocumentSchema } from "~/domain/forms/form-document";
import { createForm, type FormRecord, getForm, setPublished, updateForm } from "~/domain/forms/forms.server";
import { isPlainTextError } from "~/domain/kernel/plain-text";
import { listProducts } from "~/domain/products/products.server";
import { shopifyBoundaryHeaders } from "~/domain/shopify/boundary-headers.server";
import { readBodyWithin } from "~/domain/shopify/webhooks/request-body.server";
import { asI18nKey } from "~/i18n/keys";
import { Builder } from "~/ui/forms/builder";
import { RouteErrorBoundary } from "~/ui/route-error-boundary";
import richEditorStyles from "~/ui/webchat/rich-editor.css?url";
import type { Route } from "./+types/form-builder";

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: richEditorStyles }];

/** The largest document the builder posts: 100 elements of rich text stay well under it. */
const DOCUMENT_BODY_LIMIT = 2 * 1024 * 1024;

/** /contact-form/contact-form-builder (spec 3 section 2.2); ?id= opens a saved form. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const member = await requireMember({ request, context });
  const id = new URL(request.url).searchParams.get("id");
  const form = id ? await getForm(member, id) : null;
  if (id && !form) throw data("Not found", { status: 404 });
  const [contactAttributes, productAttributes, products] = await Promise.all([
    listAttributes(member, "contact"),
    listAttributes(member, "product"),
    listProducts(member),
  ]);
  return {
    form: form && savedView(form),
    fresh: defaultFormDocument(),
    codes: form ? embedCodes(config().APP_URL, form.id) : null,
    company: member.account.company,
    canWrite: can(member, "forms.write"),
    contactAttributes: contactAttributes.map(({ id, title }) => ({ id, title })),
    productAttributes: productAttributes.map(({ id, title }) => ({ id, title })),
    products,
  };
}

function savedView(form: FormRecord) {
  return {
    id: form.id,
    disabled: form.disabled,
    createdAt: form.createdAt.toISOString(),
    updatedAt: form.updatedAt.toISOString(),
    document: { templateName: form.templateName, elements: form.elements, style: form.style },
  };
}

const builderRequest = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("save"), id: z.string().max(64).nullable(), document: formDocumentSchema }),
  z.object({ intent: z.enum(["publish", "unpublish"]), id: z.string().max(64) }),
]);

/**
 * Save (the whole document, checked with the contract's schema), Publish and Unpublish, posted as
 * JSON. Read-only admins get 403 from the guard; another company's form answers 404.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const member = await requireMemberWith({ request, context }, "forms.write");
  let body: unknown;
  try {
    body = JSON.parse(await readBodyWithin(request, DOCUMENT_BODY_LIMIT));
  } catch {
    return data({ toast: failed }, 400);
  }
  const parsed = builderRequest.safeParse(body);
  if (!parsed.success) {
    // A text with a line break or control character where none may be says so; anything else cannot
    // come from the builder.
    const plainText = parsed.error.issues.find((i) => isPlainTextError(i.message));
    const toast: Toast = plainText ? { message: asI18nKey(plainText.message), error: true } : failed;
    return data({ toast, issues: parsed.error.issues.map((i) => i.path.join(".")) }, 400);
  }
  const input = parsed.data;
  if (input.intent === "save") {
    const saved = input.id
      ? await updateForm(member, input.id, input.document)
      : await createForm(member, input.document);
    if (!saved.ok) return data({ toast: failed }, saved.reason === "not_found" ? 404 : 400);
    return { toast: { message: "forms.builder.saved" } satisfies Toast, saved: savedView(saved.form) };
  }
  const publish = input.intent === "publish";
  const changed = await setPublished(member, input.id, publish);
  if (!changed.ok) return data({ toast: failed }, 404);
  const message = publish ? "forms.builder.published" : "forms.builder.unpublished";
  return { toast: { message } satisfies Toast, saved: savedView(changed.form) };
}

const failed: Toast = { message: "forms.builder.failed", error: true };

export default function FormBuilderPage({ loaderData }: Route.ComponentProps) {
  // A new key when another form is opened (or a new form gets its id): the draft starts afresh.
  return <Builder key={loaderData.form?.id ?? "new"} data={loaderData} />;
}

export const ErrorBoundary = RouteErrorBoundary;
export const headers = shopifyBoundaryHeaders;

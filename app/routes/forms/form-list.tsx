import { Page } from "@shopify/polaris";
import { useTranslation } from "react-i18next";
import { data } from "react-router";
import { z } from "zod";
import { requireMember, requireMemberWith } from "~/domain/access/guard.server";
import { can } from "~/domain/access/permissions";
import { respond } from "~/domain/actions/respond.server";
import { copyForm, deleteForm, listForms } from "~/domain/forms/forms.server";
import { FormList } from "~/ui/forms/form-list";
import { RouteErrorBoundary } from "~/ui/route-error-boundary";
import type { Route } from "./+types/form-list";

/** /contact-form (spec 3 section 2.1): the company's saved forms, the most recently updated first. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const member = await requireMember({ request, context });
  const forms = await listForms(member);
  return {
    company: member.account.company,
    canWrite: can(member, "forms.write"),
    now: new Date().toISOString(),
    forms: forms.map((form) => ({
      id: form.id,
      name: form.style.micrositeName,
      disabled: form.disabled,
      templateName: form.templateName,
      updatedAt: form.updatedAt.toISOString(),
      elements: form.elements,
      style: form.style,
    })),
  };
}

const listAction = z.object({ intent: z.enum(["copy", "delete"]), id: z.string().min(1).max(64) });

/** Copy and delete. Read-only admins get 403 from the guard; another company's form is 404. */
export async function action({ request, context }: Route.ActionArgs) {
  const member = await requireMemberWith({ request, context }, "forms.write");
  const form = await request.formData();
  const parsed = listAction.safeParse(Object.fromEntries(form));
  if (!parsed.success) return data({ error: "Bad request" }, 400);
  const { intent, id } = parsed.data;
  if (intent === "copy") {
    const copied = await copyForm(member, id);
    if (!copied.ok) return data({ error: "Not found" }, 404);
    return respond(request, form, { message: "forms.list.copied" }, { id: copied.form.id });
  }
  if (!(await deleteForm(member, id))) return data({ error: "Not found" }, 404);
  return respond(request, form, { message: "forms.list.deleted" });
}

export default function ContactForms({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  return (
    <Page title={t("forms.list.title")}>
      <FormList
        forms={loaderData.forms}
        canWrite={loaderData.canWrite}
        now={loaderData.now}
        company={loaderData.company}
      />
    </Page>
  );
}

export const ErrorBoundary = RouteErrorBoundary;

import { BlockStack, Page } from "@shopify/polaris";
import { useTranslation } from "react-i18next";
import { data } from "react-router";
import { z } from "zod";
import { permit, permitAny, requireMember } from "~/domain/access/guard.server";
import { can, type Permission } from "~/domain/access/permissions";
import { respond } from "~/domain/actions/respond.server";
import { copyForm, deleteForm, listForms } from "~/domain/forms/forms.server";
import { retryStuckSubmissions, stuckSubmissions } from "~/domain/forms/stuck-submissions.server";
import { shopifyBoundaryHeaders } from "~/domain/shopify/boundary-headers.server";
import { FormList } from "~/ui/forms/form-list";
import { StuckSubmissionsBanner } from "~/ui/forms/stuck-submissions-banner";
import { RouteErrorBoundary } from "~/ui/route-error-boundary";
import type { Route } from "./+types/form-list";

/** /contact-form (spec 3 section 2.1): the company's saved forms, the most recently updated first. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const member = await requireMember({ request, context });
  const [forms, stuck] = await Promise.all([
    listForms(member),
    can(member, "forms.submissions.view") ? stuckSubmissions(member) : null,
  ]);
  return {
    company: member.account.company,
    canWrite: can(member, "forms.write"),
    stuck: stuck && stuck.count > 0 ? stuck : null,
    canRetry: can(member, "forms.submissions.retry"),
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

const listAction = z.discriminatedUnion("intent", [
  z.object({ intent: z.enum(["copy", "delete"]), id: z.string().min(1).max(64) }),
  z.object({ intent: z.literal("retry-submissions") }),
]);

const intentPermissions: Record<z.infer<typeof listAction>["intent"], Permission> = {
  copy: "forms.write",
  delete: "forms.write",
  "retry-submissions": "forms.submissions.retry",
};

/**
 * Copy, delete, and Retry of the stuck submissions. Read-only admins get 403 (and plain members for
 * Retry); another company's form is 404.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const member = await requireMember({ request, context });
  permitAny(member, Object.values(intentPermissions));
  const form = await request.formData();
  const parsed = listAction.safeParse(Object.fromEntries(form));
  if (!parsed.success) return data({ error: "Bad request" }, 400);
  const input = parsed.data;
  permit(member, intentPermissions[input.intent]);
  if (input.intent === "retry-submissions") {
    const count = await retryStuckSubmissions(member);
    return respond(request, form, { message: "forms.list.stuck.retried", values: { count: String(count) } });
  }
  if (input.intent === "copy") {
    const copied = await copyForm(member, input.id);
    if (!copied.ok) return data({ error: "Not found" }, 404);
    return respond(request, form, { message: "forms.list.copied" }, { id: copied.form.id });
  }
  if (!(await deleteForm(member, input.id))) return data({ error: "Not found" }, 404);
  return respond(request, form, { message: "forms.list.deleted" });
}

export default function ContactForms({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  return (
    <Page title={t("forms.list.title")}>
      <BlockStack gap="400">
        {loaderData.stuck && (
          <StuckSubmissionsBanner stuck={loaderData.stuck} canRetry={loaderData.canRetry} />
        )}
        <FormList
          forms={loaderData.forms}
          canWrite={loaderData.canWrite}
          now={loaderData.now}
          company={loaderData.company}
        />
      </BlockStack>
    </Page>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
export const headers = shopifyBoundaryHeaders;

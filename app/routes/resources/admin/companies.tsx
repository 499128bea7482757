import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "react-router";
import { requireViewerWith } from "~/domain/access/guard.server";
import {
  createCompanyByAdmin,
  saveCompanySubdomains,
  updateAccountStatus,
} from "~/domain/admin/companies.server";
import {
  addCompanySchema,
  companySubdomainsSchema,
  updateDashboardSchema,
  updateStatusSchema,
  updateTagsSchema,
} from "~/domain/admin/company-admin-schemas";
import { setAccountDashboard } from "~/domain/admin/dashboards.server";
import { setAccountTags } from "~/domain/admin/tags.server";
import { loadSubdomainPatterns } from "~/domain/platform/system-configuration.server";
import type { Route } from "./+types/companies";

const somethingWentWrong = { message: "adminCompanies.toasts.somethingWentWrong", error: true } as const;

/**
 * The company writes of /admin's Companies tab: add a company (and retry its subdomains), and update a
 * company's status, dashboard and tags. Admins only: a roadmin's or a member's POST gets 403.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const actor = await requireViewerWith({ request, context }, "admin.write");
  const form = await request.formData();
  const intent = form.get("intent");

  if (intent === "create") {
    const submission = parseWithZod(form, { schema: addCompanySchema(await loadSubdomainPatterns()) });
    if (submission.status !== "success") return data({ intent, result: submission.reply() }, 400);
    const created = await createCompanyByAdmin(actor, submission.value);
    if (!created.ok)
      return data({ intent, result: submission.reply({ fieldErrors: created.fieldErrors }) }, 400);
    const saved = { accountId: created.accountId, company: created.company };
    if (created.subdomainErrors)
      return data({
        intent,
        saved,
        partial: true,
        result: submission.reply({ fieldErrors: created.subdomainErrors }),
      });
    return data({ intent, saved, partial: false, result: submission.reply({ resetForm: true }) });
  }

  if (intent === "subdomains") {
    const submission = parseWithZod(form, { schema: companySubdomainsSchema(await loadSubdomainPatterns()) });
    if (submission.status !== "success") return data({ intent, result: submission.reply() }, 400);
    const saved = await saveCompanySubdomains(actor, submission.value);
    if (saved === "not_found") return data({ intent, toast: somethingWentWrong }, 404);
    if (!saved.ok)
      return data({ intent, partial: true, result: submission.reply({ fieldErrors: saved.fieldErrors }) });
    return data({ intent, partial: false, result: submission.reply({ resetForm: true }) });
  }

  if (intent === "status") {
    const submission = parseWithZod(form, { schema: updateStatusSchema });
    if (submission.status !== "success") return data({ intent, result: submission.reply() }, 400);
    const outcome = await updateAccountStatus(actor, submission.value);
    if (outcome === "plan_not_allowed")
      return data(
        {
          intent,
          result: submission.reply({ fieldErrors: { planId: ["adminCompanies.validation.planNotAllowed"] } }),
        },
        400,
      );
    if (outcome === "not_found") return data({ intent, toast: somethingWentWrong }, 404);
    return data({ intent, done: true, toast: { message: "adminCompanies.toasts.statusUpdated" } });
  }

  if (intent === "dashboard") {
    const submission = parseWithZod(form, { schema: updateDashboardSchema });
    if (submission.status !== "success") return data({ intent, result: submission.reply() }, 400);
    const { accountId, dashboardId } = submission.value;
    const outcome = await setAccountDashboard(actor, accountId, dashboardId);
    if (outcome === "no_dashboard")
      return data(
        {
          intent,
          result: submission.reply({
            fieldErrors: { dashboardId: ["adminCompanies.validation.dashboardRequired"] },
          }),
        },
        400,
      );
    if (outcome === "not_found") return data({ intent, toast: somethingWentWrong }, 404);
    return data({ intent, done: true, toast: { message: "adminCompanies.toasts.dashboardAssigned" } });
  }

  if (intent === "tags") {
    const submission = parseWithZod(form, { schema: updateTagsSchema });
    if (submission.status !== "success") return data({ intent, result: submission.reply() }, 400);
    const outcome = await setAccountTags(actor, submission.value.accountId, submission.value.tags);
    if (outcome.outcome === "not_found") return data({ intent, toast: somethingWentWrong }, 404);
    return data({ intent, done: true, toast: { message: "adminCompanies.toasts.tagsUpdated" } });
  }

  return data({ intent, toast: somethingWentWrong }, 400);
}

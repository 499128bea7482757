import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "react-router";
import { requireViewerWith } from "~/domain/access/guard.server";
import { dashboardFormSchema, deleteDashboardSchema } from "~/domain/admin/company-admin-schemas";
import { createDashboard, deleteDashboard, updateDashboard } from "~/domain/admin/dashboards.server";
import type { Route } from "./+types/dashboards";

const toast = (key: string, error = false) => ({ message: `adminCompanies.toasts.${key}`, error });

/** Add, edit and delete dashboards (the All Dashboards modal). Admins only: others get 403. */
export async function action({ request, context }: Route.ActionArgs) {
  const actor = await requireViewerWith({ request, context }, "admin.write");
  const form = await request.formData();
  const intent = form.get("intent");

  if (intent === "delete") {
    const submission = parseWithZod(form, { schema: deleteDashboardSchema });
    if (submission.status !== "success")
      return data({ intent, toast: toast("somethingWentWrong", true) }, 400);
    const deleted = await deleteDashboard(actor, submission.value.id);
    if (deleted.outcome !== "done") return data({ intent, toast: toast("somethingWentWrong", true) }, 400);
    return data({ intent, done: true, toast: toast("dashboardDeleted") });
  }

  const submission = parseWithZod(form, { schema: dashboardFormSchema });
  if (submission.status !== "success") return data({ intent, result: submission.reply() }, 400);
  if (submission.value.intent === "create") {
    const created = await createDashboard(actor, submission.value);
    if (created === "exists")
      return data(
        {
          intent,
          toast: toast("dashboardAddFailed", true),
          result: submission.reply({ fieldErrors: { id: ["adminCompanies.validation.dashboardIdTaken"] } }),
        },
        400,
      );
    return data({
      intent,
      done: true,
      toast: toast("dashboardAdded"),
      result: submission.reply({ resetForm: true }),
    });
  }
  const updated = await updateDashboard(actor, submission.value);
  if (updated !== "done") return data({ intent, toast: toast("dashboardSaveFailed", true) }, 404);
  return data({ intent, done: true, toast: toast("dashboardUpdated"), result: submission.reply() });
}

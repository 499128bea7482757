import type { SubmissionResult } from "@conform-to/react";
import { data } from "react-router";
import { z } from "zod";
import { requireViewerWith, type Viewer } from "~/domain/access/guard.server";
import { parseIntent, unknownIntent } from "~/domain/actions/intent";
import {
  type DashboardInput,
  dashboardFormSchema,
  deleteDashboardSchema,
} from "~/domain/admin/company-admin-schemas";
import { createDashboard, deleteDashboard, updateDashboard } from "~/domain/admin/dashboards.server";
import type { Route } from "./+types/dashboards";

const toast = (key: string, error = false) => ({ message: `adminCompanies.toasts.${key}`, error });

const dashboardsSchema = z.discriminatedUnion("intent", [
  dashboardFormSchema.extend({ intent: z.literal("create") }),
  dashboardFormSchema.extend({ intent: z.literal("update") }),
  deleteDashboardSchema,
]);

type Reply = (options?: {
  fieldErrors?: Record<string, string[]>;
  resetForm?: boolean;
}) => SubmissionResult<string[]>;

/** Add, edit and delete dashboards (the All Dashboards modal). Admins only: others get 403. */
export async function action({ request, context }: Route.ActionArgs) {
  const actor = await requireViewerWith({ request, context }, "admin.write");
  const submission = parseIntent(await request.formData(), dashboardsSchema);
  if (submission.status !== "success") {
    const intent = String(submission.payload.intent ?? "");
    // Delete has no form of its own to show errors in: a toast says it failed.
    if (intent === "delete") return data({ intent, toast: toast("somethingWentWrong", true) }, 400);
    return data({ intent, result: submission.reply() }, 400);
  }
  const input = submission.value;
  switch (input.intent) {
    case "create":
      return create(actor, input, submission.reply);
    case "update":
      return update(actor, input, submission.reply);
    case "delete":
      return remove(actor, input.id);
    default:
      return unknownIntent();
  }
}

async function create(actor: Viewer, input: DashboardInput, reply: Reply) {
  const intent = "create";
  const created = await createDashboard(actor, input);
  if (created === "exists") {
    const result = reply({ fieldErrors: { id: ["adminCompanies.validation.dashboardIdTaken"] } });
    return data({ intent, toast: toast("dashboardAddFailed", true), result }, 400);
  }
  return data({ intent, done: true, toast: toast("dashboardAdded"), result: reply({ resetForm: true }) });
}

async function update(actor: Viewer, input: DashboardInput, reply: Reply) {
  const intent = "update";
  const updated = await updateDashboard(actor, input);
  if (updated !== "done") return data({ intent, toast: toast("dashboardSaveFailed", true) }, 404);
  return data({ intent, done: true, toast: toast("dashboardUpdated"), result: reply() });
}

async function remove(actor: Viewer, id: string) {
  const intent = "delete";
  const deleted = await deleteDashboard(actor, id);
  if (deleted.outcome !== "done") return data({ intent, toast: toast("somethingWentWrong", true) }, 400);
  return data({ intent, done: true, toast: toast("dashboardDeleted") });
}

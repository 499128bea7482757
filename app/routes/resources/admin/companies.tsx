import type { SubmissionResult } from "@conform-to/react";
import { data } from "react-router";
import { z } from "zod";
import { requireViewerWith, type Viewer } from "~/domain/access/guard.server";
import { parseIntent, unknownIntent } from "~/domain/actions/intent";
import type { Toast } from "~/domain/actions/toast";
import {
  createCompanyByAdmin,
  saveCompanySubdomains,
  updateAccountStatus,
} from "~/domain/admin/companies.server";
import {
  type AddCompanyInput,
  addCompanySchema,
  type CompanySubdomainsInput,
  companySubdomainsSchema,
  type UpdateStatusInput,
  updateDashboardSchema,
  updateStatusSchema,
  updateTagsSchema,
} from "~/domain/admin/company-admin-schemas";
import { setAccountDashboard } from "~/domain/admin/dashboards.server";
import { setAccountTags } from "~/domain/admin/tags.server";
import { type LateStartCheckout, startLateStartCheckout } from "~/domain/billing/late-start-checkout.server";
import { loadSubdomainPatterns } from "~/domain/platform/system-configuration.server";
import { setStoreLock } from "~/domain/shopify/onboarding-admin.server";
import { storeLockSchema } from "~/domain/shopify/onboarding-schemas";
import type { Route } from "./+types/companies";

const somethingWentWrong = { message: "adminCompanies.toasts.somethingWentWrong", error: true } as const;

/**
 * The company writes of /admin's Companies tab: add a company (and retry its subdomains), and update a
 * company's status, dashboard and tags, and its store lock. Admins only: a roadmin's or a member's POST gets 403.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const actor = await requireViewerWith({ request, context }, "admin.write");
  const patterns = await loadSubdomainPatterns();
  const schema = z.discriminatedUnion("intent", [
    addCompanySchema(patterns),
    companySubdomainsSchema(patterns),
    updateStatusSchema,
    updateDashboardSchema,
    updateTagsSchema,
    storeLockSchema,
  ]);
  const submission = parseIntent(await request.formData(), schema);
  if (submission.status !== "success")
    return data({ intent: String(submission.payload.intent ?? ""), result: submission.reply() }, 400);
  const input = submission.value;
  switch (input.intent) {
    case "create":
      return create(actor, input, submission.reply);
    case "subdomains":
      return retrySubdomains(actor, input, submission.reply);
    case "status":
      return updateStatus(actor, input, submission.reply);
    case "dashboard":
      return assignDashboard(actor, input, submission.reply);
    case "tags":
      return updateTags(actor, input);
    case "store-lock":
      return changeStoreLock(actor, input.accountId, input.locked);
    default:
      return unknownIntent();
  }
}

type Reply = (options?: {
  fieldErrors?: Record<string, string[]>;
  resetForm?: boolean;
}) => SubmissionResult<string[]>;
type Input<I extends string> = Extract<
  | AddCompanyInput
  | CompanySubdomainsInput
  | UpdateStatusInput
  | z.infer<typeof updateDashboardSchema>
  | z.infer<typeof updateTagsSchema>,
  { intent: I }
>;

async function create(actor: Viewer, input: Input<"create">, reply: Reply) {
  const intent = input.intent;
  const created = await createCompanyByAdmin(actor, input);
  if (!created.ok) return data({ intent, result: reply({ fieldErrors: created.fieldErrors }) }, 400);
  const saved = { accountId: created.accountId, company: created.company };
  // LATE_START with a plan starts its checkout, as Update Account Status does.
  const checkout =
    input.accountStatus === "LATE_START" && input.planId
      ? lateStartCheckoutAnswer(await startLateStartCheckout(created.accountId))
      : undefined;
  if (created.subdomainErrors)
    return data({
      intent,
      saved,
      checkout,
      partial: true,
      result: reply({ fieldErrors: created.subdomainErrors }),
    });
  return data({ intent, saved, checkout, partial: false, result: reply({ resetForm: true }) });
}

async function retrySubdomains(actor: Viewer, input: Input<"subdomains">, reply: Reply) {
  const intent = input.intent;
  const saved = await saveCompanySubdomains(actor, input);
  if (saved === "not_found") return data({ intent, toast: somethingWentWrong }, 404);
  if (!saved.ok) return data({ intent, partial: true, result: reply({ fieldErrors: saved.fieldErrors }) });
  return data({ intent, partial: false, result: reply({ resetForm: true }) });
}

async function updateStatus(actor: Viewer, input: Input<"status">, reply: Reply) {
  const intent = input.intent;
  const outcome = await updateAccountStatus(actor, input);
  if (outcome === "plan_not_allowed") {
    const result = reply({ fieldErrors: { planId: ["adminCompanies.validation.planNotAllowed"] } });
    return data({ intent, result }, 400);
  }
  if (outcome === "not_found") return data({ intent, toast: somethingWentWrong }, 404);
  const toast = { message: "adminCompanies.toasts.statusUpdated" } satisfies Toast;
  // LATE_START with a plan starts its checkout (the subscription begins at the late start date).
  if (input.accountStatus !== "LATE_START" || !input.planId) return data({ intent, done: true, toast });
  const checkout = await startLateStartCheckout(input.accountId);
  return data({ intent, done: true, toast, checkout: lateStartCheckoutAnswer(checkout) });
}

/** The checkout URL for the admin to hand over, or why there is none (the status is saved either way). */
function lateStartCheckoutAnswer(checkout: LateStartCheckout) {
  if (checkout.kind === "checkout") return { url: checkout.url, problem: null };
  return {
    url: null,
    problem:
      checkout.kind === "not_configured"
        ? ("adminCompanies.status.checkoutNotConfigured" as const)
        : ("adminCompanies.status.checkoutFailed" as const),
  };
}

async function assignDashboard(actor: Viewer, input: Input<"dashboard">, reply: Reply) {
  const intent = input.intent;
  const outcome = await setAccountDashboard(actor, input.accountId, input.dashboardId);
  if (outcome === "no_dashboard") {
    const result = reply({ fieldErrors: { dashboardId: ["adminCompanies.validation.dashboardRequired"] } });
    return data({ intent, result }, 400);
  }
  if (outcome === "not_found") return data({ intent, toast: somethingWentWrong }, 404);
  return data({ intent, done: true, toast: { message: "adminCompanies.toasts.dashboardAssigned" } });
}

async function updateTags(actor: Viewer, input: Input<"tags">) {
  const intent = input.intent;
  const outcome = await setAccountTags(actor, input.accountId, input.tags);
  if (outcome.outcome === "not_found") return data({ intent, toast: somethingWentWrong }, 404);
  return data({ intent, done: true, toast: { message: "adminCompanies.toasts.tagsUpdated" } });
}

/** Store mode: unlock (or lock) the company's store profile after the admin's confirmation. */
async function changeStoreLock(actor: Viewer, accountId: string, locked: boolean) {
  const intent = "store-lock";
  const outcome = await setStoreLock(actor, accountId, locked);
  if (outcome === "not_found")
    return data({ intent, toast: { message: "shopifyOnboarding.admin.failed", error: true } as Toast }, 404);
  const message = locked ? "shopifyOnboarding.admin.locked" : "shopifyOnboarding.admin.unlocked";
  return data({ intent, done: true, toast: { message } satisfies Toast });
}

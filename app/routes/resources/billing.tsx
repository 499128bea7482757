import { data, redirect } from "react-router";
import { z } from "zod";
import { getEmbeddedAuth, permit, requireMember } from "~/domain/access/guard.server";
import { parseIntent, rejectedForm, unknownIntent } from "~/domain/actions/intent";
import type { Toast } from "~/domain/actions/toast";
import { redirectWithToast } from "~/domain/auth/session.server";
import {
  type CancelStorePlanOutcome,
  cancelStorePlan,
  openBillingPortal,
  type PortalOutcome,
  type SelectPlanOutcome,
  type StoreBillingAnswer,
  selectPlan,
} from "~/domain/billing/checkout.server";
import type { Route } from "./+types/billing";

// `respond=data`: the store forms, once hydrated, take the answer as data instead of a redirect, so
// the page can leave the Shopify admin's frame for Shopify's confirmation (target _top) and re-read
// the company 2 s after a cancel. Without JavaScript the same forms get redirects.
const respond = z.literal("data").optional();
const billingSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("select-plan"), planId: z.string().trim().min(1).max(64), respond }),
  z.object({ intent: z.literal("portal") }),
  z.object({ intent: z.literal("cancel-store-plan"), respond }),
]);

const BILLING_TAB = "/settings?tab=billing";
// 'Failed to update plan information.' is shown for 3 s (spec 2 section 8).
const PLAN_FAILED: Toast = { message: "billing.toasts.failedToUpdatePlan", error: true, durationMs: 3000 };

/**
 * Select Plan, the billing portal and a store plan's cancel, posted by the Billing tab's forms (they
 * work without JavaScript). Stripe's and Shopify's pages are reached by a redirect; every other
 * outcome comes back to the tab with a toast.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const member = await requireMember({ request, context });
  permit(member, "billing.write");
  const submission = parseIntent(await request.formData(), billingSchema);
  if (submission.status !== "success") return rejectedForm(submission);
  const input = submission.value;
  switch (input.intent) {
    case "select-plan": {
      const embedded = await getEmbeddedAuth({ request, context });
      const outcome = await selectPlan(member, input.planId, new Date(), { embeddedShop: embedded?.shop });
      if (outcome.kind === "store_confirmation" && input.respond === "data")
        return data<StoreBillingAnswer>({ kind: "store_confirmation", confirmationUrl: outcome.url });
      return answerSelectPlan(request, outcome);
    }
    case "portal":
      return answerPortal(request, await openBillingPortal(member));
    case "cancel-store-plan": {
      const outcome = await cancelStorePlan(member);
      if (outcome.kind === "cancelled" && input.respond === "data")
        return data<StoreBillingAnswer>({ kind: "store_plan_cancelled", toast: PLAN_CANCELLED });
      return answerCancel(request, outcome);
    }
    default:
      return unknownIntent();
  }
}

async function answerSelectPlan(request: Request, outcome: SelectPlanOutcome) {
  switch (outcome.kind) {
    case "checkout":
    case "store_confirmation":
      return redirect(outcome.url);
    case "updated":
      return redirectWithToast(request, BILLING_TAB, { message: "billing.toasts.planUpdated" });
    case "contact_sales":
      return redirect("/support");
    case "contact_support":
      return backWith(request, { message: "billing.reachOutSupport", error: true });
    case "not_configured":
      return backWith(request, { message: "billing.toasts.notConfigured", error: true });
    case "store_not_connected":
      return backWith(request, { message: "billing.toasts.storeNotConnected", error: true });
    case "store_not_configured":
      return backWith(request, { message: "billing.toasts.storeNotConfigured", error: true });
    case "manual_billing":
      return backWith(request, { message: "billing.toasts.manualBilling", error: true });
    case "unknown_plan":
    case "failed":
      // The spec's words only; what failed is in the log under the outcome's error id.
      return backWith(request, PLAN_FAILED);
  }
}

async function answerPortal(request: Request, outcome: PortalOutcome) {
  switch (outcome.kind) {
    case "portal":
      return redirect(outcome.url);
    case "not_configured":
      return backWith(request, { message: "billing.toasts.notConfigured", error: true });
    case "no_customer":
    case "failed":
      return backWith(request, { message: "billing.toasts.failedToFetchSession", error: true });
  }
}

const PLAN_CANCELLED: Toast = { message: "billing.toasts.planCancelled" };

async function answerCancel(request: Request, outcome: CancelStorePlanOutcome) {
  switch (outcome.kind) {
    case "cancelled":
      return backWith(request, PLAN_CANCELLED);
    case "no_store_plan":
      return backWith(request, { message: "billing.toasts.noStorePlan", error: true });
    case "manual_billing":
      return backWith(request, { message: "billing.toasts.manualBilling", error: true });
    case "store_not_connected":
      return backWith(request, { message: "billing.toasts.storeNotConnected", error: true });
    case "store_not_configured":
      return backWith(request, { message: "billing.toasts.storeNotConfigured", error: true });
    case "failed":
      return backWith(request, {
        message: "billing.toasts.failedToUpdatePlan",
        error: true,
        durationMs: 3000,
      });
  }
}

function backWith(request: Request, toast: Toast) {
  return redirectWithToast(request, BILLING_TAB, toast);
}

export function loader() {
  return new Response("Method Not Allowed", { status: 405, headers: { Allow: "POST" } });
}

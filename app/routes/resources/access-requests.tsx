import { z } from "zod";
import { requireMemberWith } from "~/domain/access/guard.server";
import { parseIntent, rejectedForm, uuidField } from "~/domain/actions/intent";
import { respond } from "~/domain/actions/respond.server";
import { requestOrigin } from "~/domain/auth/origin.server";
import { decideAccessRequest } from "~/domain/team/requests.server";
import type { Route } from "./+types/access-requests";

const decisionSchema = z.object({
  intent: z.enum(["approve", "decline"]),
  requestId: uuidField,
});

/** Approve or decline a request to join the active company. */
export async function action({ request, context }: Route.ActionArgs) {
  const member = await requireMemberWith({ request, context }, "team.manage");
  const form = await request.formData();
  const submission = parseIntent(form, decisionSchema);
  if (submission.status !== "success") return rejectedForm(submission);
  const approve = submission.value.intent === "approve";
  const outcome = await decideAccessRequest(
    member,
    submission.value.requestId,
    approve,
    requestOrigin(context).language,
  );
  if (outcome === "not_found") {
    return respond(request, form, {
      message: approve ? "toasts.failedToApprove" : "toasts.failedToDecline",
      error: true,
    });
  }
  return respond(request, form, { message: approve ? "toasts.requestApproved" : "toasts.requestDeclined" });
}

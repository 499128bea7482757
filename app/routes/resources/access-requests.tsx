import { data } from "react-router";
import { requireMemberWith } from "~/domain/access/guard.server";
import { requestOrigin } from "~/domain/auth/origin.server";
import { decideAccessRequest } from "~/domain/team/requests.server";
import { respond } from "~/ui/respond.server";
import type { Route } from "./+types/access-requests";

/** Approve or decline a request to join the active company. */
export async function action({ request, context }: Route.ActionArgs) {
  const member = await requireMemberWith(request, "team.manage");
  const form = await request.formData();
  const intent = form.get("intent");
  if (intent !== "approve" && intent !== "decline") return data({ error: "Unknown intent" }, 400);
  const approve = intent === "approve";
  const outcome = await decideAccessRequest(
    member,
    String(form.get("requestId") ?? ""),
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

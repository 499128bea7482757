import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "react-router";
import { requireMemberWith, requireViewer } from "~/domain/access/guard.server";
import { requestOrigin } from "~/domain/auth/origin.server";
import { redirectWithToast } from "~/domain/auth/session.server";
import { inviteSchema } from "~/domain/settings/schemas";
import {
  acceptInvitation,
  cancelInvitation,
  declineInvitation,
  sendInvitations,
} from "~/domain/team/invitations.server";
import { respond } from "~/ui/respond.server";
import type { Route } from "./+types/invitations";

/** Invitations: company admins send and cancel; the invited person accepts or declines. */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const intent = form.get("intent");
  const inviteId = String(form.get("inviteId") ?? "");

  if (intent === "invite") {
    const member = await requireMemberWith(request, "team.manage");
    const submission = parseWithZod(form, { schema: inviteSchema });
    if (submission.status !== "success") return data({ result: submission.reply(), outcome: null }, 400);
    const outcome = await sendInvitations(member, submission.value.emails, requestOrigin(context).language);
    return { result: submission.reply({ resetForm: outcome.sent.length > 0 }), outcome };
  }
  if (intent === "cancel") {
    const member = await requireMemberWith(request, "team.manage");
    const cancelled = await cancelInvitation(member, inviteId);
    return respond(
      request,
      form,
      cancelled
        ? { message: "toasts.invitationCancelled" }
        : { message: "toasts.requestNotFound", error: true },
    );
  }

  const viewer = await requireViewer(request);
  if (intent === "accept") {
    const outcome = await acceptInvitation(viewer, inviteId);
    if (outcome === "joined")
      return redirectWithToast(request, "/", { message: "toasts.joinedOrganization" });
    return respond(
      request,
      form,
      {
        message: outcome === "ineligible" ? "invitations.ineligible" : "toasts.requestNotFound",
        error: true,
      },
      { outcome },
    );
  }
  if (intent === "decline") {
    const declined = await declineInvitation(viewer, inviteId);
    return respond(
      request,
      form,
      declined
        ? { message: "toasts.invitationDeclined" }
        : { message: "toasts.requestNotFound", error: true },
    );
  }
  return data({ error: "Unknown intent" }, 400);
}

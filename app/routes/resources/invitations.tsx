import { z } from "zod";
import {
  type MemberContext,
  permit,
  permitMember,
  requireCaller,
  type Viewer,
} from "~/domain/access/guard.server";
import { parseIntent, rejectedForm, unknownIntent, uuidField } from "~/domain/actions/intent";
import { respond } from "~/domain/actions/respond.server";
import { requestOrigin } from "~/domain/auth/origin.server";
import { redirectWithToast } from "~/domain/auth/session.server";
import { inviteSchema } from "~/domain/settings/schemas";
import {
  acceptInvitation,
  cancelInvitation,
  declineInvitation,
  sendInvitations,
} from "~/domain/team/invitations.server";
import type { Route } from "./+types/invitations";

const invitationSchema = z.discriminatedUnion("intent", [
  inviteSchema,
  z.object({ intent: z.literal("cancel"), inviteId: uuidField }),
  z.object({ intent: z.literal("accept"), inviteId: uuidField }),
  z.object({ intent: z.literal("decline"), inviteId: uuidField }),
]);

/** Invitations: company admins send and cancel; the invited person accepts or declines. */
export async function action({ request, context }: Route.ActionArgs) {
  const caller = await requireCaller({ request, context });
  const form = await request.formData();
  const submission = parseIntent(form, invitationSchema);
  if (submission.status !== "success") return rejectedForm(submission);
  const input = submission.value;
  switch (input.intent) {
    case "invite":
      return invite(permitMember(caller, "team.manage"), input.emails, submission.reply, context);
    case "cancel":
      return cancel(request, form, permitMember(caller, "team.manage"), input.inviteId);
    case "accept":
      permit(caller.subject, "invites.answer");
      return accept(request, form, caller.viewer, input.inviteId);
    case "decline":
      permit(caller.subject, "invites.answer");
      return decline(request, form, caller.viewer, input.inviteId);
    default:
      return unknownIntent();
  }
}

async function invite(
  member: MemberContext,
  emails: string,
  reply: (options: { resetForm: boolean }) => unknown,
  context: Route.ActionArgs["context"],
) {
  const outcome = await sendInvitations(member, emails, requestOrigin(context).language);
  return { result: reply({ resetForm: outcome.sent.length > 0 }), outcome };
}

async function cancel(request: Request, form: FormData, member: MemberContext, inviteId: string) {
  const cancelled = await cancelInvitation(member, inviteId);
  return respond(
    request,
    form,
    cancelled
      ? { message: "toasts.invitationCancelled" }
      : { message: "toasts.requestNotFound", error: true },
  );
}

async function accept(request: Request, form: FormData, viewer: Viewer, inviteId: string) {
  const outcome = await acceptInvitation(viewer, inviteId);
  if (outcome === "joined") return redirectWithToast(request, "/", { message: "toasts.joinedOrganization" });
  return respond(
    request,
    form,
    { message: outcome === "ineligible" ? "invitations.ineligible" : "toasts.requestNotFound", error: true },
    { outcome },
  );
}

async function decline(request: Request, form: FormData, viewer: Viewer, inviteId: string) {
  const declined = await declineInvitation(viewer, inviteId);
  return respond(
    request,
    form,
    declined ? { message: "toasts.invitationDeclined" } : { message: "toasts.requestNotFound", error: true },
  );
}

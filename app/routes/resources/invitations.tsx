import { BlockStack, Button, Card, Page } from "@shopify/polaris";
import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { Form, useSubmit } from "react-router";
import { z } from "zod";
import {
  type MemberContext,
  permit,
  permitMember,
  requireCaller,
  requireViewer,
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
import { followInvitationLink } from "~/domain/team/invite-link.server";
import { RouteErrorBoundary } from "~/ui/route-error-boundary";
import type { Route } from "./+types/invitations";

/**
 * The emailed link's page (/?requestid= sends a signed-in visitor here): it posts the acceptance as
 * it loads, with its button as the fallback without JavaScript, so joining never happens on a GET.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireViewer({ request, context });
  return { inviteId: new URL(request.url).searchParams.get("requestid") ?? "" };
}

const invitationSchema = z.discriminatedUnion("intent", [
  inviteSchema,
  z.object({ intent: z.literal("cancel"), inviteId: uuidField }),
  z.object({ intent: z.literal("accept"), inviteId: uuidField }),
  z.object({ intent: z.literal("decline"), inviteId: uuidField }),
  // The link's id is settled by the domain: an unknown or older id shows 'Request not found!'.
  z.object({ intent: z.literal("follow-link"), inviteId: z.string().trim().min(1) }),
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
    case "follow-link":
      permit(caller.subject, "invites.answer");
      return followInvitationLink(request, caller.viewer, input.inviteId);
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

export default function InvitationLink({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const submit = useSubmit();
  const form = useRef<HTMLFormElement>(null);
  const posted = useRef(false);
  useEffect(() => {
    // Posts once as the page loads; the button is there for browsers without JavaScript.
    if (posted.current || !form.current) return;
    posted.current = true;
    submit(form.current, { replace: true });
  }, [submit]);
  return (
    <Page narrowWidth title={t("invitations.modalTitle")}>
      <Card>
        <Form method="post" ref={form}>
          <BlockStack gap="400" inlineAlign="start">
            <input type="hidden" name="intent" value="follow-link" />
            <input type="hidden" name="inviteId" value={loaderData.inviteId} />
            <Button variant="primary" submit>
              {t("invitations.accept")}
            </Button>
          </BlockStack>
        </Form>
      </Card>
    </Page>
  );
}

export const ErrorBoundary = RouteErrorBoundary;

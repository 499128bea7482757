import { BlockStack, Button, Card, Page } from "@shopify/polaris";
import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { Form, useSubmit } from "react-router";
import { z } from "zod";
import { permit, requireCaller } from "~/domain/access/guard.server";
import { parseIntent, rejectedForm } from "~/domain/actions/intent";
import { shopifyBoundaryHeaders } from "~/domain/shopify/boundary-headers.server";
import { followInvitationLink } from "~/domain/team/invite-link.server";
import { RouteErrorBoundary } from "~/ui/route-error-boundary";
import type { Route } from "./+types/invitation-link";

/**
 * The emailed invitation link's page (/?requestid= sends a signed-in visitor here). It posts the
 * acceptance as it loads, with its button as the fallback without JavaScript: joining a company
 * never happens on a GET, which browsers, link checkers and mail scanners fetch on their own.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireCaller({ request, context });
  return { inviteId: new URL(request.url).searchParams.get("requestid") ?? "" };
}

// The link's id is settled by the domain: an unknown or older id shows 'Request not found!'.
const followSchema = z.object({ inviteId: z.string().trim().min(1) });

export async function action({ request, context }: Route.ActionArgs) {
  const caller = await requireCaller({ request, context });
  permit(caller.subject, "invites.answer");
  const submission = parseIntent(await request.formData(), followSchema);
  if (submission.status !== "success") return rejectedForm(submission);
  return followInvitationLink(request, caller.viewer, submission.value.inviteId);
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
export const headers = shopifyBoundaryHeaders;

import { requireMemberWith } from "~/domain/access/guard.server";
import { can } from "~/domain/access/permissions";
import { shopifyBoundaryHeaders } from "~/domain/shopify/boundary-headers.server";
import { answerReplyForm, companyChatUrl, loadInbox } from "~/domain/webchat/chat/inbox.server";
import { RouteErrorBoundary } from "~/ui/route-error-boundary";
import { ChatInbox } from "~/ui/webchat/chat-inbox";
import inboxStyles from "~/ui/webchat/chat-inbox.css?url";
import type { Route } from "./+types/inbox";

/**
 * /webchat/inbox: the company's web chat conversations for its beta members (and platform staff
 * viewing the company). Read-only admins read and cannot reply.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const member = await requireMemberWith({ request, context }, "webchat.view");
  const canReply = can(member, "webchat.write");
  const inbox = await loadInbox({ accountId: member.account.id }, new URL(request.url), {
    canWrite: canReply,
  });
  return {
    inbox,
    canReply,
    chatUrl: companyChatUrl(member.account.chatstreamSubdomain),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const member = await requireMemberWith({ request, context }, "webchat.write");
  return answerReplyForm({ accountId: member.account.id }, member.user.id, await request.formData());
}

export default function Inbox({ loaderData }: Route.ComponentProps) {
  return (
    <ChatInbox
      data={loaderData.inbox}
      allCompanies={false}
      canReply={loaderData.canReply}
      chatUrl={loaderData.chatUrl}
    />
  );
}

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: inboxStyles }];

export const ErrorBoundary = RouteErrorBoundary;
export const headers = shopifyBoundaryHeaders;

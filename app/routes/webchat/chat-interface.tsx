import { data } from "react-router";
import { requireViewerWith, viewerSubject } from "~/domain/access/guard.server";
import { can } from "~/domain/access/permissions";
import { shopifyBoundaryHeaders } from "~/domain/shopify/boundary-headers.server";
import { answerReplyForm, loadInbox } from "~/domain/webchat/chat/inbox.server";
import { RouteErrorBoundary } from "~/ui/route-error-boundary";
import { ChatInbox } from "~/ui/webchat/chat-inbox";
import inboxStyles from "~/ui/webchat/chat-inbox.css?url";
import type { Route } from "./+types/chat-interface";

/**
 * /chat-interface (spec 1 section 2: the admin group only): the platform's staff console of the web
 * chat, every company's conversations in one list, each naming its company.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = await requireViewerWith({ request, context }, "chat.view");
  const canReply = can(viewerSubject(viewer), "webchat.write");
  const inbox = await loadInbox({ allAccounts: true }, new URL(request.url), { canWrite: canReply });
  return { inbox, canReply };
}

export async function action({ request, context }: Route.ActionArgs) {
  const viewer = await requireViewerWith({ request, context }, "chat.view");
  if (!can(viewerSubject(viewer), "webchat.write")) throw data({ error: "Forbidden" }, 403);
  return answerReplyForm({ allAccounts: true }, viewer.user.id, await request.formData());
}

export default function ChatInterface({ loaderData }: Route.ComponentProps) {
  return <ChatInbox data={loaderData.inbox} allCompanies canReply={loaderData.canReply} chatUrl={null} />;
}

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: inboxStyles }];

export const ErrorBoundary = RouteErrorBoundary;
export const headers = shopifyBoundaryHeaders;

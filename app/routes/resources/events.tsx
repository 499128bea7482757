import { clientIpContext } from "~/context.server";
import { requireViewer } from "~/domain/access/guard.server";
import { eventStreamResponse } from "~/services/events/event-stream.server";
import type { Route } from "./+types/events";

/** Server-sent events for the signed-in user: their invitations and requests, and their companies' changes. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = await requireViewer({ request, context });
  const accountIds = new Set(viewer.memberships.map((m) => m.accountId));
  return eventStreamResponse(request, {
    holders: { address: context.get(clientIpContext), user: viewer.user.id },
    // Web chat messages go to the inbox's own stream (resources/chat-inbox-events), not to every page.
    wants: (event) =>
      event.topic !== "webchat" &&
      (event.topic === "terms" ||
        (event.email !== undefined && event.email === viewer.user.email) ||
        (event.accountId !== undefined && accountIds.has(event.accountId))),
    onEvent: (stream, event) => stream.send("change", { topic: event.topic }),
  });
}

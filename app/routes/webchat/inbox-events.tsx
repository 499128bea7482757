import { clientIpContext } from "~/context.server";
import { requireMemberWith, requireViewerWith } from "~/domain/access/guard.server";
import { eventStreamResponse } from "~/services/events/event-stream.server";
import type { Route } from "./+types/inbox-events";

/**
 * Server-sent events of the chat inbox: a `change` whenever a message is written in one of the
 * company's conversations (?scope=all: any company's, for /chat-interface's platform admins). Ids
 * only: the page re-reads what it shows through its loader, which scopes it.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const everyCompany = new URL(request.url).searchParams.get("scope") === "all";
  let accountId: string | null = null;
  let userId: string;
  if (everyCompany) userId = (await requireViewerWith({ request, context }, "chat.view")).user.id;
  else {
    const member = await requireMemberWith({ request, context }, "webchat.view");
    accountId = member.account.id;
    userId = member.user.id;
  }
  return eventStreamResponse(request, {
    holders: { address: context.get(clientIpContext), user: userId },
    wants: (event) => event.topic === "webchat" && (accountId === null || event.accountId === accountId),
    onEvent: (stream) => stream.send("change", { topic: "webchat" }),
  });
}

import { offlinePage } from "~/domain/webchat/chat/chat-page.server";
import { htmlResponse, resolveChatRequest } from "~/domain/webchat/chat/chat-request.server";
import type { Route } from "./+types/offline";

/** /c/{subdomain}/offline: the page the service worker keeps for when the network is gone. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const chat = await resolveChatRequest({ request, params, context });
  // The service worker stores it: it may be cached, it holds nothing of any contact.
  return htmlResponse(offlinePage(chat), 200, { "Cache-Control": "no-cache" });
}

import { serviceWorkerScript } from "~/domain/webchat/chat/chat-app-shell.server";
import { resolveChatRequest } from "~/domain/webchat/chat/chat-request.server";
import type { Route } from "./+types/service-worker";

/** /c/{subdomain}/sw.js: the chat app's service worker (its scope is the app's folder). */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const chat = await resolveChatRequest({ request, params, context });
  return new Response(serviceWorkerScript(chat), {
    headers: { "Content-Type": "text/javascript; charset=utf-8", "Cache-Control": "no-cache" },
  });
}

import { chatManifest } from "~/domain/webchat/chat/chat-app-shell.server";
import { resolveChatRequest } from "~/domain/webchat/chat/chat-request.server";
import type { Route } from "./+types/manifest";

/** /c/{subdomain}/manifest.webmanifest: the installable app's names, colours and icons (the branding). */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const chat = await resolveChatRequest({ request, params, context });
  return new Response(JSON.stringify(chatManifest(chat)), {
    headers: { "Content-Type": "application/manifest+json; charset=utf-8", "Cache-Control": "no-cache" },
  });
}

import { Readable } from "node:stream";
import { getDb } from "#db/client.server";
import { openPublicAsset } from "~/domain/webchat/branding/assets.server";
import type { Route } from "./+types/asset";

/**
 * /webchat-assets/{id}.{ext}: an image a company uploaded for its chat (favicon, home-screen,
 * header and brand-message icons), public like the chat app, its manifest and its emails that show
 * it. Ids are random; a file never changes (a new upload is a new id).
 */
export async function loader({ params }: Route.LoaderArgs) {
  const asset = await openPublicAsset(getDb(), params.file ?? "");
  if (!asset) return new Response("Not found", { status: 404 });
  return new Response(Readable.toWeb(asset.stream) as ReadableStream<Uint8Array>, {
    headers: {
      "Content-Type": asset.contentType,
      "Content-Length": String(asset.bytes),
      "Cache-Control": "public, max-age=31536000, immutable",
      "X-Content-Type-Options": "nosniff",
      "Content-Security-Policy": "default-src 'none'",
      "Cross-Origin-Resource-Policy": "cross-origin",
    },
  });
}

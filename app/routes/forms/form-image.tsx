import { Readable } from "node:stream";
import { fileStorage } from "~/services/storage/storage.server";
import type { Route } from "./+types/form-image";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/**
 * /forms/images/{account}/{uuid}.png: a form's uploaded image, public like the form it belongs to
 * (the public page and any site embedding it load it). Names are random; the file never changes.
 */
export async function loader({ params }: Route.LoaderArgs) {
  const file = /^([0-9a-f-]{36})\.png$/.exec(params.file ?? "");
  if (!file || !UUID.test(params.accountId ?? "") || !UUID.test(file[1] ?? ""))
    return new Response("Not found", { status: 404 });
  const key = `form-images/${params.accountId}/${file[1]}.png`;
  const size = await fileStorage().size(key);
  if (size === null) return new Response("Not found", { status: 404 });
  const body = Readable.toWeb(fileStorage().read(key)) as ReadableStream<Uint8Array>;
  return new Response(body, {
    headers: {
      "Content-Type": "image/png",
      "Content-Length": String(size),
      "Cache-Control": "public, max-age=31536000, immutable",
      "X-Content-Type-Options": "nosniff",
      "Cross-Origin-Resource-Policy": "cross-origin",
    },
  });
}

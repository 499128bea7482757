import { randomUUID } from "node:crypto";
import { Readable } from "node:stream";
import { data } from "react-router";
import { requireMemberWith } from "~/domain/access/guard.server";
import { fileStorage } from "~/services/storage/storage.server";
import type { Route } from "./+types/form-images";

/** Logos, background images and image elements are small: 2 MB is plenty for a png of 300 px. */
export const MAX_FORM_IMAGE_BYTES = 2 * 1024 * 1024;
const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

/**
 * The builder's image upload (spec 3 section 7, getSignedPutURL): a png, kept through the storage
 * module under the company's folder; answers the address the form stores (logoUrl,
 * backgroundImageUrl or an image element's src), served by /forms/images/*.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const member = await requireMemberWith({ request, context }, "forms.write");
  if (Number(request.headers.get("Content-Length") ?? 0) > MAX_FORM_IMAGE_BYTES + 16 * 1024)
    return data({ error: "Too large" }, 413);
  let file: FormDataEntryValue | null;
  try {
    file = (await request.formData()).get("file");
  } catch {
    return data({ error: "Bad request" }, 400);
  }
  if (!(file instanceof File) || file.size > MAX_FORM_IMAGE_BYTES) return data({ error: "Bad request" }, 400);
  const bytes = new Uint8Array(await file.arrayBuffer());
  // png only (spec 5.1), by its content, whatever the name or type the browser sent.
  if (!PNG_SIGNATURE.every((byte, i) => bytes[i] === byte)) return data({ error: "Not a png file" }, 400);
  const key = `form-images/${member.account.id}/${randomUUID()}.png`;
  await fileStorage().write(key, Readable.from([bytes]), { maxBytes: MAX_FORM_IMAGE_BYTES });
  return data({ url: `/${key.replace(/^form-images\//, "forms/images/")}` });
}

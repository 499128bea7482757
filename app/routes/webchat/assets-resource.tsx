import { data } from "react-router";
import { getDb } from "#db/client.server";
import { requireMemberWith } from "~/domain/access/guard.server";
import type { Toast } from "~/domain/actions/toast";
import { deleteAsset, MAX_ASSET_BYTES, uploadAsset } from "~/domain/webchat/branding/assets.server";
import type { Route } from "./+types/assets-resource";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const uploadFailed: Toast = { message: "webchat.branding.assets.uploadFailed", error: true };
const deleteFailed: Toast = { message: "webchat.branding.assets.deleteFailed", error: true };

/**
 * The Branding tab's images (spec 3 sections 7 and 8): a multipart post uploads one ('Upload
 * successful' / 'Upload failed'); a form post with intent=delete removes one of the company's own
 * ('Asset deleted' / 'Delete failed'). Read-only admins get 403 from the guard.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const member = await requireMemberWith({ request, context }, "webchat.write");
  if (Number(request.headers.get("Content-Length") ?? 0) > MAX_ASSET_BYTES + 16 * 1024)
    return data({ toast: uploadFailed }, 413);
  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    return data({ toast: uploadFailed }, 400);
  }
  if (form.get("intent") === "delete") {
    const id = String(form.get("id") ?? "");
    try {
      const deleted = UUID.test(id) && (await deleteAsset(getDb(), member.account.id, id));
      if (!deleted) return data({ toast: deleteFailed }, 404);
      return { toast: { message: "webchat.branding.assets.deleted" } satisfies Toast, deleted: id };
    } catch (error) {
      console.error("webchat: asset not deleted", error);
      return data({ toast: deleteFailed }, 500);
    }
  }
  const file = form.get("file");
  if (!(file instanceof File)) return data({ toast: uploadFailed }, 400);
  try {
    const uploaded = await uploadAsset(getDb(), member.account.id, {
      name: file.name,
      bytes: new Uint8Array(await file.arrayBuffer()),
    });
    if (!uploaded.ok) return data({ toast: uploadFailed, reason: uploaded.reason }, 400);
    return { toast: { message: "webchat.branding.assets.uploaded" } satisfies Toast, asset: uploaded.asset };
  } catch (error) {
    console.error("webchat: asset not uploaded", error);
    return data({ toast: uploadFailed }, 500);
  }
}

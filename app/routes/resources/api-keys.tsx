import { data } from "react-router";
import { requireMemberWith } from "~/domain/access/guard.server";
import { deleteApiKey, generateApiKey, setApiKeyDisabled } from "~/domain/keys/api-keys.server";
import { respond } from "~/ui/respond.server";
import type { Route } from "./+types/api-keys";

/** Secret keys of the active company: generate (shown once), enable, disable, delete. */
export async function action({ request }: Route.ActionArgs) {
  const form = await request.formData();
  const intent = form.get("intent");
  const keyId = String(form.get("keyId") ?? "");
  if (intent === "generate") {
    const member = await requireMemberWith(request, "keys.generate");
    const created = await generateApiKey(member);
    if (!created.ok) return respond(request, form, { message: "toasts.secretKeyAddFailed", error: true });
    // The secret travels once, in this answer; without JavaScript there is no safe place to show it later.
    return data({ toast: { message: "toasts.secretKeyAdded" }, secret: created.key });
  }
  const member = await requireMemberWith(request, "keys.manage");
  if (intent === "enable" || intent === "disable") {
    const changed = await setApiKeyDisabled(member, keyId, intent === "disable");
    if (!changed) return respond(request, form, { message: "toasts.disableFailed", error: true });
    return respond(request, form, {
      message: intent === "disable" ? "toasts.disableSuccessfully" : "toasts.enableSuccessfully",
    });
  }
  if (intent === "delete") {
    const deleted = await deleteApiKey(member, keyId);
    return respond(
      request,
      form,
      deleted ? { message: "toasts.deletedSuccessfully" } : { message: "toasts.deleteFailed", error: true },
    );
  }
  return data({ error: "Unknown intent" }, 400);
}

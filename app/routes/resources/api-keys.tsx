import { data } from "react-router";
import { z } from "zod";
import { type MemberContext, permit, permitAny, requireMember } from "~/domain/access/guard.server";
import type { Permission } from "~/domain/access/permissions";
import { parseIntent, rejectedForm, unknownIntent, uuidField } from "~/domain/actions/intent";
import { respond } from "~/domain/actions/respond.server";
import { deleteApiKey, generateApiKey, setApiKeyDisabled } from "~/domain/keys/api-keys.server";
import type { Route } from "./+types/api-keys";

const apiKeySchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("generate") }),
  z.object({ intent: z.literal("enable"), keyId: uuidField }),
  z.object({ intent: z.literal("disable"), keyId: uuidField }),
  z.object({ intent: z.literal("delete"), keyId: uuidField }),
]);

/** The permission each intent needs. */
const intentPermissions: Record<z.infer<typeof apiKeySchema>["intent"], Permission> = {
  generate: "keys.generate",
  enable: "keys.manage",
  disable: "keys.manage",
  delete: "keys.manage",
};

/** Secret keys of the active company: generate (shown once), enable, disable, delete. */
export async function action({ request, context }: Route.ActionArgs) {
  const member = await requireMember({ request, context });
  // Refused before the body is read when no intent here is theirs (a read-only admin).
  permitAny(member, Object.values(intentPermissions));
  const form = await request.formData();
  const submission = parseIntent(form, apiKeySchema);
  if (submission.status !== "success") return rejectedForm(submission);
  const input = submission.value;
  permit(member, intentPermissions[input.intent]);
  switch (input.intent) {
    case "generate":
      return generate(request, form, member);
    case "enable":
    case "disable":
      return setDisabled(request, form, member, input.keyId, input.intent === "disable");
    case "delete":
      return remove(request, form, member, input.keyId);
    default:
      return unknownIntent();
  }
}

async function generate(request: Request, form: FormData, member: MemberContext) {
  const created = await generateApiKey(member);
  if (!created.ok) return respond(request, form, { message: "toasts.secretKeyAddFailed", error: true });
  // The secret travels once, in this answer; without JavaScript there is no safe place to show it later.
  return data({ toast: { message: "toasts.secretKeyAdded" }, secret: created.key });
}

async function setDisabled(
  request: Request,
  form: FormData,
  member: MemberContext,
  keyId: string,
  disable: boolean,
) {
  const changed = await setApiKeyDisabled(member, keyId, disable);
  if (!changed) return respond(request, form, { message: "toasts.disableFailed", error: true });
  return respond(request, form, {
    message: disable ? "toasts.disableSuccessfully" : "toasts.enableSuccessfully",
  });
}

async function remove(request: Request, form: FormData, member: MemberContext, keyId: string) {
  const deleted = await deleteApiKey(member, keyId);
  return respond(
    request,
    form,
    deleted ? { message: "toasts.deletedSuccessfully" } : { message: "toasts.deleteFailed", error: true },
  );
}

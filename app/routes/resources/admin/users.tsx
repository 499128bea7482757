import { z } from "zod";
import { requireViewerWith, type Viewer } from "~/domain/access/guard.server";
import { parseIntent, unknownIntent, uuidField } from "~/domain/actions/intent";
import { respond } from "~/domain/actions/respond.server";
import { setAccountDisabled, setUserSuspended } from "~/domain/admin/suspension.server";
import type { Route } from "./+types/users";

const suspensionSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("suspend"), userId: uuidField }),
  z.object({ intent: z.literal("unsuspend"), userId: uuidField }),
  z.object({ intent: z.literal("disable-company"), accountId: uuidField }),
  z.object({ intent: z.literal("enable-company"), accountId: uuidField }),
]);

const failed = { message: "adminUsers.toasts.failed", error: true } as const;
const companyFailed = { message: "adminUsers.toasts.companyFailed", error: true } as const;

/**
 * Suspends and restores users (the Users tab) and companies (intent disable-company/enable-company,
 * for a button the Companies tab or a later issue adds). Platform admins only: roadmin gets 403.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const viewer = await requireViewerWith({ request, context }, "admin.write");
  const form = await request.formData();
  if (!form.has("redirectTo")) form.set("redirectTo", "/admin?tab=users");
  const submission = parseIntent(form, suspensionSchema);
  if (submission.status !== "success") {
    const intent = submission.payload.intent;
    if (intent === "disable-company" || intent === "enable-company")
      return respond(request, form, companyFailed);
    if (intent === "suspend" || intent === "unsuspend") return respond(request, form, failed);
    return unknownIntent();
  }
  const input = submission.value;
  switch (input.intent) {
    case "suspend":
    case "unsuspend":
      return suspendUser(request, form, viewer, input.userId, input.intent === "suspend");
    case "disable-company":
    case "enable-company":
      return disableCompany(request, form, viewer, input.accountId, input.intent === "disable-company");
    default:
      return unknownIntent();
  }
}

async function suspendUser(
  request: Request,
  form: FormData,
  viewer: Viewer,
  userId: string,
  suspend: boolean,
) {
  const outcome = await setUserSuspended(viewer, userId, suspend).catch(logged);
  if (outcome === "self") return respond(request, form, { message: "adminUsers.toasts.self", error: true });
  if (outcome !== "done") return respond(request, form, failed, undefined, outcome ? 404 : 500);
  return respond(request, form, {
    message: suspend ? "adminUsers.toasts.suspended" : "adminUsers.toasts.unsuspended",
  });
}

async function disableCompany(
  request: Request,
  form: FormData,
  viewer: Viewer,
  accountId: string,
  disable: boolean,
) {
  const outcome = await setAccountDisabled(viewer, accountId, disable).catch(logged);
  if (outcome !== "done") return respond(request, form, companyFailed, undefined, outcome ? 404 : 500);
  return respond(request, form, {
    message: disable ? "adminUsers.toasts.companyDisabled" : "adminUsers.toasts.companyEnabled",
  });
}

function logged(error: unknown) {
  console.error("admin suspension action failed", error);
  return null;
}

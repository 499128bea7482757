import { data } from "react-router";
import { z } from "zod";
import { requireViewerWith } from "~/domain/access/guard.server";
import { respond } from "~/domain/actions/respond.server";
import { setAccountDisabled, setUserSuspended } from "~/domain/admin/suspension.server";
import type { Route } from "./+types/users";

const suspensionSchema = z.union([
  z.object({ intent: z.enum(["suspend", "unsuspend"]), userId: z.uuid() }),
  z.object({ intent: z.enum(["disable-company", "enable-company"]), accountId: z.uuid() }),
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
  const parsed = suspensionSchema.safeParse(Object.fromEntries(form));
  if (!parsed.success) {
    const intent = form.get("intent");
    if (intent === "disable-company" || intent === "enable-company")
      return respond(request, form, companyFailed);
    if (intent === "suspend" || intent === "unsuspend") return respond(request, form, failed);
    return data({ error: "Unknown intent" }, 400);
  }
  const input = parsed.data;
  if ("userId" in input) {
    const suspend = input.intent === "suspend";
    const outcome = await setUserSuspended(viewer, input.userId, suspend).catch(logged);
    if (outcome === "self") return respond(request, form, { message: "adminUsers.toasts.self", error: true });
    if (outcome !== "done") return respond(request, form, failed, undefined, outcome ? 404 : 500);
    return respond(request, form, {
      message: suspend ? "adminUsers.toasts.suspended" : "adminUsers.toasts.unsuspended",
    });
  }
  const disable = input.intent === "disable-company";
  const outcome = await setAccountDisabled(viewer, input.accountId, disable).catch(logged);
  if (outcome !== "done") return respond(request, form, companyFailed, undefined, outcome ? 404 : 500);
  return respond(request, form, {
    message: disable ? "adminUsers.toasts.companyDisabled" : "adminUsers.toasts.companyEnabled",
  });
}

function logged(error: unknown) {
  console.error("admin suspension action failed", error);
  return null;
}

import { data, redirect } from "react-router";
import { requireMemberWith } from "~/domain/access/guard.server";
import { redirectWithToast } from "~/domain/auth/session.server";
import { removeMember, setCompanyAdmin } from "~/domain/team/members.server";
import { respond } from "~/ui/respond.server";
import type { Route } from "./+types/members";

/** Leave the company, remove a member, or name and unname company admins. */
export async function action({ request }: Route.ActionArgs) {
  const form = await request.formData();
  const intent = form.get("intent");
  const userId = String(form.get("userId") ?? "");

  if (intent === "leave") {
    const member = await requireMemberWith(request, "team.leave");
    const outcome = await removeMember(member, member.user.id);
    if (outcome === "last_admin") return respond(request, form, { message: "toasts.lastAdmin", error: true });
    if (outcome === "not_found")
      return respond(request, form, { message: "toasts.somethingWentWrongToast", error: true });
    // The next most recent company becomes active; with none left the guard sends the user to /setup.
    return redirectWithToast(request, "/", { message: "toasts.leftOrganization" });
  }

  const member = await requireMemberWith(request, "team.manage");
  if (intent === "remove") {
    if (userId === member.user.id) return redirect("/settings?tab=organization");
    const outcome = await removeMember(member, userId);
    if (outcome === "done") return respond(request, form, { message: "toasts.memberRemoved" });
    return respond(request, form, {
      message: outcome === "last_admin" ? "toasts.lastAdmin" : "toasts.somethingWentWrongToast",
      error: true,
    });
  }
  if (intent === "make-admin" || intent === "remove-admin") {
    const makeAdmin = intent === "make-admin";
    const outcome = await setCompanyAdmin(member, userId, makeAdmin);
    const name = String(form.get("name") ?? "");
    if (outcome === "done") {
      return respond(request, form, {
        message: makeAdmin ? "toasts.adminGranted" : "toasts.adminRevoked",
        values: { name },
      });
    }
    return respond(request, form, {
      message: outcome === "last_admin" ? "toasts.lastAdmin" : "toasts.somethingWentWrongToast",
      error: true,
    });
  }
  return data({ error: "Unknown intent" }, 400);
}

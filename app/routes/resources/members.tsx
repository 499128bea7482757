import { redirect } from "react-router";
import { z } from "zod";
import { type MemberContext, permit, permitAny, requireMember } from "~/domain/access/guard.server";
import type { Permission } from "~/domain/access/permissions";
import { optionalText, parseIntent, rejectedForm, unknownIntent, uuidField } from "~/domain/actions/intent";
import { respond } from "~/domain/actions/respond.server";
import { redirectWithToast } from "~/domain/auth/session.server";
import { removeMember, setCompanyAdmin } from "~/domain/team/members.server";
import type { Route } from "./+types/members";

const memberSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("leave") }),
  z.object({ intent: z.literal("remove"), userId: uuidField }),
  z.object({ intent: z.literal("make-admin"), userId: uuidField, name: optionalText }),
  z.object({ intent: z.literal("remove-admin"), userId: uuidField, name: optionalText }),
]);

/** The permission each intent needs. */
const intentPermissions: Record<z.infer<typeof memberSchema>["intent"], Permission> = {
  leave: "team.leave",
  remove: "team.manage",
  "make-admin": "team.manage",
  "remove-admin": "team.manage",
};

/** Leave the company, remove a member, or name and unname company admins. */
export async function action({ request, context }: Route.ActionArgs) {
  const member = await requireMember({ request, context });
  // Refused before the body is read when no intent here is theirs (a read-only admin).
  permitAny(member, Object.values(intentPermissions));
  const form = await request.formData();
  const submission = parseIntent(form, memberSchema);
  if (submission.status !== "success") return rejectedForm(submission);
  const input = submission.value;
  permit(member, intentPermissions[input.intent]);
  switch (input.intent) {
    case "leave":
      return leave(request, form, member);
    case "remove":
      return remove(request, form, member, input.userId);
    case "make-admin":
    case "remove-admin":
      return setAdmin(request, form, member, input.userId, input.intent === "make-admin", input.name);
    default:
      return unknownIntent();
  }
}

async function leave(request: Request, form: FormData, member: MemberContext) {
  const outcome = await removeMember(member, member.user.id);
  if (outcome === "last_admin") return respond(request, form, { message: "toasts.lastAdmin", error: true });
  if (outcome === "not_found")
    return respond(request, form, { message: "toasts.somethingWentWrongToast", error: true });
  // The next most recent company becomes active; with none left the guard sends the user to /setup.
  return redirectWithToast(request, "/", { message: "toasts.leftOrganization" });
}

async function remove(request: Request, form: FormData, member: MemberContext, userId: string) {
  if (userId === member.user.id) return redirect("/settings?tab=organization");
  const outcome = await removeMember(member, userId);
  if (outcome === "done") return respond(request, form, { message: "toasts.memberRemoved" });
  return respond(request, form, {
    message: outcome === "last_admin" ? "toasts.lastAdmin" : "toasts.somethingWentWrongToast",
    error: true,
  });
}

async function setAdmin(
  request: Request,
  form: FormData,
  member: MemberContext,
  userId: string,
  makeAdmin: boolean,
  name: string,
) {
  const outcome = await setCompanyAdmin(member, userId, makeAdmin);
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

import type { MemberContext } from "~/domain/access/guard.server";
import { permit } from "~/domain/access/guard.server";
import { parseIntent, rejectedForm, unknownIntent } from "~/domain/actions/intent";
import { respond } from "~/domain/actions/respond.server";
import { generateTritechSecret, revealTritechSecret, updateTransactionStatuses } from "./profile.server";
import { tritechIntentSchema } from "./schemas";

/**
 * The Tri-Tech view's writes on /integration: reveal and generate the secret key (company admins
 * only, 403 otherwise, read-only admins included), and an action's transaction statuses.
 */
export async function tritechAction(request: Request, form: FormData, member: MemberContext) {
  const submission = parseIntent(form, tritechIntentSchema);
  if (submission.status !== "success") return rejectedForm(submission);
  const input = submission.value;
  switch (input.intent) {
    case "tritech-reveal": {
      permit(member, "tritech.secret");
      const secret = await revealTritechSecret(member);
      if (!secret) return respond(request, form, { message: "tritech.noSecretYet", error: true });
      return { secret };
    }
    case "tritech-generate": {
      permit(member, "tritech.secret");
      const secret = await generateTritechSecret(member);
      return respond(request, form, { message: "tritech.secretGenerated" }, { secret });
    }
    case "tritech-statuses": {
      permit(member, "tritech.configure");
      const saved = await updateTransactionStatuses(member, input.action, input.status);
      if (!saved) return respond(request, form, { message: "tritech.enterValue", error: true });
      return respond(request, form, { message: "tritech.statusesSaved" }, { statuses: saved });
    }
    default:
      return unknownIntent();
  }
}

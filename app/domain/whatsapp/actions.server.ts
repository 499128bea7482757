import type { MemberContext } from "~/domain/access/guard.server";
import { respond } from "~/domain/actions/respond.server";
import { logWithErrorId } from "~/domain/kernel/error-id.server";
import { verifyAndSaveWhatsApp, webhookVerifiedFor } from "./config.server";
import type { WhatsAppCredentials } from "./schemas";
import { syncTemplates } from "./templates.server";

/**
 * The WhatsApp view's writes, answered with the spec's toasts (spec 3 section 8): the /integration
 * action checks the caller may change the integration, then calls one of these.
 */

const REFUSALS = {
  locked: "whatsapp.locked",
  "number-not-in-account": "whatsapp.numberNotInAccount",
  "number-taken": "whatsapp.numberTaken",
  "account-taken": "whatsapp.businessAccountTaken",
} as const;

/** 'Verify & Continue': 'Your details are saved successfully' or 'Details are not correct'. */
export async function answerVerifyAndSave(
  request: Request,
  form: FormData,
  member: MemberContext,
  input: WhatsAppCredentials,
) {
  try {
    const outcome = await verifyAndSaveWhatsApp(member, input);
    if (outcome.status === "saved")
      return respond(request, form, { message: "whatsapp.saved" }, { saved: true });
    if (outcome.status !== "not-correct")
      return respond(request, form, { message: REFUSALS[outcome.status], error: true });
    // Meta's own words can name the token's owner: the log has them, the company sees the spec's text.
    console.warn(`whatsapp: verify-and-save for account ${member.account.id} refused: ${outcome.reason}`);
    return respond(request, form, { message: "whatsapp.notCorrect", error: true });
  } catch (error) {
    logWithErrorId(`whatsapp: verify-and-save for account ${member.account.id}`, error);
    return respond(request, form, { message: "whatsapp.notCorrect", error: true });
  }
}

/** Step 2's 'Verify & Save': whether Meta's subscription check has come in. */
export async function answerCheckWebhook(request: Request, form: FormData, member: MemberContext) {
  try {
    const verified = await webhookVerifiedFor(member);
    if (verified) return respond(request, form, { message: "whatsapp.verified" }, { verified: true });
    return respond(request, form, { message: "whatsapp.verificationFailed", error: true });
  } catch (error) {
    logWithErrorId(`whatsapp: webhook check for account ${member.account.id}`, error);
    return respond(request, form, { message: "whatsapp.somethingWrong", error: true });
  }
}

export async function answerSyncTemplates(request: Request, form: FormData, member: MemberContext) {
  const outcome = await syncTemplates(member);
  if (outcome.status === "synced")
    return respond(request, form, {
      message: "whatsapp.templates.synced",
      values: { approved: String(outcome.approved), total: String(outcome.total) },
    });
  if (outcome.status === "failed")
    console.warn(`whatsapp: template sync for account ${member.account.id} failed: ${outcome.reason}`);
  return respond(request, form, { message: "whatsapp.templates.syncFailed", error: true });
}

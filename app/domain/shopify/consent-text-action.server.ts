import { respond } from "~/domain/actions/respond.server";
import { saveConsentText } from "./consent-text.server";
import type { ConsentTextInput } from "./consent-text-schema";

/**
 * The answer to the consent-text modal's Save (the /integration action's "consent-text" intent,
 * after its guard): spec 1 section 8's 'Concent Text Saved successfully!' or 'Something went wrong,
 * please try again!.'.
 */
export async function answerConsentTextSave(
  request: Request,
  form: FormData,
  scope: { account: { id: string; company: string } },
  input: ConsentTextInput,
) {
  const outcome = await saveConsentText(scope, input);
  if (outcome.status === "saved") return respond(request, form, { message: "consent.saved" });
  if (outcome.status === "not-connected")
    return respond(request, form, { message: "consent.notConnected", error: true });
  return respond(request, form, { message: "consent.saveFailed", error: true });
}

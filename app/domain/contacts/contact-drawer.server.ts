import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "react-router";
import type { MemberContext } from "~/domain/access/guard.server";
import type { Toast } from "~/domain/actions/toast";
import { updateContact } from "~/domain/contacts/contacts.server";
import { createContactWithExtras, type NewContactResult } from "~/domain/contacts/new-contact.server";
import { contactDrawerSchema } from "~/domain/contacts/schemas";
import type { I18nKey } from "~/i18n/keys";

export type ContactDrawerData = {
  intent: "contact";
  result: SubmissionResult<string[]>;
  toast: Toast | null;
  /** The contact that already holds the phone or email, to link to. */
  duplicate: { contactId: string } | null;
};

/**
 * The Add Contact / edit drawer's submission: validates with the drawer's schema, creates or updates
 * the contact (and, from a product page, links the new contact to the product in the same
 * transaction), and answers with the form's errors, a duplicate to link to, or a toast.
 */
export async function submitContactDrawer(
  context: MemberContext,
  form: FormData,
  options: { createdToast: I18nKey; linkProductId?: string },
) {
  const submission = parseWithZod(form, { schema: contactDrawerSchema });
  const answer = (body: Omit<ContactDrawerData, "intent">, status = 200) =>
    data<ContactDrawerData>({ intent: "contact", ...body }, { status });
  if (submission.status !== "success")
    return answer({ result: submission.reply(), toast: null, duplicate: null }, 400);
  const { intent, id, smsConsent, consentSource, productId, ...input } = submission.value;

  let outcome: NewContactResult;
  try {
    if (intent === "update") outcome = await updateContact(context, id ?? "", input);
    // A new contact also gets the consent it gave and its product (the product page's own, or one
    // chosen in the drawer), in one transaction.
    else
      outcome = await createContactWithExtras(
        context,
        input,
        { smsConsent, consentSource },
        options.linkProductId ?? (productId || undefined),
      );
  } catch (error) {
    console.error("contact drawer:", error);
    const message =
      intent === "update" ? "contacts.toasts.somethingWentWrong" : "contacts.toasts.unableToCreate";
    return answer({ result: submission.reply(), toast: { message, error: true }, duplicate: null }, 400);
  }

  if (outcome.ok) {
    const message = intent === "update" ? "contacts.toasts.contactUpdated" : options.createdToast;
    return answer({ result: submission.reply({ resetForm: true }), toast: { message }, duplicate: null });
  }
  if (outcome.reason === "duplicate") {
    const message =
      outcome.field === "phone" ? "contacts.validation.duplicatePhone" : "contacts.validation.duplicateEmail";
    return answer(
      {
        result: submission.reply({ fieldErrors: { [outcome.field]: [message] } }),
        toast: null,
        duplicate: { contactId: outcome.contactId },
      },
      409,
    );
  }
  if (outcome.reason === "product_not_found")
    return answer(
      {
        result: submission.reply(),
        toast: { message: "contacts.toasts.unableToCreate", error: true },
        duplicate: null,
      },
      400,
    );
  if (outcome.reason === "invalid_phone")
    return answer(
      {
        result: submission.reply({ fieldErrors: { phone: ["contacts.validation.phoneInvalid"] } }),
        toast: null,
        duplicate: null,
      },
      400,
    );
  return answer(
    {
      result: submission.reply(),
      toast: { message: "contacts.toasts.somethingWentWrong", error: true },
      duplicate: null,
    },
    outcome.reason === "not_found" ? 404 : 400,
  );
}

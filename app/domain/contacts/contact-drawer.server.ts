import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "react-router";
import { getDb } from "#db/client.server";
import type { Toast } from "~/domain/actions/toast";
import { type ContactWriteResult, createContact, updateContact } from "~/domain/contacts/contacts.server";
import { contactDrawerSchema } from "~/domain/contacts/schemas";
import type { AccountScope } from "~/domain/kernel/scope";
import { linkContactToProduct } from "~/domain/products/links.server";
import type { I18nKey } from "~/i18n/keys";

export type ContactDrawerData = {
  intent: "contact";
  result: SubmissionResult<string[]>;
  toast: Toast | null;
  /** The contact that already holds the phone or email, to link to. */
  duplicate: { contactId: string } | null;
};

class LinkFailed extends Error {}

/**
 * The Add Contact / edit drawer's submission: validates with the drawer's schema, creates or updates
 * the contact (and, from a product page, links the new contact to the product in the same
 * transaction), and answers with the form's errors, a duplicate to link to, or a toast.
 */
export async function submitContactDrawer(
  context: AccountScope,
  form: FormData,
  options: { createdToast: I18nKey; linkProductId?: string },
) {
  const submission = parseWithZod(form, { schema: contactDrawerSchema });
  const answer = (body: Omit<ContactDrawerData, "intent">, status = 200) =>
    data<ContactDrawerData>({ intent: "contact", ...body }, { status });
  if (submission.status !== "success")
    return answer({ result: submission.reply(), toast: null, duplicate: null }, 400);
  const { intent, id, ...input } = submission.value;

  let outcome: ContactWriteResult;
  try {
    if (intent === "update") outcome = await updateContact(context, id ?? "", input);
    else if (!options.linkProductId) outcome = await createContact(context, input);
    else {
      const productId = options.linkProductId;
      outcome = await getDb().transaction(async (tx) => {
        const created = await createContact(context, input, tx);
        if (!created.ok) return created;
        const linked = await linkContactToProduct(tx, context, created.contact.id, productId);
        if (!linked.ok) throw new LinkFailed();
        return created;
      });
    }
  } catch (error) {
    if (!(error instanceof LinkFailed)) console.error("contact drawer:", error);
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

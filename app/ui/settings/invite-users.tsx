import { getFormProps, type SubmissionResult, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Banner, BlockStack, Button, InlineStack } from "@shopify/polaris";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { useFetcher } from "react-router";
import { inviteSchema } from "~/domain/settings/schemas";
import type { InviteOutcome } from "~/domain/team/invitations.server";
import { FormTextField } from "~/ui/fields";
import { Modal } from "~/ui/modal";
import { ToastView } from "~/ui/toast";

type InviteAnswer = { result: SubmissionResult<string[]>; outcome: InviteOutcome | null };

/** 'Invite a user': comma-separated emails; what was not sent is said, entry by entry. */
export function InviteUsers({ disabled }: { disabled: boolean }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const fetcher = useFetcher<InviteAnswer>();
  const [form, fields] = useForm({
    id: "invite-users",
    lastResult: fetcher.data?.result,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: inviteSchema }),
    shouldValidate: "onSubmit",
  });
  const outcome = fetcher.data?.outcome;
  useEffect(() => {
    if (
      outcome &&
      outcome.sent.length > 0 &&
      outcome.invalid.length + outcome.alreadyInvited.length + outcome.alreadyMembers.length === 0
    ) {
      setOpen(false);
    }
  }, [outcome]);
  const problems = outcome
    ? [
        ...(outcome.invalid.length
          ? [`${t("validation.inviteEmailInvalid")}: ${outcome.invalid.join(", ")}`]
          : []),
        ...(outcome.alreadyInvited.length
          ? [t("toasts.alreadyInvited", { list: outcome.alreadyInvited.join(", ") })]
          : []),
        ...(outcome.alreadyMembers.length
          ? [t("toasts.alreadyJoined", { list: outcome.alreadyMembers.join(", ") })]
          : []),
      ]
    : [];
  return (
    <>
      <Button variant="primary" onClick={() => setOpen(true)} disabled={disabled}>
        {t("settings.inviteUser")}
      </Button>
      <Modal open={open} onClose={() => setOpen(false)} title={t("settings.inviteTitle")}>
        <Modal.Section>
          <fetcher.Form method="post" action="/resources/invitations" {...getFormProps(form)}>
            <input type="hidden" name="intent" value="invite" />
            <BlockStack gap="400">
              {problems.length ? (
                <Banner tone="warning">
                  {problems.map((p) => (
                    <p key={p}>{p}</p>
                  ))}
                </Banner>
              ) : null}
              <FormTextField
                meta={fields.emails}
                label={t("settings.inviteEmails")}
                helpText={t("settings.inviteHelp")}
                autoComplete="off"
                autoFocus
              />
              <InlineStack align="end" gap="200">
                <Button onClick={() => setOpen(false)}>{t("common.cancel")}</Button>
                <Button submit variant="primary" loading={fetcher.state !== "idle"}>
                  {t("settings.sendInvite")}
                </Button>
              </InlineStack>
            </BlockStack>
          </fetcher.Form>
        </Modal.Section>
      </Modal>
      <ToastView
        toast={
          outcome?.sent.length
            ? { message: "toasts.invitationsSent", values: { list: outcome.sent.join(", ") } }
            : null
        }
      />
    </>
  );
}

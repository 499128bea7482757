import { getFormProps, type SubmissionResult, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Banner, BlockStack, Button, InlineStack } from "@shopify/polaris";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Form, useNavigation } from "react-router";
import { requestAccessSchema } from "~/domain/accounts/schemas";
import { asI18nKey } from "~/i18n/keys";
import { FormTextField } from "~/ui/fields";
import { Modal } from "~/ui/modal";

/** 'Join An Existing Company' → 'Request access' with the company's Account ID. */
export function RequestAccessModal(props: {
  defaultAccountId: string;
  lastResult: SubmissionResult<string[]> | undefined;
  initiallyOpen: boolean;
}) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const [open, setOpen] = useState(props.initiallyOpen);
  const [form, fields] = useForm({
    id: "request-access",
    lastResult: props.lastResult,
    defaultValue: { accountId: props.defaultAccountId },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: requestAccessSchema }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  const submitting = navigation.state === "submitting" && navigation.formData?.get("intent") === "request";
  return (
    <>
      <Button variant="primary" onClick={() => setOpen(true)}>
        {t("setup.requestAccess")}
      </Button>
      <Modal open={open} onClose={() => setOpen(false)} title={t("setup.requestModalTitle")}>
        <Modal.Section>
          <Form method="post" {...getFormProps(form)}>
            <input type="hidden" name="intent" value="request" />
            <BlockStack gap="400">
              {form.errors?.length ? <Banner tone="critical">{t(asI18nKey(form.errors[0]))}</Banner> : null}
              <FormTextField
                meta={fields.accountId}
                label={t("setup.accountId")}
                helpText={t("setup.accountIdHelp")}
                autoComplete="off"
                autoFocus
              />
              <InlineStack align="end" gap="200">
                <Button onClick={() => setOpen(false)}>{t("common.cancel")}</Button>
                <Button submit variant="primary" loading={submitting}>
                  {t("setup.requestAccess")}
                </Button>
              </InlineStack>
            </BlockStack>
          </Form>
        </Modal.Section>
      </Modal>
    </>
  );
}

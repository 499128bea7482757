import { getFormProps, type SubmissionResult, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { BlockStack, Button, InlineStack, Modal } from "@shopify/polaris";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Form, useNavigation } from "react-router";
import { createCompanySchema, type SubdomainPatterns } from "~/domain/accounts/schemas";
import { FormTextField } from "~/ui/fields";

/** 'Setup A New Company' → 'Create New account': name, URL and both subdomains. */
export function CreateCompanyModal(props: {
  patterns: SubdomainPatterns;
  lastResult: SubmissionResult<string[]> | undefined;
  initiallyOpen: boolean;
}) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const [open, setOpen] = useState(props.initiallyOpen);
  const schema = createCompanySchema(props.patterns);
  const [form, fields] = useForm({
    id: "create-company",
    lastResult: props.lastResult,
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  const submitting = navigation.state === "submitting" && navigation.formData?.get("intent") === "create";
  return (
    <>
      <Button variant="primary" onClick={() => setOpen(true)}>
        {t("common.continue")}
      </Button>
      <Modal open={open} onClose={() => setOpen(false)} title={t("setup.createModalTitle")}>
        <Modal.Section>
          <Form method="post" {...getFormProps(form)}>
            <input type="hidden" name="intent" value="create" />
            <BlockStack gap="400">
              <FormTextField
                meta={fields.company}
                label={t("setup.companyName")}
                autoComplete="organization"
                autoFocus
              />
              <FormTextField meta={fields.url} label={t("setup.companyUrl")} autoComplete="url" />
              <FormTextField
                meta={fields.linkShortenerSubdomain}
                label={t("setup.linkShortenerSubdomain")}
                autoComplete="off"
                allErrors
              />
              <FormTextField
                meta={fields.chatstreamSubdomain}
                label={t("setup.chatstreamSubdomain")}
                autoComplete="off"
                allErrors
              />
              <InlineStack align="end" gap="200">
                <Button onClick={() => setOpen(false)}>{t("common.cancel")}</Button>
                <Button submit variant="primary" loading={submitting}>
                  {t("common.continue")}
                </Button>
              </InlineStack>
            </BlockStack>
          </Form>
        </Modal.Section>
      </Modal>
    </>
  );
}

import { getFormProps, type SubmissionResult, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { BlockStack, Button, InlineStack } from "@shopify/polaris";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Form, useNavigation } from "react-router";
import { companyNameFromStore, createStoreCompanySchema } from "~/domain/shopify/onboarding-schemas";
import { FormTextField } from "~/ui/fields";
import { Modal } from "~/ui/modal";

/**
 * 'Create a new Organization' (spec 1 section 2): Company Name and Company URL, prefilled from the
 * store, checked with the setup page's rules; Continue creates the company linked to the store.
 */
export function CreateOrganizationModal(props: {
  storeName: string;
  shop: string;
  disabled: boolean;
  lastResult: SubmissionResult<string[]> | undefined;
}) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  // Reopened with the server's messages when the server refused the form.
  const [open, setOpen] = useState(props.lastResult?.status === "error");
  const [form, fields] = useForm({
    id: "create-organization",
    lastResult: props.lastResult,
    defaultValue: { company: companyNameFromStore(props.storeName), url: props.shop },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: createStoreCompanySchema }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  const submitting = navigation.state !== "idle" && navigation.formData?.get("intent") === "create";
  return (
    <>
      <Button disabled={props.disabled} onClick={() => setOpen(true)}>
        {t("shopifyOnboarding.link.createOrganization")}
      </Button>
      <Modal open={open} onClose={() => setOpen(false)} title={t("shopifyOnboarding.link.createTitle")}>
        <Modal.Section>
          <Form method="post" {...getFormProps(form)}>
            <input type="hidden" name="intent" value="create" />
            <BlockStack gap="400">
              <FormTextField
                meta={fields.company}
                label={t("shopifyOnboarding.link.companyName")}
                autoComplete="organization"
                autoFocus
              />
              <FormTextField
                meta={fields.url}
                label={t("shopifyOnboarding.link.companyUrl")}
                autoComplete="url"
              />
              <InlineStack align="end" gap="200">
                <Button onClick={() => setOpen(false)}>{t("shopifyOnboarding.link.cancel")}</Button>
                <Button submit variant="primary" loading={submitting}>
                  {t("shopifyOnboarding.link.continue")}
                </Button>
              </InlineStack>
            </BlockStack>
          </Form>
        </Modal.Section>
      </Modal>
    </>
  );
}

import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { BlockStack, InlineError, InlineStack, Tag, Text, TextField } from "@shopify/polaris";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { CompanyListRow } from "~/domain/admin/companies.server";
import { parseTagInput, updateTagsSchema } from "~/domain/admin/company-admin-schemas";
import { asI18nKey } from "~/i18n/keys";
import type { Toast } from "~/ui/toast";
import { CompanyFormModal, useCompanyFormFetcher } from "./company-form-modal";

/**
 * Update Account Tags: the company's tags as comma-separated text. What will be saved shows below as
 * tags, after the spec's whitespace rules; removing a name unlinks that tag from the company.
 */
export function CompanyTagsModal(props: {
  company: CompanyListRow;
  onClose: () => void;
  onToast: (toast: Toast) => void;
}) {
  const { t } = useTranslation();
  const { company, onClose, onToast } = props;
  const fetcher = useCompanyFormFetcher(onToast, onClose);
  const [text, setText] = useState(company.tags.map((tag) => tag.name).join(", "));
  const idle = fetcher.state === "idle";
  const [form, fields] = useForm({
    id: `admin-tags-${company.id}`,
    lastResult: idle ? fetcher.data?.result : undefined,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: updateTagsSchema }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  const preview = parseTagInput(text);
  const error = fields.tags.errors?.[0];
  return (
    <CompanyFormModal
      title={t("adminCompanies.tags.title")}
      intent="tags"
      company={company}
      fetcher={fetcher}
      formProps={getFormProps(form)}
      onClose={onClose}
    >
      <TextField
        id={fields.tags.id}
        name={fields.tags.name}
        label={t("adminCompanies.form.tags")}
        helpText={t("adminCompanies.form.tagsHelp")}
        value={text}
        onChange={setText}
        autoComplete="off"
        autoFocus
        error={error ? t(asI18nKey(error)) : undefined}
      />
      {preview.length > 0 ? (
        <BlockStack gap="200">
          <Text as="p" variant="bodySm" tone="subdued">
            {t("adminCompanies.tags.preview")}
          </Text>
          <InlineStack gap="200">
            {preview.map((name) => (
              <Tag key={name.toLowerCase()}>{name}</Tag>
            ))}
          </InlineStack>
        </BlockStack>
      ) : null}
      {form.errors?.[0] ? (
        <InlineError message={t(asI18nKey(form.errors[0]))} fieldID={fields.tags.id} />
      ) : null}
    </CompanyFormModal>
  );
}

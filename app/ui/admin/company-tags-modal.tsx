import { getFormProps, type SubmissionResult, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { BlockStack, InlineError, InlineStack, Modal, Tag, Text, TextField } from "@shopify/polaris";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useFetcher } from "react-router";
import type { CompanyListRow } from "~/domain/admin/companies.server";
import { parseTagInput, updateTagsSchema } from "~/domain/admin/company-admin-schemas";
import type { Toast } from "~/ui/toast";
import { COMPANIES_ACTION } from "./company-add-modal";

type TagsData = { intent: string; result?: SubmissionResult<string[]>; done?: boolean; toast?: Toast };

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
  const fetcher = useFetcher<TagsData>();
  const formRef = useRef<HTMLFormElement>(null);
  const [text, setText] = useState(company.tags.map((tag) => tag.name).join(", "));
  const idle = fetcher.state === "idle";
  const [form, fields] = useForm({
    id: `admin-tags-${company.id}`,
    lastResult: idle ? fetcher.data?.result : undefined,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: updateTagsSchema }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  useEffect(() => {
    const answer = fetcher.data;
    if (!answer || fetcher.state !== "idle") return;
    if (answer.toast) onToast(answer.toast);
    if (answer.done) onClose();
  }, [fetcher.data, fetcher.state, onToast, onClose]);
  const preview = parseTagInput(text);
  const error = fields.tags.errors?.[0];
  return (
    <Modal
      open
      onClose={onClose}
      title={t("adminCompanies.tags.title")}
      primaryAction={{
        content: t("adminCompanies.form.save"),
        loading: !idle,
        onAction: () => formRef.current?.requestSubmit(),
      }}
      secondaryActions={[{ content: t("adminCompanies.form.cancel"), onAction: onClose }]}
    >
      <Modal.Section>
        <fetcher.Form method="post" action={COMPANIES_ACTION} {...getFormProps(form)} ref={formRef}>
          <input type="hidden" name="intent" value="tags" />
          <input type="hidden" name="accountId" value={company.id} />
          <BlockStack gap="400">
            <Text as="p" tone="subdued">
              {t("adminCompanies.status.company", { company: company.company })}
            </Text>
            <TextField
              id={fields.tags.id}
              name={fields.tags.name}
              label={t("adminCompanies.form.tags")}
              helpText={t("adminCompanies.form.tagsHelp")}
              value={text}
              onChange={setText}
              autoComplete="off"
              autoFocus
              error={error ? t(error) : undefined}
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
            {form.errors?.[0] ? <InlineError message={t(form.errors[0])} fieldID={fields.tags.id} /> : null}
          </BlockStack>
        </fetcher.Form>
      </Modal.Section>
    </Modal>
  );
}

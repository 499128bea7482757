import { getFormProps, type SubmissionResult, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { BlockStack, Button, InlineStack } from "@shopify/polaris";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Form, useNavigation } from "react-router";
import { createCompanySchema, proposeSubdomain, type SubdomainPatterns } from "~/domain/accounts/schemas";
import { FormTextField } from "~/ui/fields";
import { Modal } from "~/ui/modal";
import { CountrySelect } from "./country-select";

/**
 * 'Setup A New Company' → 'Create New account': name, URL, country and both subdomains. Each
 * subdomain says in one line what it is for, and is proposed from the company name until the user
 * types their own (still required and checked against the configured patterns).
 */
export function CreateCompanyModal(props: {
  patterns: SubdomainPatterns;
  lastResult: SubmissionResult<string[]> | undefined;
  initiallyOpen: boolean;
  countries: string[];
  defaultCountry: string;
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
  const initial = (value: unknown) => (typeof value === "string" ? value : "");
  const [company, setCompany] = useState(initial(fields.company.initialValue));
  // null: still following the company name; a string: what the user typed.
  const [link, setLink] = useState<string | null>(
    initial(fields.linkShortenerSubdomain.initialValue) || null,
  );
  const [chat, setChat] = useState<string | null>(initial(fields.chatstreamSubdomain.initialValue) || null);
  const proposal = proposeSubdomain(company);
  const submitting = navigation.state === "submitting" && navigation.formData?.get("intent") === "create";
  const help = (line: string, own: string | null) =>
    own === null && proposal ? `${line} ${t("firstRun.setup.proposed")}` : line;
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
                value={company}
                onChange={setCompany}
              />
              <FormTextField meta={fields.url} label={t("setup.companyUrl")} autoComplete="url" />
              <CountrySelect
                id={fields.country.id}
                name={fields.country.name}
                codes={props.countries}
                defaultValue={initial(fields.country.initialValue) || props.defaultCountry}
                error={fields.country.errors?.[0]}
              />
              <FormTextField
                meta={fields.linkShortenerSubdomain}
                label={t("setup.linkShortenerSubdomain")}
                helpText={help(t("firstRun.setup.linkShortenerHelp"), link)}
                autoComplete="off"
                allErrors
                value={link ?? proposal}
                onChange={setLink}
              />
              <FormTextField
                meta={fields.chatstreamSubdomain}
                label={t("setup.chatstreamSubdomain")}
                helpText={help(t("firstRun.setup.chatstreamHelp"), chat)}
                autoComplete="off"
                allErrors
                value={chat ?? proposal}
                onChange={setChat}
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

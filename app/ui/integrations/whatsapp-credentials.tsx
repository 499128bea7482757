import { type FieldMetadata, getFormProps, type SubmissionResult, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Banner, BlockStack, Button, Card, FormLayout, Text, TextField } from "@shopify/polaris";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useFetcher } from "react-router";
import type { WhatsAppView } from "~/domain/whatsapp/config.server";
import { whatsappCredentialsSchema } from "~/domain/whatsapp/schemas";
import { asI18nKey } from "~/i18n/keys";
import { type Toast, ToastView } from "~/ui/toast";

export const WHATSAPP_ACTION = "/integration?view=whatsapp";
type Answer = { result?: SubmissionResult<string[]>; toast?: Toast | null };

/**
 * Step 1, the credentials (spec 3 sections 4.8 and 5.5): 'Verify & Continue' is enabled once a field
 * is edited; leading spaces are dropped as they are typed. Once saved (a verify token exists) the
 * fields show what was saved, the token and app secret masked, and cannot be changed.
 */
export function WhatsAppCredentialsForm({
  saved,
  canEdit,
}: {
  saved: WhatsAppView | null;
  canEdit: boolean;
}) {
  const { t } = useTranslation();
  const fetcher = useFetcher<Answer>({ key: "whatsapp-credentials" });
  const [edited, setEdited] = useState(false);
  const idle = fetcher.state === "idle";
  const [form, fields] = useForm({
    id: "whatsapp-credentials",
    lastResult: idle ? fetcher.data?.result : undefined,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: whatsappCredentialsSchema }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  const locked = saved !== null;
  const disabled = locked || !canEdit;
  return (
    <Card>
      <fetcher.Form method="post" action={WHATSAPP_ACTION} {...getFormProps(form)}>
        <input type="hidden" name="intent" value="whatsapp-verify-and-save" />
        <input type="hidden" name="redirectTo" value={WHATSAPP_ACTION} />
        <BlockStack gap="400">
          <BlockStack gap="100">
            <Text as="h2" variant="headingMd">
              {t("whatsapp.step1")}
            </Text>
            <Text as="p" tone="subdued">
              {t("whatsapp.step1Title")}
            </Text>
          </BlockStack>
          {!canEdit ? <Banner tone="info">{t("whatsapp.readOnly")}</Banner> : null}
          {locked && canEdit ? <Banner tone="success">{t("whatsapp.locked")}</Banner> : null}
          <FormLayout>
            <Field
              meta={fields.phoneNumber}
              label={t("whatsapp.fields.phoneNumber")}
              helpText={t("whatsapp.fields.phoneNumberHelp")}
              saved={saved?.phoneNumber}
              disabled={disabled}
              inputMode="numeric"
              onEdit={() => setEdited(true)}
            />
            <Field
              meta={fields.phoneNumberId}
              label={t("whatsapp.fields.phoneNumberId")}
              saved={saved?.phoneNumberId}
              disabled={disabled}
              onEdit={() => setEdited(true)}
            />
            <Field
              meta={fields.whatsappBusinessAccountId}
              label={t("whatsapp.fields.businessAccountId")}
              saved={saved?.whatsappBusinessAccountId}
              disabled={disabled}
              onEdit={() => setEdited(true)}
            />
            <Field
              meta={fields.authToken}
              label={t("whatsapp.fields.authToken")}
              helpText={t("whatsapp.fields.authTokenHelp")}
              saved={saved?.authTokenMasked}
              disabled={disabled}
              secret
              onEdit={() => setEdited(true)}
            />
            <Field
              meta={fields.appSecret}
              label={t("whatsapp.fields.appSecret")}
              helpText={t("whatsapp.fields.appSecretHelp")}
              saved={saved?.appSecretMasked}
              disabled={disabled}
              secret
              onEdit={() => setEdited(true)}
            />
          </FormLayout>
          {locked ? null : (
            <div>
              <Button variant="primary" submit disabled={!edited || disabled} loading={!idle}>
                {t("whatsapp.verifyAndContinue")}
              </Button>
            </div>
          )}
        </BlockStack>
      </fetcher.Form>
      <ToastView toast={fetcher.data?.toast} />
    </Card>
  );
}

function Field(props: {
  meta: FieldMetadata<string | undefined>;
  label: string;
  helpText?: string;
  saved: string | undefined;
  disabled: boolean;
  secret?: boolean;
  inputMode?: "numeric";
  onEdit: () => void;
}) {
  const { t } = useTranslation();
  const [value, setValue] = useState("");
  const error = props.meta.errors?.[0];
  return (
    <TextField
      id={props.meta.id}
      // A saved form posts nothing: its fields are shown, not sent.
      name={props.saved === undefined ? props.meta.name : undefined}
      label={props.label}
      helpText={props.helpText}
      value={props.saved ?? value}
      onChange={(next) => {
        // Leading spaces are dropped as they are typed (spec 3 section 5.5).
        setValue(next.trimStart());
        props.onEdit();
      }}
      disabled={props.disabled}
      type={props.secret && props.saved === undefined ? "password" : "text"}
      inputMode={props.inputMode}
      autoComplete="off"
      error={error ? t(asI18nKey(error)) : undefined}
    />
  );
}

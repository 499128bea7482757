import { getFormProps, type SubmissionResult, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { BlockStack, Button, InlineStack, Select } from "@shopify/polaris";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { type FetcherWithComponents, useFetcher } from "react-router";
import { type AttributeScope, attributeSchema, attributeTypes } from "~/domain/contacts/schemas";
import { asI18nKey } from "~/i18n/keys";
import { Drawer } from "~/ui/drawer";
import { FormTextField } from "~/ui/fields";
import { type Toast, ToastView } from "~/ui/toast";

type AttributeAnswer = { result: SubmissionResult<string[]>; toast: Toast | null };

/** 'Add Attribute': a button and its drawer (title and type, both required). */
export function AddAttribute({
  scope,
  disabled,
  label,
}: {
  scope: AttributeScope;
  disabled: boolean;
  label: string;
}) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  // Kept here, not in the drawer's form: the toast outlives the drawer it closes.
  const fetcher = useFetcher<AttributeAnswer>();
  useEffect(() => {
    if (fetcher.state === "idle" && fetcher.data?.toast && !fetcher.data.toast.error) setOpen(false);
  }, [fetcher.state, fetcher.data]);
  return (
    <>
      <Button onClick={() => setOpen(true)} disabled={disabled}>
        {label}
      </Button>
      <Drawer open={open} title={t("contacts.attribute.drawerTitle")} onClose={() => setOpen(false)}>
        <AttributeForm scope={scope} fetcher={fetcher} onCancel={() => setOpen(false)} />
      </Drawer>
      <ToastView toast={fetcher.data?.toast} />
    </>
  );
}

/**
 * The drawer's form, rendered only while the drawer is open: its form state starts empty each time,
 * and the contacts page (where the button sits on every render) does not build it for nothing.
 */
function AttributeForm({
  scope,
  fetcher,
  onCancel,
}: {
  scope: AttributeScope;
  fetcher: FetcherWithComponents<AttributeAnswer>;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const [form, fields] = useForm({
    id: `add-attribute-${scope}`,
    lastResult: fetcher.state === "idle" ? fetcher.data?.result : undefined,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: attributeSchema }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  const [type, setType] = useState("");
  const typeError = fields.type.errors?.[0];
  return (
    <fetcher.Form method="post" action="/resources/attributes" {...getFormProps(form)}>
      <input type="hidden" name="scope" value={scope} />
      <BlockStack gap="400">
        <FormTextField meta={fields.title} label={t("contacts.attribute.title")} autoComplete="off" />
        <Select
          id={fields.type.id}
          name={fields.type.name}
          label={t("contacts.attribute.type")}
          placeholder={t("contacts.attribute.typePlaceholder")}
          options={attributeTypes.map((value) => ({
            value,
            label: t(`contacts.attribute.types.${value}`),
          }))}
          value={type}
          onChange={setType}
          error={typeError ? t(asI18nKey(typeError)) : undefined}
        />
        <InlineStack align="end" gap="200">
          <Button onClick={onCancel}>{t("contacts.cancel")}</Button>
          <Button submit variant="primary" loading={fetcher.state !== "idle"}>
            {t("contacts.attribute.add")}
          </Button>
        </InlineStack>
      </BlockStack>
    </fetcher.Form>
  );
}

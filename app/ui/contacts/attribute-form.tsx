import { BlockStack, Box, Button, InlineStack, Pagination, Select, Text, TextField } from "@shopify/polaris";
import { useEffect, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { Form, useNavigation } from "react-router";
import type { AttributeType } from "#db/schema";
import { FIRST_ATTRIBUTES_SHOWN } from "~/domain/contacts/schemas";
import { asI18nKey } from "~/i18n/keys";
import { EmptyMessage } from "~/ui/empty-message";

export type AttributeFieldData = { id: string; title: string; type: AttributeType; value: string | null };

/**
 * A form of custom attribute values, one input per attribute by its type. Either the first 5 with a
 * 'View more' toggle (contact attributes), or `pageSize` per page (product attributes). Every input
 * stays in the form when hidden, so Save sends them all and the server checks each against its type.
 */
export function AttributeForm({
  fields,
  errors,
  intent,
  hiddenFields,
  disabled,
  pageSize,
  emptyText,
  formId,
}: {
  fields: AttributeFieldData[];
  errors: Record<string, string> | undefined;
  intent: string;
  hiddenFields?: Record<string, string>;
  disabled: boolean;
  /** Paged by this many; without it, the first 5 and 'View more'. */
  pageSize?: number;
  emptyText: string;
  formId: string;
}) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const initial = useMemo(() => Object.fromEntries(fields.map((f) => [f.id, f.value ?? ""])), [fields]);
  const [values, setValues] = useState(initial);
  useEffect(() => setValues(initial), [initial]);
  const [expanded, setExpanded] = useState(false);
  const [page, setPage] = useState(1);
  const pages = pageSize ? Math.max(1, Math.ceil(fields.length / pageSize)) : 1;
  // Show the page holding the first field in error, so a refused save is never invisible.
  useEffect(() => {
    const firstError = fields.findIndex((f) => errors?.[f.id]);
    if (firstError < 0) return;
    if (pageSize) setPage(Math.floor(firstError / pageSize) + 1);
    else if (firstError >= FIRST_ATTRIBUTES_SHOWN) setExpanded(true);
  }, [errors, fields, pageSize]);
  const visible = (index: number) =>
    pageSize
      ? index >= (page - 1) * pageSize && index < page * pageSize
      : expanded || index < FIRST_ATTRIBUTES_SHOWN;
  if (fields.length === 0) return <EmptyMessage heading={emptyText} />;
  const busy = navigation.state === "submitting" && navigation.formData?.get("intent") === intent;
  return (
    <Form method="post" id={formId}>
      <input type="hidden" name="intent" value={intent} />
      {Object.entries(hiddenFields ?? {}).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <BlockStack gap="300">
        {fields.map((field, index) => (
          <div key={field.id} hidden={!visible(index)}>
            <AttributeInput
              field={field}
              value={values[field.id] ?? ""}
              onChange={(value) => setValues((current) => ({ ...current, [field.id]: value }))}
              error={errors?.[field.id] ? t(asI18nKey(errors[field.id])) : undefined}
              disabled={disabled}
            />
          </div>
        ))}
        <InlineStack align="space-between" blockAlign="center">
          {pageSize ? (
            pages > 1 ? (
              <InlineStack gap="200" blockAlign="center">
                <Pagination
                  hasPrevious={page > 1}
                  onPrevious={() => setPage(page - 1)}
                  hasNext={page < pages}
                  onNext={() => setPage(page + 1)}
                />
                <Text as="span" tone="subdued">
                  {t("contacts.detail.pageOf", { page, pages })}
                </Text>
              </InlineStack>
            ) : (
              <span />
            )
          ) : fields.length > FIRST_ATTRIBUTES_SHOWN ? (
            <Button variant="plain" onClick={() => setExpanded(!expanded)}>
              {expanded ? t("contacts.detail.viewLess") : t("contacts.detail.viewMore")}
            </Button>
          ) : (
            <span />
          )}
          <Button submit variant="primary" disabled={disabled} loading={busy}>
            {t("contacts.save")}
          </Button>
        </InlineStack>
      </BlockStack>
    </Form>
  );
}

function AttributeInput({
  field,
  value,
  onChange,
  error,
  disabled,
}: {
  field: AttributeFieldData;
  value: string;
  onChange: (value: string) => void;
  error: string | undefined;
  disabled: boolean;
}) {
  const { t } = useTranslation();
  const common = {
    label: field.title,
    name: `attr.${field.id}`,
    id: `attr-${field.id}`,
    value,
    onChange,
    error,
    disabled,
  };
  if (field.type === "BOOLEAN")
    return (
      <Select
        {...common}
        options={[
          { label: t("contacts.attribute.booleanUnset"), value: "" },
          { label: t("contacts.attribute.booleanTrue"), value: "true" },
          { label: t("contacts.attribute.booleanFalse"), value: "false" },
        ]}
      />
    );
  const typeHint = t(`contacts.attribute.types.${field.type}`);
  return (
    <Box>
      <TextField
        {...common}
        autoComplete="off"
        type={field.type === "DATE" ? "date" : "text"}
        inputMode={field.type === "INTEGER" || field.type === "LONG" ? "numeric" : undefined}
        helpText={typeHint}
      />
    </Box>
  );
}

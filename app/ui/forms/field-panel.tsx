import {
  BlockStack,
  Button,
  ButtonGroup,
  Checkbox,
  InlineError,
  InlineStack,
  Select,
  Text,
  TextField,
} from "@shopify/polaris";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { FormElement } from "~/domain/forms/form-document";
import { asI18nKey } from "~/i18n/keys";
import type { BuilderData } from "./builder-types";
import {
  FIELD_KINDS,
  FIELD_TYPES,
  type FieldDraft,
  type FieldKind,
  type FieldType,
  fieldErrors,
} from "./field-rules";

const ANSWER_TYPE_CHOICES = ["text", "number", "email", "url"] as const;

export function newField(kind: FieldKind, type: FieldType): FormElement {
  return {
    id: crypto.randomUUID(),
    type,
    attributeType: kind,
    label: "",
    placeholder: "",
    isRequired: false,
    isHidden: false,
    ...(type === "input" ? { htmlType: "text" as const } : { options: [{ label: "", value: "" }] }),
    ...(type === "multichoice" ? { styleRadioValue: "Radio" as const } : {}),
  };
}

/**
 * The field-adding side panel (spec 3 sections 2.2, 3.3 and 5.1): a new field is chosen by kind,
 * then by element type; then its details. Also edits a saved custom field.
 */
export function NewFieldChooser(props: {
  hasProductField: boolean;
  onChosen: (field: FormElement) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const [kind, setKind] = useState<FieldKind | null>(null);
  const types = kind === "product" ? FIELD_TYPES.filter((x) => x !== "input") : FIELD_TYPES;
  return (
    <BlockStack gap="300">
      <Text as="h3" variant="headingSm">
        {kind ? t("forms.component.elementType") : t("forms.component.kind")}
      </Text>
      {!kind ? (
        <BlockStack gap="200">
          {FIELD_KINDS.map((k) => (
            <Button key={k} onClick={() => setKind(k)} textAlign="left">
              {t(`forms.component.kinds.${k}`)}
            </Button>
          ))}
        </BlockStack>
      ) : (
        <BlockStack gap="200">
          {kind === "product" && props.hasProductField && (
            <InlineError fieldID="new-field" message={t("forms.validation.oneProduct")} />
          )}
          {types.map((type) => (
            <Button
              key={type}
              disabled={kind === "product" && props.hasProductField}
              onClick={() => props.onChosen(newField(kind, type))}
              textAlign="left"
            >
              {t(`forms.component.types.${type}`)}
            </Button>
          ))}
        </BlockStack>
      )}
      <Button variant="plain" onClick={props.onCancel}>
        {t("common.cancel")}
      </Button>
    </BlockStack>
  );
}

export function FieldEditor(props: {
  field: FormElement;
  all: FormElement[];
  data: BuilderData;
  onSave: (field: FormElement) => void;
  onDelete: () => void;
  onMove: (direction: -1 | 1) => void;
  canMoveUp: boolean;
  canMoveDown: boolean;
  isNew: boolean;
}) {
  const { t } = useTranslation();
  const [field, setField] = useState<FormElement>(props.field);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [attributeHint, setAttributeHint] = useState<string | null>(null);
  const set = (patch: Partial<FormElement>) => setField((f) => ({ ...f, ...patch }));
  const err = (path: string) => (errors[path] ? t(asI18nKey(errors[path])) : undefined);
  const kind = field.attributeType as FieldKind;
  const isProduct = kind === "product";
  const others = props.all.filter((e) => e.id !== field.id);
  const used = new Set(
    others
      .filter((e) => e.attributeId && (kind !== "contact-product-attribute" || e.product === field.product))
      .map((e) => e.attributeId),
  );
  const attributes =
    kind === "contact-product-attribute" ? props.data.productAttributes : props.data.contactAttributes;
  const options = field.options ?? [];
  const setOption = (index: number, patch: Partial<{ label: string; value: string }>) =>
    set({ options: options.map((o, i) => (i === index ? { ...o, ...patch } : o)) });
  const choicesLeft = isProduct ? options.length < props.data.products.length : options.length < 200;
  const preset = typeof field.isCheckedIndex === "number" ? field.isCheckedIndex : -1;
  const save = () => {
    const found = fieldErrors(field as FieldDraft, props.all);
    setErrors(found);
    if (Object.keys(found).length === 0) props.onSave(field);
  };
  return (
    <BlockStack gap="300">
      <Text as="h3" variant="headingSm">
        {t(`forms.component.kinds.${kind}`)} · {t(`forms.component.types.${field.type as FieldType}`)}
      </Text>
      {err("type") && <InlineError fieldID="field-type" message={err("type") ?? ""} />}
      {kind === "contact-product-attribute" && (
        <Select
          label={t("forms.component.product")}
          options={[
            { label: "", value: "" },
            ...props.data.products.map((p) => ({ label: p.name, value: p.id })),
          ]}
          value={field.product ?? ""}
          onChange={(product) => {
            set({ product, attributeId: "" });
            setAttributeHint(null);
          }}
          error={err("product")}
        />
      )}
      {!isProduct && (
        <Select
          label={t("forms.component.attribute")}
          options={[
            { label: "", value: "" },
            ...attributes.map((a) => ({ label: a.title, value: a.id, disabled: used.has(a.id) })),
          ]}
          value={field.attributeId ?? ""}
          onChange={(attributeId) => {
            // A product-linked attribute needs its product first (spec 5.1).
            if (kind === "contact-product-attribute" && !field.product) {
              setAttributeHint(t("forms.validation.productFirst"));
              return;
            }
            setAttributeHint(null);
            set({
              attributeId,
              label: field.label || (attributes.find((a) => a.id === attributeId)?.title ?? ""),
            });
          }}
          error={attributeHint ?? err("attributeId")}
        />
      )}
      <TextField
        label={t("forms.component.label")}
        value={field.label ?? ""}
        onChange={(label) => set({ label })}
        error={err("label")}
        autoComplete="off"
        maxLength={500}
      />
      {(field.type === "input" || field.type === "dropdown") && (
        <TextField
          label={
            field.isHidden && field.type === "input"
              ? t("forms.component.presetValue")
              : t("forms.component.placeholder")
          }
          value={field.placeholder ?? ""}
          onChange={(placeholder) => set({ placeholder })}
          error={err("placeholder")}
          autoComplete="off"
          maxLength={500}
        />
      )}
      {field.type === "input" && (
        <Select
          label={t("forms.component.answerType")}
          options={[
            { label: "", value: "" },
            ...ANSWER_TYPE_CHOICES.map((v) => ({ label: t(`forms.component.answerTypes.${v}`), value: v })),
          ]}
          value={field.htmlType ?? ""}
          onChange={(v) => set({ htmlType: (v || undefined) as FormElement["htmlType"] })}
          error={err("htmlType")}
        />
      )}
      <TextField
        label={t("forms.component.description")}
        value={field.description ?? ""}
        onChange={(description) => set({ description })}
        autoComplete="off"
        multiline={2}
      />
      {field.type !== "input" && (
        <BlockStack gap="200">
          <Text as="p" fontWeight="semibold">
            {t("forms.component.dropdownOptions")}
          </Text>
          {options.map((option, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: rows are edited in place; their values may repeat while typed
            <InlineStack key={index} gap="200" wrap={false} blockAlign="start">
              {isProduct ? (
                <Select
                  label={`${t("forms.component.product")} ${index + 1}`}
                  options={[
                    { label: "", value: "" },
                    ...props.data.products.map((p) => ({
                      label: p.name,
                      value: p.id,
                      disabled: options.some((o, i) => i !== index && o.value === p.id),
                    })),
                  ]}
                  value={option.value}
                  onChange={(value) =>
                    setOption(index, {
                      value,
                      label: props.data.products.find((p) => p.id === value)?.name ?? "",
                    })
                  }
                  error={err(`options.${index}.value`) ?? err(`options.${index}.label`)}
                />
              ) : (
                <>
                  <TextField
                    label={`${t("forms.component.optionLabel")} ${index + 1}`}
                    value={option.label}
                    onChange={(label) => setOption(index, { label })}
                    error={err(`options.${index}.label`)}
                    autoComplete="off"
                  />
                  <TextField
                    label={`${t("forms.component.optionValue")} ${index + 1}`}
                    value={option.value}
                    onChange={(value) => setOption(index, { value })}
                    error={err(`options.${index}.value`)}
                    autoComplete="off"
                  />
                </>
              )}
              <div style={{ paddingTop: 24 }}>
                <Button
                  accessibilityLabel={t("forms.component.removeOption", { n: index + 1 })}
                  disabled={index === 0}
                  onClick={() => set({ options: options.filter((_, i) => i !== index) })}
                >
                  ×
                </Button>
              </div>
            </InlineStack>
          ))}
          <Button
            disabled={!choicesLeft}
            onClick={() => set({ options: [...options, { label: "", value: "" }] })}
          >
            {t("forms.component.addOption")}
          </Button>
        </BlockStack>
      )}
      {field.type === "multichoice" && (
        <Select
          label={t("forms.component.styleRadioValue")}
          options={[
            { label: t("forms.component.radio"), value: "Radio" },
            { label: t("forms.component.tags"), value: "Tags" },
          ]}
          value={field.styleRadioValue ?? "Radio"}
          onChange={(v) => set({ styleRadioValue: v as "Radio" | "Tags" })}
        />
      )}
      <Checkbox
        label={t("forms.component.required")}
        checked={field.isRequired ?? false}
        onChange={(isRequired) => set({ isRequired })}
      />
      <Checkbox
        label={t("forms.component.hidden")}
        checked={field.isHidden ?? false}
        onChange={(isHidden) => set({ isHidden })}
      />
      {field.isHidden && field.type !== "input" && (
        <Select
          label={t("forms.component.presetValue")}
          options={[
            { label: "", value: "-1" },
            ...options.map((o, i) => ({ label: o.label || o.value, value: String(i) })),
          ]}
          value={String(preset)}
          onChange={(v) => set({ isCheckedIndex: Number(v) })}
        />
      )}
      <InlineStack gap="200">
        <Button variant="primary" onClick={save}>
          {t("forms.component.saveField")}
        </Button>
        <ButtonGroup variant="segmented">
          <Button disabled={props.isNew || !props.canMoveUp} onClick={() => props.onMove(-1)}>
            {t("forms.component.moveUp")}
          </Button>
          <Button disabled={props.isNew || !props.canMoveDown} onClick={() => props.onMove(1)}>
            {t("forms.component.moveDown")}
          </Button>
        </ButtonGroup>
        <Button tone="critical" onClick={props.onDelete}>
          {t("forms.component.deleteField")}
        </Button>
      </InlineStack>
    </BlockStack>
  );
}

import { BlockStack, Button, Checkbox, Text, TextField } from "@shopify/polaris";
import { PlusIcon } from "@shopify/polaris-icons";
import { useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import type { FormElement } from "~/domain/forms/form-document";
import { RichEditor } from "~/ui/webchat/rich-editor";
import type { BuilderData } from "./builder-types";
import { canMove, isCustomIndex } from "./element-order";
import { FieldEditor, NewFieldChooser } from "./field-panel";
import { isProductDropdown, linkError } from "./field-rules";
import { ImageUpload } from "./image-upload";
import type { FormDraftApi } from "./use-form-draft";

/**
 * Component (spec 3 section 2.2): the editor of the element clicked on the canvas (heading,
 * sub-heading, button text, copyright, company and consent texts, the image, the default fields and
 * the custom fields), and the field-adding panel.
 */
export function ComponentTab(props: {
  form: FormDraftApi;
  data: BuilderData;
  readOnly: boolean;
  selectedId: string | null;
  onSelect: (id: string | null) => void;
}) {
  const { t } = useTranslation();
  const { form, data } = props;
  const [adding, setAdding] = useState<FormElement | "choosing" | null>(null);
  const elements = form.draft.elements;
  const index = elements.findIndex((e) => e.id === props.selectedId);
  const selected = index >= 0 ? elements[index] : undefined;
  const hasProductField = elements.some(isProductDropdown);

  if (adding === "choosing")
    return (
      <NewFieldChooser
        hasProductField={hasProductField}
        onCancel={() => setAdding(null)}
        onChosen={(field) => setAdding(field)}
      />
    );
  if (adding)
    return (
      <FieldEditor
        key={adding.id}
        field={adding}
        all={elements}
        data={data}
        isNew
        canMoveUp={false}
        canMoveDown={false}
        onSave={(field) => {
          form.addField(field);
          setAdding(null);
          props.onSelect(field.id);
        }}
        onDelete={() => setAdding(null)}
        onMove={() => undefined}
      />
    );

  const addButton = (
    <Button icon={PlusIcon} onClick={() => setAdding("choosing")} disabled={props.readOnly}>
      {t("forms.component.addField")}
    </Button>
  );
  if (!selected || props.readOnly)
    return (
      <BlockStack gap="300">
        <Text as="p" tone="subdued">
          {t("forms.component.pick")}
        </Text>
        {addButton}
      </BlockStack>
    );
  if (isCustomIndex(elements.length, index))
    return (
      <BlockStack gap="400">
        <FieldEditor
          key={selected.id}
          field={selected}
          all={elements}
          data={data}
          isNew={false}
          canMoveUp={canMove(elements.length, index, -1)}
          canMoveDown={canMove(elements.length, index, 1)}
          onSave={form.replaceField}
          onDelete={() => {
            form.remove(selected.id);
            props.onSelect(null);
          }}
          onMove={(direction) => form.move(selected.id, direction)}
        />
        {addButton}
      </BlockStack>
    );
  return (
    <BlockStack gap="400">
      <FixedElementEditor element={selected} form={form} />
      {addButton}
    </BlockStack>
  );
}

/** The editors of the fixed elements: what each type lets a company change. */
function FixedElementEditor({ element, form }: { element: FormElement; form: FormDraftApi }) {
  const { t } = useTranslation();
  const set = (patch: Partial<FormElement>) => form.setElement(element.id, patch);
  switch (element.type) {
    case "image":
      return (
        <BlockStack gap="200">
          <Text as="h3" variant="headingSm">
            {t("forms.component.image")}
          </Text>
          <ImageUpload
            label={t("forms.component.uploadImage")}
            removeLabel={t("forms.component.removeImage")}
            url={element.src ?? ""}
            onChange={(src) => set({ src })}
            disabled={false}
          />
        </BlockStack>
      );
    case "heading":
    case "sub-heading":
      return (
        <TextField
          label={element.type === "heading" ? t("forms.component.heading") : t("forms.component.subHeading")}
          value={element.headingText ?? ""}
          onChange={(headingText) => set({ headingText })}
          autoComplete="off"
          maxLength={1000}
        />
      );
    case "button":
      return (
        <TextField
          label={t("forms.component.buttonText")}
          value={element.buttonText ?? ""}
          onChange={(buttonText) => set({ buttonText })}
          autoComplete="off"
          maxLength={200}
        />
      );
    case "Consent-text":
    case "copyright":
    case "company-text":
    case "text":
      return <RichTextEditor element={element} set={set} />;
    default:
      return (
        <BlockStack gap="300">
          <TextField
            label={t("forms.component.label")}
            value={element.label ?? ""}
            onChange={(label) => set({ label })}
            autoComplete="off"
            maxLength={500}
          />
          <TextField
            label={t("forms.component.placeholder")}
            value={element.placeholder ?? ""}
            onChange={(placeholder) => set({ placeholder })}
            autoComplete="off"
            maxLength={500}
          />
          {element.type === "default-email" && (
            <Checkbox
              label={t("forms.component.required")}
              checked={element.isRequired ?? false}
              onChange={(isRequired) => set({ isRequired })}
            />
          )}
        </BlockStack>
      );
  }
}

const RICH_LABELS = {
  "Consent-text": "forms.component.consentText",
  copyright: "forms.component.copyright",
  "company-text": "forms.component.companyText",
  text: "forms.component.consentText",
} as const;

/**
 * The rich texts (spec 3 §2.2, §5.1): bold, italic, underline and links (http, https or ftp, else
 * 'Please enter valid url!'), edited in place. A change made elsewhere (Reset Form) refills it.
 */
function RichTextEditor({
  element,
  set,
}: {
  element: FormElement;
  set: (patch: Partial<FormElement>) => void;
}) {
  const { t } = useTranslation();
  const label = t(RICH_LABELS[element.type as keyof typeof RICH_LABELS]);
  const current = element.textValue ?? "";
  // What the editor last wrote: any other value came from outside, and the editor starts afresh.
  const written = useRef({ html: current, version: 0 });
  if (current !== written.current.html)
    written.current = { html: current, version: written.current.version + 1 };
  return (
    <BlockStack gap="100">
      <Text as="h3" variant="headingSm">
        {label}
      </Text>
      <RichEditor
        key={written.current.version}
        label={label}
        initialHtml={current}
        onChange={(textValue) => {
          written.current.html = textValue;
          set({ textValue });
        }}
        attributes={null}
        readOnly={false}
        basic
        testId="form-rich-text"
        linkIsValid={(url) => linkError(url) === null}
      />
      <Text as="p" tone="subdued">
        {t("forms.component.companyPlaceholder", { token: "{{COMPANY}}" })}
      </Text>
    </BlockStack>
  );
}

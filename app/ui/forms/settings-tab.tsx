import { BlockStack, Button, Checkbox, InlineGrid, Select, Text, TextField } from "@shopify/polaris";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { FORM_LANGUAGES, type FormStyle } from "~/domain/forms/form-document";
import { asI18nKey } from "~/i18n/keys";
import { ConfirmModal } from "~/ui/confirm-modal";
import { ImageUpload } from "./image-upload";
import { logoHeight, logoWidth, popupDaysSchema } from "./settings-rules";
import { ColorField, PxSelect, Section, TextStyleEditor } from "./style-inputs";
import type { FormDraftApi } from "./use-form-draft";

const TEXT_STYLES = [
  "headingStyle",
  "subHeadingStyle",
  "textStyle",
  "questionStyle",
  "answerStyle",
  "descriptionStyle",
  "companyTextStyle",
] as const;
const BORDER_STYLES = ["solid", "dashed", "dotted", "double", "none"] as const;
const SIZES = ["100%", "auto"];

/** Settings (spec 3 sections 2.2, 3.2, 5.2 and 9): seven collapsible sections. */
export function SettingsTab(props: { form: FormDraftApi; readOnly: boolean; popupError: string | null }) {
  const { t } = useTranslation();
  const { form, readOnly } = props;
  const style = form.draft.style;
  const set = form.setStyle;
  const [confirm, setConfirm] = useState<"form" | "typography" | null>(null);
  const theme = style.themeStyle;
  const setTheme = (patch: Partial<FormStyle["themeStyle"]>) => set({ themeStyle: { ...theme, ...patch } });
  const field = style.fieldStyle;
  const setField = (patch: Partial<FormStyle["fieldStyle"]>) => set({ fieldStyle: { ...field, ...patch } });
  const button = style.buttonStyle;
  const setButton = (patch: Partial<FormStyle["buttonStyle"]>) =>
    set({ buttonStyle: { ...button, ...patch } });
  return (
    <BlockStack gap="300">
      <Section title={t("forms.settings.theme")}>
        <ColorField
          label={t("forms.settings.backgroundColor")}
          value={theme.backgroundColor}
          onChange={(backgroundColor) => setTheme({ backgroundColor })}
          disabled={readOnly}
        />
        <ColorField
          label={t("forms.settings.secondaryBackgroundColor")}
          value={theme.secondaryBackgroundColor}
          onChange={(secondaryBackgroundColor) => setTheme({ secondaryBackgroundColor })}
          disabled={readOnly}
        />
        <Text as="p">{t("forms.settings.backgroundImage")}</Text>
        <ImageUpload
          label={t("forms.settings.backgroundImage")}
          removeLabel={t("forms.component.removeImage")}
          url={theme.backgroundImageUrl}
          onChange={(backgroundImageUrl) => setTheme({ backgroundImageUrl })}
          disabled={readOnly}
        />
        <InlineGrid columns={2} gap="200">
          <Select
            label={t("forms.settings.backgroundWidth")}
            options={SIZES}
            value={theme.backgroundWidth}
            onChange={(backgroundWidth) => setTheme({ backgroundWidth })}
            disabled={readOnly}
          />
          <Select
            label={t("forms.settings.backgroundHeight")}
            options={SIZES}
            value={theme.backgroundHeight}
            onChange={(backgroundHeight) => setTheme({ backgroundHeight })}
            disabled={readOnly}
          />
        </InlineGrid>
      </Section>
      <Section title={t("forms.settings.logo")}>
        <ImageUpload
          label={t("forms.settings.uploadLogo")}
          removeLabel={t("forms.settings.removeLogo")}
          url={style.logoUrl}
          onChange={(logoUrl) => set({ logoUrl })}
          disabled={readOnly}
        />
        <LogoSize style={style} set={set} readOnly={readOnly} />
        <Text as="p" tone="subdued">
          {t("forms.settings.logoNote")}
        </Text>
      </Section>
      <Section title={t("forms.settings.typography")}>
        {TEXT_STYLES.map((key) => (
          <TextStyleEditor
            key={key}
            title={t(`forms.settings.textStyles.${key}`)}
            value={style[key]}
            onChange={(value) => set({ [key]: value })}
            disabled={readOnly}
          />
        ))}
        <TextStyleEditor
          title={t("forms.settings.textStyles.buttonStyle")}
          value={button}
          onChange={(value) => setButton(value)}
          disabled={readOnly}
        />
        <Button tone="critical" onClick={() => setConfirm("typography")} disabled={readOnly}>
          {t("forms.settings.resetTypography")}
        </Button>
      </Section>
      <Section title={t("forms.settings.form")}>
        <InlineGrid columns={2} gap="200">
          <ColorField
            label={t("forms.settings.fieldBackground")}
            value={field.backgroundColor}
            onChange={(backgroundColor) => setField({ backgroundColor })}
            disabled={readOnly}
          />
          <ColorField
            label={t("forms.settings.borderColor")}
            value={field.borderColor}
            onChange={(borderColor) => setField({ borderColor })}
            disabled={readOnly}
          />
          <PxSelect
            label={t("forms.settings.borderWidth")}
            value={field.borderWidth}
            onChange={(borderWidth) => setField({ borderWidth })}
            disabled={readOnly}
          />
          <Select
            label={t("forms.settings.borderStyle")}
            options={[...BORDER_STYLES]}
            value={field.borderStyle}
            onChange={(borderStyle) =>
              setField({ borderStyle: borderStyle as (typeof BORDER_STYLES)[number] })
            }
            disabled={readOnly}
          />
          <PxSelect
            label={t("forms.settings.borderRadius")}
            value={field.borderRadius}
            onChange={(borderRadius) => setField({ borderRadius })}
            disabled={readOnly}
          />
          <ColorField
            label={t("forms.settings.errorColor")}
            value={style.errorMessageColor}
            onChange={(errorMessageColor) => set({ errorMessageColor })}
            disabled={readOnly}
          />
          <ColorField
            label={t("forms.settings.buttonBackground")}
            value={button.backgroundColor}
            onChange={(backgroundColor) => setButton({ backgroundColor })}
            disabled={readOnly}
          />
          <ColorField
            label={t("forms.settings.buttonBorderColor")}
            value={button.borderColor}
            onChange={(borderColor) => setButton({ borderColor })}
            disabled={readOnly}
          />
          <TextField
            label={t("forms.settings.buttonHeight")}
            type="number"
            min={20}
            max={120}
            value={String(button.height)}
            onChange={(v) => setButton({ height: Math.min(120, Math.max(20, Number(v) || 40)) })}
            autoComplete="off"
            disabled={readOnly}
          />
        </InlineGrid>
        <Button tone="critical" onClick={() => setConfirm("form")} disabled={readOnly}>
          {t("forms.settings.resetForm")}
        </Button>
      </Section>
      <Section title={t("forms.settings.success")}>
        <TextField
          label={t("forms.settings.successMessage")}
          value={style.successMessage}
          onChange={(successMessage) => set({ successMessage })}
          multiline={3}
          maxLength={1000}
          autoComplete="off"
          disabled={readOnly}
        />
      </Section>
      <Section title={t("forms.settings.language")}>
        <Select
          label={t("forms.settings.language")}
          options={FORM_LANGUAGES.map((l) => ({ label: t(`forms.settings.languages.${l}`), value: l }))}
          value={style.formLanguage}
          onChange={(formLanguage) => set({ formLanguage: formLanguage as FormStyle["formLanguage"] })}
          disabled={readOnly}
        />
      </Section>
      <Section title={t("forms.settings.popup")} open={props.popupError !== null}>
        <Checkbox
          label={t("forms.settings.permanentHide")}
          checked={style.permenantHideOnSubmit}
          onChange={(permenantHideOnSubmit) => set({ permenantHideOnSubmit })}
          disabled={readOnly}
        />
        <Checkbox
          label={t("forms.settings.temporaryHide")}
          checked={style.temporaryHideOnPopupClose}
          onChange={(temporaryHideOnPopupClose) => set({ temporaryHideOnPopupClose })}
          disabled={readOnly}
        />
        {style.temporaryHideOnPopupClose && (
          <PopupDays form={form} readOnly={readOnly} saveError={props.popupError} />
        )}
      </Section>
      <ConfirmModal
        open={confirm !== null}
        message={
          confirm === "form"
            ? t("forms.settings.resetFormConfirm")
            : t("forms.settings.resetTypographyConfirm")
        }
        onClose={() => setConfirm(null)}
        onConfirm={() => {
          if (confirm === "form") form.resetForm();
          else form.resetTypography();
          setConfirm(null);
        }}
      />
    </BlockStack>
  );
}

/** Logo height and width: typed freely, bounded by the rules of 5.2 when the field is left. */
function LogoSize({
  style,
  set,
  readOnly,
}: {
  style: FormStyle;
  set: FormDraftApi["setStyle"];
  readOnly: boolean;
}) {
  const { t } = useTranslation();
  const [height, setHeight] = useState(String(style.logoHeight));
  const [width, setWidth] = useState(style.logoWidth === null ? "" : String(style.logoWidth));
  return (
    <InlineGrid columns={2} gap="200">
      <TextField
        label={t("forms.settings.logoHeight")}
        type="number"
        value={height}
        onChange={setHeight}
        autoComplete="off"
        disabled={readOnly}
        onBlur={() => {
          const next = logoHeight(height);
          setHeight(String(next));
          set({ logoHeight: next });
        }}
      />
      <TextField
        label={t("forms.settings.logoWidth")}
        type="number"
        value={width}
        placeholder="auto"
        onChange={setWidth}
        autoComplete="off"
        disabled={readOnly}
        onBlur={() => {
          const next = logoWidth(width);
          setWidth(next === null ? "" : String(next));
          set({ logoWidth: next });
        }}
      />
    </InlineGrid>
  );
}

/** Days to hide the pop-up after a close: required, at least 1 ('Please enter days!'). */
function PopupDays({
  form,
  readOnly,
  saveError,
}: {
  form: FormDraftApi;
  readOnly: boolean;
  saveError: string | null;
}) {
  const { t } = useTranslation();
  const [value, setValue] = useState(String(form.draft.style.numberOfHidingDays));
  const parsed = popupDaysSchema.safeParse({ numberOfHidingDays: value });
  const error = parsed.success ? (saveError ?? undefined) : parsed.error.issues[0]?.message;
  return (
    <TextField
      label={t("forms.settings.days")}
      type="number"
      min={1}
      value={value}
      autoComplete="off"
      disabled={readOnly}
      error={error ? t(asI18nKey(error)) : undefined}
      onChange={(next) => {
        setValue(next);
        const days = popupDaysSchema.safeParse({ numberOfHidingDays: next });
        // The saved document keeps a valid number: an empty or 0 field blocks Save instead.
        form.setStyle({ numberOfHidingDays: days.success ? days.data.numberOfHidingDays : (0 as number) });
      }}
    />
  );
}

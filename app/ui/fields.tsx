import type { FieldMetadata } from "@conform-to/react";
import { Checkbox, TextField, type TextFieldProps } from "@shopify/polaris";
import { type ReactNode, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { asI18nKey } from "~/i18n/keys";

type InputProps = {
  meta: FieldMetadata<string | undefined>;
  label: string;
  type?: TextFieldProps["type"];
  autoComplete: string;
  helpText?: ReactNode;
  readOnly?: boolean;
  disabled?: boolean;
  inputMode?: TextFieldProps["inputMode"];
  autoFocus?: boolean;
  defaultValue?: string;
  maxLength?: number;
  multiline?: number;
  maxHeight?: number;
  // Show every message, not only the first (the configured subdomain patterns, spec 1 section 5).
  allErrors?: boolean;
  // Controlled by the caller (the setup modal proposes subdomains as the company name is typed).
  value?: string;
  onChange?: (value: string) => void;
};

/** A Polaris text field bound to a conform field: its name, first error (or every error, with allErrors), translated, and value. */
export function FormTextField({
  meta,
  defaultValue,
  allErrors,
  value: controlled,
  onChange,
  ...props
}: InputProps) {
  const { t } = useTranslation();
  const [value, setValue] = useState(meta.initialValue ?? defaultValue ?? "");
  // A reset form (conform changes the field key) or a new server value replaces what is typed.
  const resetKey = meta.key;
  // biome-ignore lint/correctness/useExhaustiveDependencies: resetKey changes when conform resets the form.
  useEffect(() => {
    setValue(meta.initialValue ?? defaultValue ?? "");
  }, [resetKey, meta.initialValue, defaultValue]);
  const messages = (allErrors ? meta.errors : meta.errors?.slice(0, 1))?.map((e) => t(asI18nKey(e))) ?? [];
  return (
    <TextField
      {...props}
      id={meta.id}
      name={meta.name}
      value={controlled ?? value}
      onChange={onChange ?? setValue}
      error={
        messages.length > 1
          ? messages.map((m) => (
              <span key={m} style={{ display: "block" }}>
                {m}
              </span>
            ))
          : messages[0]
      }
    />
  );
}

/** A Polaris checkbox that submits "on" like a native one. */
export function FormCheckbox({ meta, label }: { meta: FieldMetadata<string | undefined>; label: ReactNode }) {
  const { t } = useTranslation();
  const [checked, setChecked] = useState(meta.initialValue === "on");
  const error = meta.errors?.[0];
  return (
    <Checkbox
      id={meta.id}
      name={meta.name}
      value="on"
      label={label}
      checked={checked}
      onChange={setChecked}
      error={error ? t(asI18nKey(error)) : undefined}
    />
  );
}

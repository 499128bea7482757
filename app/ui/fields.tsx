import type { FieldMetadata } from "@conform-to/react";
import { Checkbox, TextField, type TextFieldProps } from "@shopify/polaris";
import { type ReactNode, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";

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
};

/** A Polaris text field bound to a conform field: its name, first error (translated) and value. */
export function FormTextField({ meta, defaultValue, ...props }: InputProps) {
  const { t } = useTranslation();
  const [value, setValue] = useState(meta.initialValue ?? defaultValue ?? "");
  useEffect(() => {
    if (meta.initialValue !== undefined) setValue(meta.initialValue);
  }, [meta.initialValue]);
  const error = meta.errors?.[0];
  return (
    <TextField
      {...props}
      id={meta.id}
      name={meta.name}
      value={value}
      onChange={setValue}
      error={error ? t(error) : undefined}
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
      error={error ? t(error) : undefined}
    />
  );
}

import { Select } from "@shopify/polaris";
import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { asI18nKey } from "~/i18n/keys";

/** Country codes named in the reader's language, sorted by name ("France", "Germany", ...). */
export function useCountryOptions(codes: string[]) {
  const { i18n } = useTranslation();
  const language = i18n.language || "en";
  return useMemo(() => {
    const names = new Intl.DisplayNames([language, "en"], { type: "region" });
    const collator = new Intl.Collator(language);
    return codes
      .map((code) => ({ value: code, label: names.of(code) ?? code }))
      .sort((a, b) => collator.compare(a.label, b.label));
  }, [codes, language]);
}

/**
 * The company's country: phone numbers written without "+country code" are read as its numbers
 * (a French company's "06 12 34 56 78" is +33 6 12 34 56 78). A native select, sent with the form.
 */
export function CountrySelect(props: {
  id: string;
  name: string;
  codes: string[];
  defaultValue: string;
  error?: string;
  disabled?: boolean;
}) {
  const { t } = useTranslation();
  const options = useCountryOptions(props.codes);
  const [value, setValue] = useState(props.defaultValue);
  return (
    <Select
      id={props.id}
      name={props.name}
      label={t("firstRun.country.label")}
      helpText={t("firstRun.country.help")}
      options={options}
      value={value}
      onChange={setValue}
      disabled={props.disabled}
      error={props.error ? t(asI18nKey(props.error)) : undefined}
    />
  );
}

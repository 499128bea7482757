import { Button } from "@shopify/polaris";
import { useState } from "react";
import { useTranslation } from "react-i18next";

/** Copies a value to the clipboard and says so on the button for a moment. */
export function CopyButton({ value, label }: { value: string; label: string }) {
  const { t } = useTranslation();
  const [copied, setCopied] = useState(false);
  return (
    <Button
      accessibilityLabel={label}
      onClick={() => {
        void navigator.clipboard
          ?.writeText(value)
          .then(() => {
            setCopied(true);
            setTimeout(() => setCopied(false), 2000);
          })
          // No clipboard permission (an insecure origin, a refused prompt): the value stays selectable.
          .catch(() => {});
      }}
    >
      {copied ? t("tritech.copied") : t("tritech.copy")}
    </Button>
  );
}

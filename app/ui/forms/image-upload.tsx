import { BlockStack, Button, InlineError, InlineStack, Thumbnail } from "@shopify/polaris";
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { pngError } from "./field-rules";

export const FORM_IMAGES_ACTION = "/resources/form-images";

/**
 * A png upload for the builder (logo, background image, image element): stored through the app's
 * storage module by /resources/form-images, which answers the image's address. Only png files are
 * accepted ('{file} is not a png file'); other upload failures are swallowed, as the spec says.
 */
export function ImageUpload(props: {
  label: string;
  removeLabel: string;
  url: string;
  onChange: (url: string) => void;
  disabled: boolean;
}) {
  const { t } = useTranslation();
  const id = useId();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const upload = async (file: File) => {
    const problem = pngError(file);
    setError(problem ? t("forms.validation.notPng", { file: file.name }) : null);
    if (problem) return;
    setBusy(true);
    try {
      const body = new FormData();
      body.set("file", file);
      const response = await fetch(FORM_IMAGES_ACTION, { method: "POST", body });
      if (response.ok) {
        const { url } = (await response.json()) as { url?: string };
        if (url) props.onChange(url);
      }
    } catch {
      // Upload failures are silently swallowed (spec 3 section 8).
    } finally {
      setBusy(false);
    }
  };
  return (
    <BlockStack gap="200">
      <InlineStack gap="200" blockAlign="center">
        {props.url ? <Thumbnail source={props.url} alt="" size="small" /> : null}
        <input
          id={id}
          type="file"
          accept="image/png"
          aria-label={props.label}
          disabled={props.disabled || busy}
          style={{ maxWidth: 220 }}
          onChange={(event) => {
            const file = event.target.files?.[0];
            event.target.value = "";
            if (file) void upload(file);
          }}
        />
        {props.url ? (
          <Button
            tone="critical"
            variant="plain"
            disabled={props.disabled}
            onClick={() => props.onChange("")}
          >
            {props.removeLabel}
          </Button>
        ) : null}
      </InlineStack>
      {error ? <InlineError message={error} fieldID={id} /> : null}
    </BlockStack>
  );
}

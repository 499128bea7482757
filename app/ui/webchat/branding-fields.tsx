import { BlockStack, Button, Collapsible, InlineStack, Select, TextField, Thumbnail } from "@shopify/polaris";
import { type ReactNode, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import type { AssetView } from "~/domain/webchat/branding/assets.server";
import {
  DEFAULT_IMAGES,
  expandHex,
  HEX_COLOR,
  type ImageField,
  textColorOn,
} from "~/domain/webchat/branding/branding-schema";

/** One collapsible panel of the Branding tab (Theme, Welcome Popup, Chat, Progressive Web App, Links). */
export function Panel({
  title,
  children,
  initiallyOpen = false,
}: {
  title: string;
  children: ReactNode;
  initiallyOpen?: boolean;
}) {
  const [open, setOpen] = useState(initiallyOpen);
  const id = useId();
  return (
    <div className="webchat-panel">
      <Button
        variant="tertiary"
        size="large"
        fullWidth
        textAlign="start"
        disclosure={open ? "up" : "down"}
        ariaExpanded={open}
        ariaControls={id}
        onClick={() => setOpen(!open)}
      >
        {title}
      </Button>
      <Collapsible id={id} open={open} transition={{ duration: "150ms" }}>
        <div style={{ padding: "8px 12px 16px" }}>
          <BlockStack gap="300">{children}</BlockStack>
        </div>
      </Collapsible>
    </div>
  );
}

/**
 * A colour (spec 3 section 5.4): the swatch opens the browser's colour picker, the field takes a 3 or
 * 6 digit hex. The swatch's text is black or white by the colour's brightness (above 186: black).
 */
export function ColorField(props: {
  label: string;
  value: string;
  error?: string;
  disabled: boolean;
  onChange: (value: string) => void;
}) {
  const { t } = useTranslation();
  const valid = HEX_COLOR.test(props.value);
  return (
    <InlineStack gap="200" blockAlign="start" wrap={false}>
      <label
        className="webchat-swatch"
        data-disabled={props.disabled}
        style={valid ? { background: props.value, color: textColorOn(props.value) } : undefined}
      >
        {valid ? expandHex(props.value) : "—"}
        <input
          type="color"
          aria-label={t("webchat.branding.colorPicker", { field: props.label })}
          value={valid ? expandHex(props.value).toLowerCase() : "#000000"}
          disabled={props.disabled}
          onChange={(event) => props.onChange(event.target.value.toUpperCase())}
        />
      </label>
      <div style={{ flex: 1 }}>
        <TextField
          label={props.label}
          value={props.value}
          onChange={props.onChange}
          autoComplete="off"
          maxLength={7}
          error={props.error}
          disabled={props.disabled}
          monospaced
        />
      </div>
    </InlineStack>
  );
}

/** An image of the branding: the default placeholder or one of the company's uploaded images. */
export function ImagePicker(props: {
  field: ImageField;
  label: string;
  value: string;
  assets: AssetView[];
  hint?: string;
  error?: string;
  disabled: boolean;
  onChange: (value: string) => void;
}) {
  const { t } = useTranslation();
  const options = [
    { label: t("webchat.branding.defaultImage"), value: DEFAULT_IMAGES[props.field] },
    ...props.assets.map((asset) => ({
      label: asset.width ? `${asset.name} (${asset.width}x${asset.height})` : asset.name,
      value: asset.url,
    })),
  ];
  // An image deleted meanwhile still shows as chosen until Apply says otherwise.
  if (!options.some((o) => o.value === props.value)) options.push({ label: props.value, value: props.value });
  return (
    <InlineStack gap="200" blockAlign="center" wrap={false}>
      <Thumbnail source={props.value} alt="" size="small" />
      <div style={{ flex: 1 }}>
        <Select
          label={props.label}
          options={options}
          value={props.value}
          onChange={props.onChange}
          helpText={props.hint}
          error={props.error}
          disabled={props.disabled}
        />
      </div>
    </InlineStack>
  );
}

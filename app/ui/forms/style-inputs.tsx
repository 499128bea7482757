import {
  BlockStack,
  Button,
  Collapsible,
  InlineGrid,
  InlineStack,
  Select,
  Text,
  TextField,
} from "@shopify/polaris";
import { type ReactNode, useEffect, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { FONT_FAMILIES, FONT_WEIGHT_CHOICES, type TextStyle } from "~/domain/forms/form-document";
import { PX_CHOICES } from "./settings-rules";

const HEX = /^#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/;

/** A collapsible section of the Settings tab. */
export function Section(props: { title: string; children: ReactNode; open?: boolean }) {
  const [open, setOpen] = useState(props.open ?? false);
  const id = useId();
  return (
    <BlockStack gap="200">
      <Button
        variant="tertiary"
        disclosure={open ? "up" : "down"}
        onClick={() => setOpen(!open)}
        ariaControls={id}
        ariaExpanded={open}
        textAlign="left"
        fullWidth
      >
        {props.title}
      </Button>
      <Collapsible id={id} open={open}>
        <div style={{ padding: "4px 4px 12px" }}>
          <BlockStack gap="300">{props.children}</BlockStack>
        </div>
      </Collapsible>
    </BlockStack>
  );
}

/** A colour: a swatch picker and its hex code; only a valid 3 or 6 digit hex reaches the form. */
export function ColorField(props: {
  label: string;
  value: string;
  onChange: (hex: string) => void;
  disabled: boolean;
}) {
  const [text, setText] = useState(props.value);
  useEffect(() => setText(props.value), [props.value]);
  const valid = HEX.test(text);
  return (
    <TextField
      label={props.label}
      value={text}
      disabled={props.disabled}
      autoComplete="off"
      error={valid ? undefined : " "}
      onChange={(next) => {
        setText(next);
        if (HEX.test(next)) props.onChange(next);
      }}
      connectedRight={
        <input
          type="color"
          aria-label={props.label}
          value={valid && text.length === 7 ? text : "#000000"}
          disabled={props.disabled}
          onChange={(event) => {
            setText(event.target.value);
            props.onChange(event.target.value);
          }}
          style={{ width: 36, height: 36, border: 0, padding: 0, background: "none" }}
        />
      }
    />
  );
}

export function PxSelect(props: {
  label: string;
  value: number;
  onChange: (px: number) => void;
  disabled: boolean;
}) {
  return (
    <Select
      label={props.label}
      options={PX_CHOICES.map((px) => ({ label: `${px}px`, value: String(px) }))}
      value={String(props.value)}
      onChange={(value) => props.onChange(Number(value))}
      disabled={props.disabled}
    />
  );
}

/** Font, size (0 to 39 px), weight (Semi B, Bold, Italic) and colour of one text style (spec 9). */
export function TextStyleEditor(props: {
  title: string;
  value: TextStyle;
  onChange: (style: TextStyle) => void;
  disabled: boolean;
}) {
  const { t } = useTranslation();
  const { value } = props;
  const weight = FONT_WEIGHT_CHOICES.find(
    (w) => w.fontWeight === value.fontWeight && w.fontStyle === value.fontStyle,
  );
  return (
    <BlockStack gap="200">
      <Text as="h4" variant="headingSm">
        {props.title}
      </Text>
      <InlineGrid columns={2} gap="200">
        <Select
          label={`${props.title}: ${t("forms.settings.fontFamily")}`}
          options={FONT_FAMILIES.map((f) => ({ label: f === "Lato" ? "Lato (arial)" : f, value: f }))}
          value={value.fontFamily}
          onChange={(fontFamily) =>
            props.onChange({ ...value, fontFamily: fontFamily as TextStyle["fontFamily"] })
          }
          disabled={props.disabled}
        />
        <PxSelect
          label={`${props.title}: ${t("forms.settings.fontSize")}`}
          value={value.fontSize}
          onChange={(fontSize) => props.onChange({ ...value, fontSize })}
          disabled={props.disabled}
        />
        <Select
          label={`${props.title}: ${t("forms.settings.fontWeight")}`}
          options={[
            ...(weight ? [] : [{ label: "Regular", value: "" }]),
            ...FONT_WEIGHT_CHOICES.map((w) => ({ label: w.label, value: w.label })),
          ]}
          value={weight?.label ?? ""}
          onChange={(label) => {
            const choice = FONT_WEIGHT_CHOICES.find((w) => w.label === label);
            if (choice)
              props.onChange({ ...value, fontWeight: choice.fontWeight, fontStyle: choice.fontStyle });
          }}
          disabled={props.disabled}
        />
        <ColorField
          label={`${props.title}: ${t("forms.settings.color")}`}
          value={value.color}
          onChange={(color) => props.onChange({ ...value, color })}
          disabled={props.disabled}
        />
      </InlineGrid>
    </BlockStack>
  );
}

export function Row({ children }: { children: ReactNode }) {
  return (
    <InlineStack gap="200" wrap={false} blockAlign="end">
      {children}
    </InlineStack>
  );
}

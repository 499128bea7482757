import { BlockStack, Select, Text } from "@shopify/polaris";
import { useTranslation } from "react-i18next";
import { TEMPLATE_PARAMETER_SOURCES, templateMessage } from "~/domain/whatsapp/template-text";

export type TemplateOption = { name: string; language: string; body: string; parameterCount: number };
export type TemplateChoice = { key: string; parameters: string[] };

export const FREE_TEXT = "";
export const templateKey = (t: { name: string; language: string }) => `${t.name}|${t.language}`;

/**
 * A WhatsApp touchpoint's template (issue 16): one of the company's approved templates with its
 * language, each {{n}} mapped to a contact field or the tracked link, or free text (which Meta
 * delivers only within 24 hours of the contact's last message). Choosing one writes its text into
 * the message (onMessage); the choice itself is posted in two hidden fields.
 */
export function WhatsAppTemplatePicker(props: {
  templates: TemplateOption[];
  choice: TemplateChoice;
  onChange: (choice: TemplateChoice) => void;
  onMessage: (message: string) => void;
  disabled: boolean;
}) {
  const { t } = useTranslation();
  const template = props.templates.find((o) => templateKey(o) === props.choice.key);
  const choose = (key: string, parameters: string[]) => {
    props.onChange({ key, parameters });
    const chosen = props.templates.find((o) => templateKey(o) === key);
    if (chosen) props.onMessage(templateMessage(chosen.body, parameters));
  };
  return (
    <BlockStack gap="200">
      <input type="hidden" name="whatsappTemplate" value={template ? props.choice.key : ""} />
      <input
        type="hidden"
        name="whatsappParameters"
        value={template ? props.choice.parameters.join(",") : ""}
      />
      <Select
        label={t("whatsapp.touchpoint.template")}
        disabled={props.disabled}
        options={[
          { value: FREE_TEXT, label: t("whatsapp.touchpoint.freeText") },
          ...props.templates.map((o) => ({ value: templateKey(o), label: `${o.name} (${o.language})` })),
        ]}
        value={template ? props.choice.key : FREE_TEXT}
        onChange={(key) => {
          const chosen = props.templates.find((o) => templateKey(o) === key);
          choose(
            key,
            Array.from({ length: chosen?.parameterCount ?? 0 }, () => "first_name"),
          );
        }}
        helpText={template ? t("whatsapp.touchpoint.templateHelp") : t("whatsapp.touchpoint.freeTextHelp")}
      />
      {template ? (
        <Text as="p" variant="bodySm" tone="subdued">
          {t("whatsapp.touchpoint.language", { language: template.language })}
        </Text>
      ) : null}
      {template
        ? props.choice.parameters.map((source, i) => (
            <Select
              // biome-ignore lint/suspicious/noArrayIndexKey: a template's parameters are numbered, never reordered.
              key={i}
              label={t("whatsapp.touchpoint.parameter", { placeholder: `{{${i + 1}}}` })}
              disabled={props.disabled}
              options={TEMPLATE_PARAMETER_SOURCES.map((s) => ({
                value: s,
                label: t(`whatsapp.touchpoint.sources.${s}`),
              }))}
              value={source}
              onChange={(value) =>
                choose(
                  props.choice.key,
                  props.choice.parameters.map((p, j) => (j === i ? value : p)),
                )
              }
            />
          ))
        : null}
    </BlockStack>
  );
}

import { BlockStack, Box, InlineGrid, Text } from "@shopify/polaris";
import { useTranslation } from "react-i18next";
import { TEMPLATE_NAMES } from "~/domain/forms/form-document";
import type { FormDraftApi } from "./use-form-draft";

/** Layout (spec 3 section 2.2): Basic Template (form left) and Basic Template 2 (form right). */
export function LayoutTab({ form, readOnly }: { form: FormDraftApi; readOnly: boolean }) {
  const { t } = useTranslation();
  return (
    <InlineGrid columns={2} gap="300">
      {TEMPLATE_NAMES.map((name) => {
        const selected = form.draft.templateName === name;
        const right = name === "TWO_COLUMN_RIGHT_FORM";
        return (
          <button
            type="button"
            key={name}
            aria-pressed={selected}
            disabled={readOnly}
            onClick={() => form.setTemplate(name)}
            style={{
              padding: 12,
              borderRadius: 8,
              background: "#fff",
              border: selected ? "2px solid #2c6ecb" : "1px solid #c9cccf",
              cursor: readOnly ? "not-allowed" : "pointer",
              opacity: readOnly ? 0.6 : 1,
            }}
          >
            {/* A sketch of the layout: the form's column (14) and the company text's column (10). */}
            <BlockStack gap="200" inlineAlign="center">
              <div
                style={{ display: "flex", flexDirection: right ? "row-reverse" : "row", gap: 4, width: 120 }}
              >
                <div style={{ flex: 14, height: 60, background: "#2c6ecb", borderRadius: 3 }} />
                <div style={{ flex: 10, height: 60, background: "#cde1f3", borderRadius: 3 }} />
              </div>
              <Box>
                <Text as="span" fontWeight={selected ? "bold" : "regular"}>
                  {t(`forms.layout.${name}`)}
                </Text>
              </Box>
            </BlockStack>
          </button>
        );
      })}
    </InlineGrid>
  );
}

import { BlockStack, Card, InlineStack, Text } from "@shopify/polaris";
import { useTranslation } from "react-i18next";
import { PRODUCT_PAGE_PRODUCT_ATTRIBUTES } from "~/domain/contacts/schemas";
import { AddAttribute } from "~/ui/contacts/attribute-drawer";
import { type AttributeFieldData, AttributeForm } from "~/ui/contacts/attribute-form";

/** The product page's right card: the selected owner's product attributes, or a hint to select one. */
export function OwnerAttributesCard({
  selected,
  errors,
  canWrite,
  canAddAttribute,
}: {
  selected: { linkId: string; name: string; fields: AttributeFieldData[] } | null;
  errors: Record<string, string> | undefined;
  canWrite: boolean;
  canAddAttribute: boolean;
}) {
  const { t } = useTranslation();
  return (
    <Card>
      <BlockStack gap="400">
        <InlineStack align="space-between" blockAlign="center">
          <Text as="h2" variant="headingMd">
            {selected
              ? t("products.detail.attributesOf", { name: selected.name })
              : t("products.detail.productAttributes")}
          </Text>
          <AddAttribute
            scope="product"
            disabled={!canAddAttribute}
            label={t("products.detail.addAttribute")}
          />
        </InlineStack>
        {selected ? (
          <AttributeForm
            key={selected.linkId}
            formId="product-attributes"
            intent="product-attributes"
            hiddenFields={{ linkId: selected.linkId }}
            fields={selected.fields}
            errors={errors}
            disabled={!canWrite}
            pageSize={PRODUCT_PAGE_PRODUCT_ATTRIBUTES}
            emptyText={t("products.detail.noProductAttributes")}
          />
        ) : (
          <Text as="p" tone="subdued">
            {t("products.detail.selectOwner")}
          </Text>
        )}
      </BlockStack>
    </Card>
  );
}

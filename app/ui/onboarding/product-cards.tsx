import { BlockStack, Box, Checkbox, InlineGrid, InlineStack, Text, Thumbnail } from "@shopify/polaris";
import { ImageIcon } from "@shopify/polaris-icons";
import { useTranslation } from "react-i18next";
import type { StoreProduct } from "~/domain/shopify/store-products.server";
import { groupProducts } from "./product-groups";

/**
 * The store's products, grouped by type, each a card with its image and a checkbox. The list scrolls
 * within 500px; cards sit 2 to a row on medium screens and 3 on very large ones (spec 1 section 2).
 */
export function ProductGroups(props: {
  products: StoreProduct[];
  search: string;
  picked: ReadonlySet<string>;
  onToggle: (id: string, on: boolean) => void;
}) {
  const { t } = useTranslation();
  const groups = groupProducts(props.products, props.search, t("shopifyOnboarding.stepper.other"));
  if (groups.length === 0)
    return (
      <Text as="p" tone="subdued" alignment="center">
        {t("shopifyOnboarding.stepper.noMatch")}
      </Text>
    );
  return (
    <div className="onboarding-products">
      <BlockStack gap="500">
        {groups.map((group) => (
          <section key={group.key} aria-label={group.label}>
            <BlockStack gap="200">
              <Text as="h2" variant="headingSm">
                {group.label}
              </Text>
              <InlineGrid columns={{ xs: 1, md: 2, xl: 3 }} gap="300">
                {group.products.map((product) => (
                  <Box
                    key={product.id}
                    padding="300"
                    borderWidth="025"
                    borderColor={props.picked.has(product.id) ? "border-emphasis" : "border"}
                    borderRadius="200"
                  >
                    <InlineStack gap="300" align="space-between" blockAlign="center" wrap={false}>
                      <Checkbox
                        id={`product-${product.id}`}
                        label={product.title}
                        checked={props.picked.has(product.id)}
                        onChange={(on) => props.onToggle(product.id, on)}
                      />
                      <Thumbnail
                        size="small"
                        source={product.imageUrl ?? ImageIcon}
                        alt={product.imageAlt || product.title}
                      />
                    </InlineStack>
                  </Box>
                ))}
              </InlineGrid>
            </BlockStack>
          </section>
        ))}
      </BlockStack>
    </div>
  );
}

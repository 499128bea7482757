import { BlockStack, Card, Text } from "@shopify/polaris";
import { useTranslation } from "react-i18next";

/** The Billing tab keeps its place; plans, usage and checkout belong to the billing work. */
export function BillingTab() {
  const { t } = useTranslation();
  return (
    <Card>
      <BlockStack gap="200">
        <Text as="h2" variant="headingMd">
          {t("settings.tabs.billing")}
        </Text>
        <Text as="p" tone="subdued">
          {t("screens.pendingBody")}
        </Text>
      </BlockStack>
    </Card>
  );
}

import { Banner, Text } from "@shopify/polaris";
import { useTranslation } from "react-i18next";

/** What every Shopify surface shows when SHOPIFY_API_KEY / SHOPIFY_API_SECRET are unset. */
export function ShopifyNotConfigured() {
  const { t } = useTranslation();
  return (
    <Banner tone="warning" title={t("shopify.notConfiguredTitle")}>
      <Text as="p">
        {t("shopify.notConfiguredBody", { variables: "SHOPIFY_API_KEY, SHOPIFY_API_SECRET" })}
      </Text>
    </Banner>
  );
}

import { Banner, Box, Text } from "@shopify/polaris";
import { useTranslation } from "react-i18next";

/** The notice each tab shows while its integration is not connected, pointing to Integrations (spec 2 section 2). */
export function IntegrationNotConnected({ integration }: { integration: "shopify" | "tritech" }) {
  const { t } = useTranslation();
  return (
    <Box paddingBlockStart="400">
      <Banner
        tone="warning"
        title={t(`productMapping.${integration}NotConnectedTitle`)}
        action={{ content: t("productMapping.goToIntegrations"), url: "/integration" }}
      >
        <Text as="p">{t(`productMapping.${integration}NotConnectedBody`)}</Text>
      </Banner>
    </Box>
  );
}

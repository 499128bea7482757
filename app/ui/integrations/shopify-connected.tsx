import { Banner, BlockStack, Button, Card, InlineStack, Text } from "@shopify/polaris";
import { useTranslation } from "react-i18next";
import type { ConnectedStore } from "~/domain/integrations/shopify-integration.server";
import { shopifyAdminLinks } from "~/domain/integrations/views";
import { AutomaticOptIn } from "./automatic-opt-in";
import { ConsentLanguageButtons } from "./consent-language-buttons";
import { DisconnectCard } from "./disconnect-card";
import { SmsOptInSetup } from "./sms-opt-in-setup";
import type { ShopifyViewData } from "./types";

/** A connected store (spec 3 section 2.5): its name, the TCPA notice, setup, consent, settings, disconnect. */
export function ShopifyConnected({ data, store }: { data: ShopifyViewData; store: ConnectedStore }) {
  const { t } = useTranslation();
  const links = shopifyAdminLinks(store.shop);
  const readOnly = data.can.readOnly;
  return (
    <BlockStack gap="400">
      <Card>
        <InlineStack align="space-between" blockAlign="center" gap="400">
          <BlockStack gap="100">
            <Text as="p" tone="subdued">
              {t("integrations.connectedStore")}
            </Text>
            <Text as="h2" variant="headingLg">
              {store.storeName}
            </Text>
            <Text as="p" tone="subdued">
              {store.shop}
            </Text>
          </BlockStack>
          <Button url={readOnly ? undefined : links.store} external disabled={readOnly}>
            {t("integrations.goToStore")}
          </Button>
        </InlineStack>
      </Card>

      <Banner tone="info" title={t("integrations.tcpaTitle")}>
        <Text as="p">{t("integrations.tcpaBody")}</Text>
      </Banner>

      <SmsOptInSetup
        smsStatus={data.smsStatus}
        statusKey={data.statusKey}
        optInSettingsUrl={links.smsOptInSettings}
        readOnly={readOnly}
      />

      <Card>
        <BlockStack gap="300">
          <Text as="h2" variant="headingMd">
            {t("integrations.consentLanguage")}
          </Text>
          <Text as="p">{t("integrations.consentLanguageBody")}</Text>
          <InlineStack gap="300" blockAlign="center">
            <Button url={readOnly ? undefined : links.smsConsentLanguage} external disabled={readOnly}>
              {t("integrations.goToConsentLanguage")}
            </Button>
            <ConsentLanguageButtons consent={data.consent} shop={store.shop} readOnly={readOnly} />
          </InlineStack>
        </BlockStack>
      </Card>

      <AutomaticOptIn
        enabled={store.automaticOptIn}
        canChange={data.can.automaticOptIn}
        readOnly={readOnly}
      />

      <DisconnectCard storeName={store.storeName} canDisconnect={data.can.disconnect} readOnly={readOnly} />
    </BlockStack>
  );
}

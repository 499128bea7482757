import { BlockStack, Button, Card, List, Page, Text } from "@shopify/polaris";
import { useTranslation } from "react-i18next";
import { integrationUrl } from "~/domain/integrations/views";
import { ShopifyNotConfigured } from "~/ui/shopify/not-configured";
import { ShopifyConnected } from "./shopify-connected";
import type { ShopifyViewData } from "./types";

/**
 * The Shopify view of /integration (spec 3 section 2.5): the connected store's setup, or the steps
 * to connect one. A server without SHOPIFY_API_KEY / SHOPIFY_API_SECRET says so instead.
 */
export function ShopifyView({ data }: { data: ShopifyViewData }) {
  const { t } = useTranslation();
  return (
    <Page
      title={t("integrations.shopifyTitle")}
      backAction={{ content: t("integrations.back"), url: integrationUrl("home") }}
    >
      {!data.configured ? (
        <ShopifyNotConfigured />
      ) : data.store ? (
        <ShopifyConnected data={data} store={data.store} />
      ) : (
        <NotConnected appStoreUrl={data.appStoreUrl} canConnect={data.can.connect} />
      )}
    </Page>
  );
}

/** 'Connect To Shopify' opens the app's listing; it is hidden once a store is connected (above). */
function NotConnected({ appStoreUrl, canConnect }: { appStoreUrl: string; canConnect: boolean }) {
  const { t } = useTranslation();
  return (
    <Card>
      <BlockStack gap="400">
        <Text as="h2" variant="headingMd">
          {t("integrations.connectSteps")}
        </Text>
        <List type="number">
          <List.Item>{t("integrations.connectStep1")}</List.Item>
          <List.Item>{t("integrations.connectStep2")}</List.Item>
          <List.Item>{t("integrations.connectStep3")}</List.Item>
        </List>
        <div>
          <Button
            variant="primary"
            url={canConnect ? appStoreUrl : undefined}
            external
            disabled={!canConnect}
          >
            {t("integrations.connect")}
          </Button>
        </div>
      </BlockStack>
    </Card>
  );
}

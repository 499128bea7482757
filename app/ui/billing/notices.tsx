import { Banner, BlockStack, Card, Link, Text } from "@shopify/polaris";
import { useTranslation } from "react-i18next";
import type { CardBilling } from "~/domain/billing/billing-tab.server";

const BANNERS = {
  not_configured: ["billing.cardBilling.notConfiguredTitle", "billing.cardBilling.notConfigured"],
  store_not_connected: ["billing.cardBilling.storeTitle", "billing.cardBilling.store"],
  store_not_configured: [
    "billing.cardBilling.storeNotConfiguredTitle",
    "billing.cardBilling.storeNotConfigured",
  ],
} as const;

/**
 * Why Select Plan cannot take a payment here: no STRIPE_SECRET_KEY, a store account without an
 * installed store, or a server without the Shopify app. Nothing when billing works.
 */
export function CardBillingBanner({ cardBilling }: { cardBilling: CardBilling }) {
  const { t } = useTranslation();
  if (cardBilling === "stripe" || cardBilling === "store") return null;
  const [title, body] = BANNERS[cardBilling];
  return (
    <Banner tone="info" title={t(title)}>
      <p>{t(body)}</p>
    </Banner>
  );
}

/** manualBilling: nothing to choose online, only whom to write to. */
export function ManualBillingPlaceholder({ email }: { email: string }) {
  const { t } = useTranslation();
  return (
    <Card>
      <BlockStack gap="200">
        <Text as="h2" variant="headingMd">
          {t("billing.manual.title")}
        </Text>
        <Text as="p">{t("billing.manual.body")}</Text>
        <Text as="p" variant="headingSm">
          <Link url={`mailto:${email}`}>{email}</Link>
        </Text>
      </BlockStack>
    </Card>
  );
}

import { Banner, BlockStack, Card, Link, Text } from "@shopify/polaris";
import { useTranslation } from "react-i18next";
import type { CardBilling } from "~/domain/billing/billing-tab.server";

/** Why Select Plan cannot take a card here yet: no STRIPE_SECRET_KEY, or a store account. */
export function CardBillingBanner({ cardBilling }: { cardBilling: CardBilling }) {
  const { t } = useTranslation();
  if (cardBilling === "stripe") return null;
  const store = cardBilling === "store";
  return (
    <Banner
      tone="info"
      title={store ? t("billing.cardBilling.storeTitle") : t("billing.cardBilling.notConfiguredTitle")}
    >
      <p>{store ? t("billing.cardBilling.store") : t("billing.cardBilling.notConfigured")}</p>
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

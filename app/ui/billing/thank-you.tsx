import { BlockStack, Button, Card, Text } from "@shopify/polaris";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";

/**
 * After a paid checkout (/settings?tab=billing&stripe_session=...). The query is cleared at once, so
 * a reload or a shared link never shows it again; the history entry keeps React Router's state.
 */
export function ThankYou() {
  const { t } = useTranslation();
  useEffect(() => {
    const url = new URL(window.location.href);
    if (!url.searchParams.has("stripe_session")) return;
    url.searchParams.delete("stripe_session");
    window.history.replaceState(window.history.state, "", `${url.pathname}${url.search}${url.hash}`);
  }, []);
  return (
    <Card>
      <BlockStack gap="400" inlineAlign="center">
        <Text as="h2" variant="headingLg" alignment="center">
          {t("billing.thankYou")}
        </Text>
        <Button url="/settings" variant="primary">
          {t("billing.getStarted")}
        </Button>
      </BlockStack>
    </Card>
  );
}

import { BlockStack, Button, Card, Page, Text } from "@shopify/polaris";
import { useTranslation } from "react-i18next";
import { isRouteErrorResponse, useRouteError } from "react-router";

/** A touchpoint screen that failed to load: the shell stays, with a way back and a retry. */
export function JourneysErrorBoundary() {
  const error = useRouteError();
  const { t } = useTranslation();
  if (!isRouteErrorResponse(error) || error.status >= 500) console.error(error);
  return (
    <Page
      title={t("journeys.title")}
      backAction={{ content: t("journeys.detail.back"), url: "/touchpoints" }}
    >
      <Card>
        <BlockStack gap="300">
          <Text as="p">{t("journeys.toasts.somethingWentWrong")}</Text>
          <div>
            <Button onClick={() => window.location.reload()}>{t("errorBoundary.tryAgain")}</Button>
          </div>
        </BlockStack>
      </Card>
    </Page>
  );
}

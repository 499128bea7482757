import { BlockStack, Button, Card, Page, Text } from "@shopify/polaris";
import { useTranslation } from "react-i18next";
import { isRouteErrorResponse, useRouteError } from "react-router";

/**
 * The error boundary of spec 1 section 8, exported by every route module. A screen's error renders
 * inside the layout around it, so the shell (sidebar, header, account menu) stays and only the
 * failed screen is replaced. Try Again reloads the page, as the spec says.
 */
export function RouteErrorBoundary() {
  const error = useRouteError();
  const { t } = useTranslation();
  // Expected answers (404, 403) are not faults; anything else goes to the log.
  if (!isRouteErrorResponse(error) || error.status >= 500) console.error(error);
  return (
    <Page narrowWidth>
      <Card>
        <BlockStack gap="400">
          <Text as="h1" variant="headingLg">
            {t("errorBoundary.title")}
          </Text>
          <Text as="p">{t("errorBoundary.body")}</Text>
          <div>
            <Button variant="primary" onClick={() => window.location.reload()}>
              {t("errorBoundary.tryAgain")}
            </Button>
          </div>
        </BlockStack>
      </Card>
    </Page>
  );
}

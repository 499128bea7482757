import { BlockStack, Button, Card, Page, Text } from "@shopify/polaris";
import { useTranslation } from "react-i18next";
import { Form, redirect } from "react-router";
import { config } from "~/config.server";
import { getOptionalViewer } from "~/domain/access/guard.server";
import { isActiveAccountDisabled } from "~/domain/accounts/accounts.server";
import { shopifyBoundaryHeaders } from "~/domain/shopify/boundary-headers.server";
import { RouteErrorBoundary } from "~/ui/route-error-boundary";
import type { Route } from "./+types/suspended";

/** The 'Account Suspended' page: nothing else is shown, and Log out signs the user out everywhere. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = await getOptionalViewer({ request, context });
  if (!viewer) throw redirect("/signin");
  const suspended = viewer.suspended || (await isActiveAccountDisabled(viewer.memberships[0]?.accountId));
  if (!suspended) throw redirect("/");
  return { supportEmail: config().SUPPORT_EMAIL };
}

export default function Suspended({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  return (
    <div className="centered-page">
      <Page narrowWidth>
        <Card padding="600">
          <BlockStack gap="400" inlineAlign="center">
            <Text as="h1" variant="headingXl">
              {t("suspended.title")}
            </Text>
            <Text as="p" alignment="center">
              {t("suspended.body", { email: loaderData.supportEmail })}
            </Text>
            <Form method="post" action="/logout">
              <input type="hidden" name="everywhere" value="true" />
              <Button submit variant="primary">
                {t("common.logout")}
              </Button>
            </Form>
          </BlockStack>
        </Card>
      </Page>
    </div>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
export const headers = shopifyBoundaryHeaders;

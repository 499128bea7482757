import { BlockStack, Card, Page, Text } from "@shopify/polaris";
import { useTranslation } from "react-i18next";
import {
  requireMember,
  requireMemberWith,
  requireViewer,
  requireViewerWith,
} from "~/domain/access/guard.server";
import { pendingScreens } from "~/domain/access/screens";
import { asI18nKey } from "~/i18n/keys";
import { RouteErrorBoundary } from "~/ui/route-error-boundary";
import type { Route } from "./+types/pending-screen";

/** A signed-in screen whose content is built by a later issue: its guard already holds. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const path = new URL(request.url).pathname.replace(/\/+$/, "") || "/";
  const screen = pendingScreens[path];
  if (!screen) throw new Response("Not Found", { status: 404 });
  if (screen.companyRequired === false) {
    if (screen.permission) await requireViewerWith({ request, context }, screen.permission);
    else await requireViewer({ request, context });
  } else if (screen.permission) {
    await requireMemberWith({ request, context }, screen.permission);
  } else {
    await requireMember({ request, context });
  }
  return { title: screen.title };
}

export default function PendingScreen({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  return (
    <Page title={t(asI18nKey(loaderData.title))}>
      <Card>
        <BlockStack gap="200">
          <Text as="p" tone="subdued">
            {t("screens.pendingBody")}
          </Text>
        </BlockStack>
      </Card>
    </Page>
  );
}

export const ErrorBoundary = RouteErrorBoundary;

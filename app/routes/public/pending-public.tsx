import { BlockStack, Card, Page, Text } from "@shopify/polaris";
import { useTranslation } from "react-i18next";
import { publicPendingScreens } from "~/domain/access/screens";
import { asI18nKey } from "~/i18n/keys";
import { RouteErrorBoundary } from "~/ui/route-error-boundary";
import type { Route } from "./+types/pending-public";

/** A public page whose content is built by a later issue (billing hand-off, store install, forms). */
export async function loader({ request }: Route.LoaderArgs) {
  const path = new URL(request.url).pathname;
  const title = publicPendingScreens[path] ?? "screens.publicForm";
  return { title };
}

export default function PendingPublicScreen({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  return (
    <Page narrowWidth title={t(asI18nKey(loaderData.title))}>
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

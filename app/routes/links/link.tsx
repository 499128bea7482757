import { BlockStack, Card, Page, Text } from "@shopify/polaris";
import { useTranslation } from "react-i18next";
import { data, redirect } from "react-router";
import { config } from "~/config.server";
import { followTrackedLink } from "~/domain/messaging/tracked-links.server";
import { shopifyBoundaryHeaders } from "~/domain/shopify/boundary-headers.server";
import { getI18n } from "~/i18n/i18n.server";
import { RouteErrorBoundary } from "~/ui/route-error-boundary";
import type { Route } from "./+types/link";

/**
 * A tracked link, /l/{code} (public, no sign-in): the click is recorded and the visitor sent on (302).
 * An unknown or malformed code gets a friendly page with status 404.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const target = await followTrackedLink(params.code, request.headers.get("User-Agent"));
  if (target) {
    // Never cached: every visit is a click.
    throw redirect(target, { status: 302, headers: { "Cache-Control": "no-store" } });
  }
  const t = getI18n(context).t;
  return data(
    { title: `${t("messaging.link.pageTitle")} · ${config().PRODUCT_NAME}` },
    { status: 404, headers: { "Cache-Control": "no-store" } },
  );
}

export function meta({ data }: Route.MetaArgs) {
  return [{ title: data?.title ?? "Not found" }, { name: "robots", content: "noindex" }];
}

export default function TrackedLinkNotFound() {
  const { t } = useTranslation();
  return (
    <div className="centered-page">
      <Page narrowWidth>
        <Card padding="600">
          <BlockStack gap="400" inlineAlign="center">
            <Text as="p" variant="heading3xl" tone="subdued">
              404
            </Text>
            <Text as="h1" variant="headingXl" alignment="center">
              {t("messaging.link.notFoundTitle")}
            </Text>
            <Text as="p" alignment="center" tone="subdued">
              {t("messaging.link.notFoundBody")}
            </Text>
          </BlockStack>
        </Card>
      </Page>
    </div>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
export const headers = shopifyBoundaryHeaders;

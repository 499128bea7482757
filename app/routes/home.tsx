import { BlockStack, Box, Card, Page, SkeletonBodyText, SkeletonDisplayText } from "@shopify/polaris";
import { eq } from "drizzle-orm";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { getDb } from "#db/client.server";
import { dashboards } from "#db/schema";
import { requireMember } from "~/domain/access/guard.server";
import { EmptyMessage } from "~/ui/empty-message";
import { RouteErrorBoundary } from "~/ui/route-error-boundary";
import type { Route } from "./+types/home";

/** Analytics: the company's dashboard. Our own analytics pages come with a later issue. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const member = await requireMember({ request, context });
  const dashboardId = member.account.dashboardId;
  const [dashboard] = dashboardId
    ? await getDb().select().from(dashboards).where(eq(dashboards.id, dashboardId))
    : [];
  return { dashboard: dashboard ? { name: dashboard.name, embedUrl: dashboard.embedUrl } : null };
}

export default function Home({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const [loaded, setLoaded] = useState(false);
  const embedUrl = loaderData.dashboard?.embedUrl;
  return (
    <Page fullWidth title={t("screens.home")}>
      {embedUrl ? (
        <Card padding="0">
          {loaded ? null : (
            <Box padding="400">
              <BlockStack gap="400">
                <SkeletonDisplayText size="small" />
                <SkeletonBodyText lines={6} />
              </BlockStack>
            </Box>
          )}
          <iframe
            title={loaderData.dashboard?.name ?? t("screens.home")}
            src={embedUrl}
            className="dashboard-frame"
            style={{ display: loaded ? "block" : "none" }}
            onLoad={() => setLoaded(true)}
          />
        </Card>
      ) : (
        <Card>
          <EmptyMessage heading={loaderData.dashboard?.name ?? t("screens.home")}>
            {t("screens.homeNoDashboard")}
          </EmptyMessage>
        </Card>
      )}
    </Page>
  );
}

export const ErrorBoundary = RouteErrorBoundary;

import { BlockStack, Box, Card, Page, SkeletonBodyText, SkeletonDisplayText } from "@shopify/polaris";
import { eq } from "drizzle-orm";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { data } from "react-router";
import { getDb } from "#db/client.server";
import { dashboards } from "#db/schema";
import { requireMember, requireMemberWith } from "~/domain/access/guard.server";
import { can } from "~/domain/access/permissions";
import { dismissFirstRunChecklist, firstRunChecklist } from "~/domain/first-run/checklist.server";
import { EmptyMessage } from "~/ui/empty-message";
import { FirstRunChecklist } from "~/ui/first-run/checklist";
import { RouteErrorBoundary } from "~/ui/route-error-boundary";
import type { Route } from "./+types/home";

/**
 * Analytics: the company's dashboard, under the first-run checklist while the company has steps
 * left (issue 20 item 9). Our own analytics pages come with a later issue.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const member = await requireMember({ request, context });
  const dashboardId = member.account.dashboardId;
  const [[dashboard], checklist] = await Promise.all([
    dashboardId ? getDb().select().from(dashboards).where(eq(dashboards.id, dashboardId)) : [],
    firstRunChecklist(member),
  ]);
  return {
    dashboard: dashboard ? { name: dashboard.name, embedUrl: dashboard.embedUrl } : null,
    checklist: checklist.show ? checklist : null,
    canDismiss: can(member, "firstRun.dismiss"),
  };
}

/** 'Hide this checklist'. */
export async function action({ request, context }: Route.ActionArgs) {
  const member = await requireMemberWith({ request, context }, "firstRun.dismiss");
  const form = await request.formData();
  if (form.get("intent") !== "dismissFirstRun") return data({ ok: false }, 400);
  await dismissFirstRunChecklist(member);
  return { ok: true };
}

export default function Home({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const [loaded, setLoaded] = useState(false);
  const embedUrl = loaderData.dashboard?.embedUrl;
  return (
    <Page fullWidth title={t("screens.home")}>
      <BlockStack gap="400">
        {loaderData.checklist ? (
          <FirstRunChecklist checklist={loaderData.checklist} canDismiss={loaderData.canDismiss} />
        ) : null}
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
      </BlockStack>
    </Page>
  );
}

export const ErrorBoundary = RouteErrorBoundary;

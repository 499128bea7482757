import { BlockStack, Page, Tabs } from "@shopify/polaris";
import { eq } from "drizzle-orm";
import { Suspense } from "react";
import { useTranslation } from "react-i18next";
import { Await, data, useLocation, useSearchParams } from "react-router";
import { getDb } from "#db/client.server";
import { dashboards } from "#db/schema";
import { requireMember, requireMemberWith } from "~/domain/access/guard.server";
import { can } from "~/domain/access/permissions";
import { loadCompanyAnalytics } from "~/domain/analytics/analytics.server";
import { rangeChoiceFromSearch, resolvePeriod } from "~/domain/analytics/period";
import { dismissFirstRunChecklist, firstRunChecklist } from "~/domain/first-run/checklist.server";
import analyticsStyles from "~/ui/analytics/analytics.css?url";
import { AnalyticsSkeleton } from "~/ui/analytics/analytics-skeleton";
import { AnalyticsResultView, RangeProblem } from "~/ui/analytics/analytics-view";
import { DashboardEmbed } from "~/ui/analytics/dashboard-embed";
import { LoadFailed, PeriodHeader } from "~/ui/analytics/period-header";
import { useHydrated } from "~/ui/analytics/use-hydrated";
import { FirstRunChecklist } from "~/ui/first-run/checklist";
import { RouteErrorBoundary } from "~/ui/route-error-boundary";
import type { Route } from "./+types/home";

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: analyticsStyles }];

/**
 * Analytics (issue 18): the company's figures for a range of its own days, under the first-run
 * checklist while the company has steps left. The figures stream in (skeletons until then); a company
 * whose admin-assigned dashboard has an external embed sees it in a tab beside ours (?view=embed).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const member = await requireMember({ request, context });
  const url = new URL(request.url);
  const choice = rangeChoiceFromSearch(url.searchParams);
  const period = resolvePeriod(choice, member.account.timeZone);
  const dashboardId = member.account.dashboardId;
  const [[dashboard], checklist] = await Promise.all([
    dashboardId ? getDb().select().from(dashboards).where(eq(dashboards.id, dashboardId)) : [],
    firstRunChecklist(member),
  ]);
  const embed = dashboard?.embedUrl ? { name: dashboard.name, embedUrl: dashboard.embedUrl } : null;
  const view = embed && url.searchParams.get("view") === "embed" ? "embed" : "ours";
  return {
    embed,
    view,
    choice,
    period,
    // Not awaited: the page renders at once and the figures follow in the same response.
    analytics: view === "ours" && period.ok ? loadCompanyAnalytics(getDb(), member.account.id, choice) : null,
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
  const { search } = useLocation();
  const [searchParams, setSearchParams] = useSearchParams();
  const { embed, view, period, analytics } = loaderData;
  const hydrated = useHydrated();
  const ours = (
    <BlockStack gap="400">
      <PeriodHeader choice={loaderData.choice} period={period.ok ? period.period : null} />
      {!period.ok ? (
        <RangeProblem problem={period.problem} />
      ) : !hydrated ? (
        // The figures are drawn once the page is live: a boundary still waiting for them while
        // hydrating would be re-rendered by the first revalidation (React error 421).
        <AnalyticsSkeleton />
      ) : (
        // A new range is a new boundary: its skeleton shows instead of the last range's figures.
        <Suspense key={search} fallback={<AnalyticsSkeleton />}>
          <Await resolve={analytics} errorElement={<LoadFailed />}>
            {(result) => (result ? <AnalyticsResultView result={result} /> : null)}
          </Await>
        </Suspense>
      )}
    </BlockStack>
  );
  const selectView = (index: number) => {
    const next = new URLSearchParams(searchParams);
    if (index === 1) next.set("view", "embed");
    else next.delete("view");
    setSearchParams(next, { preventScrollReset: true });
  };
  return (
    <Page fullWidth title={t("screens.home")}>
      <BlockStack gap="400">
        {loaderData.checklist ? (
          <FirstRunChecklist checklist={loaderData.checklist} canDismiss={loaderData.canDismiss} />
        ) : null}
        {embed ? (
          <Tabs
            tabs={[
              { id: "analytics-ours", content: t("analytics.tabs.ours"), panelID: "analytics-panel" },
              { id: "analytics-embed", content: embed.name, panelID: "analytics-panel" },
            ]}
            selected={view === "embed" ? 1 : 0}
            onSelect={selectView}
          >
            <div id="analytics-panel" role="tabpanel" className="analytics-panel">
              {view === "embed" ? <DashboardEmbed name={embed.name} embedUrl={embed.embedUrl} /> : ours}
            </div>
          </Tabs>
        ) : (
          ours
        )}
      </BlockStack>
    </Page>
  );
}

export const ErrorBoundary = RouteErrorBoundary;

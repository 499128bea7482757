import { BlockStack, Page, Tabs } from "@shopify/polaris";
import { eq } from "drizzle-orm";
import { useTranslation } from "react-i18next";
import { data, redirect, useLocation, useNavigation, useSearchParams } from "react-router";
import { getDb } from "#db/client.server";
import { dashboards } from "#db/schema";
import { requireMember, requireMemberWith } from "~/domain/access/guard.server";
import { can } from "~/domain/access/permissions";
import { loadCompanyAnalytics } from "~/domain/analytics/analytics.server";
import { type RangeChoice, rangeChoiceFromSearch, resolvePeriod } from "~/domain/analytics/period";
import { dismissFirstRunChecklist, firstRunChecklist } from "~/domain/first-run/checklist.server";
import { shopifyBoundaryHeaders } from "~/domain/shopify/boundary-headers.server";
import { embeddedEntryForShopifyLink } from "~/domain/shopify/embedded-auth.server";
import analyticsStyles from "~/ui/analytics/analytics.css?url";
import { AnalyticsSkeleton } from "~/ui/analytics/analytics-skeleton";
import { AnalyticsResultView, RangeProblem } from "~/ui/analytics/analytics-view";
import { DashboardEmbed } from "~/ui/analytics/dashboard-embed";
import { LoadFailed, PeriodHeader } from "~/ui/analytics/period-header";
import { FirstRunChecklist } from "~/ui/first-run/checklist";
import { RouteErrorBoundary } from "~/ui/route-error-boundary";
import type { Route } from "./+types/home";

/**
 * / is the app's address in shopify.app.toml: a link of Shopify's outside the admin carrying the shop
 * goes on to /app before any guard turns it away to the sign-in page (a middleware runs before the
 * layout's loader and this one).
 */
export const middleware: Route.MiddlewareFunction[] = [
  ({ request }) => {
    const entry = embeddedEntryForShopifyLink(request);
    if (entry) throw redirect(entry);
  },
];

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: analyticsStyles }];

/**
 * Analytics (issue 18): the company's figures for a range of its own days, under the first-run
 * checklist while the company has steps left. The figures come with the page (a few milliseconds of
 * rollup reads, so the page works without JavaScript and hydrates without a pending boundary); while
 * another range loads, its skeletons show. A company whose admin-assigned dashboard has an external
 * embed sees it in a tab beside ours (?view=embed).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const member = await requireMember({ request, context });
  const url = new URL(request.url);
  const choice = rangeChoiceFromSearch(url.searchParams);
  const period = resolvePeriod(choice, member.account.timeZone);
  const dashboardId = member.account.dashboardId;
  const wantsEmbed = url.searchParams.get("view") === "embed";
  // Read beside the dashboard unless the embed tab is asked for (then only if there is no embed).
  const figures = !wantsEmbed && period.ok ? figuresOrFailed(member.account.id, choice) : null;
  const [[dashboard], checklist] = await Promise.all([
    dashboardId ? getDb().select().from(dashboards).where(eq(dashboards.id, dashboardId)) : [],
    firstRunChecklist(member),
  ]);
  const embed = dashboard?.embedUrl ? { name: dashboard.name, embedUrl: dashboard.embedUrl } : null;
  const view = embed && wantsEmbed ? "embed" : "ours";
  return {
    embed,
    view,
    choice,
    period,
    analytics:
      view === "ours" && period.ok ? await (figures ?? figuresOrFailed(member.account.id, choice)) : null,
    checklist: checklist.show ? checklist : null,
    canDismiss: can(member, "firstRun.dismiss"),
  };
}

/** The report, or "failed" (the page still shows, with the failure in words). */
async function figuresOrFailed(accountId: string, choice: RangeChoice) {
  try {
    return await loadCompanyAnalytics(getDb(), accountId, choice);
  } catch (error) {
    console.error("analytics: could not load the figures", error);
    return "failed" as const;
  }
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
  const { pathname, search } = useLocation();
  const navigation = useNavigation();
  const [searchParams, setSearchParams] = useSearchParams();
  const { embed, view, period, analytics } = loaderData;
  // Another range (or view) of this page on its way: its skeleton, not the last range's figures.
  const loadingOtherRange =
    navigation.state === "loading" &&
    navigation.location.pathname === pathname &&
    navigation.location.search !== search;
  const ours = (
    <BlockStack gap="400">
      <PeriodHeader choice={loaderData.choice} period={period.ok ? period.period : null} />
      {!period.ok ? (
        <RangeProblem problem={period.problem} />
      ) : loadingOtherRange || !analytics ? (
        <AnalyticsSkeleton />
      ) : analytics === "failed" ? (
        <LoadFailed />
      ) : (
        <AnalyticsResultView result={analytics} />
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
export const headers = shopifyBoundaryHeaders;

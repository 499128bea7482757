import { Banner, Box, Page, Tabs } from "@shopify/polaris";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import { getDb } from "#db/client.server";
import { requireViewerWith } from "~/domain/access/guard.server";
import { can } from "~/domain/access/permissions";
import { listAuditLog } from "~/domain/admin/audit.server";
import { loadCompaniesTab } from "~/domain/admin/companies.server";
import { loadTermsTab } from "~/domain/admin/legal.server";
import { loadPlatformOverviewTab } from "~/domain/admin/overview-tab.server";
import { adminTabOf, adminTabs } from "~/domain/admin/tabs";
import { loadUsersTab } from "~/domain/admin/users.server";
import { shopifyBoundaryHeaders } from "~/domain/shopify/boundary-headers.server";
import { AuditTab } from "~/ui/admin/audit-tab";
import { CompaniesTab } from "~/ui/admin/companies-tab";
import { TermsTab } from "~/ui/admin/terms-tab";
import { UsersTab } from "~/ui/admin/users-tab";
import analyticsStyles from "~/ui/analytics/analytics.css?url";
import { PlatformOverviewTab } from "~/ui/analytics/platform-overview";
import { RouteErrorBoundary } from "~/ui/route-error-boundary";
import type { Route } from "./+types/admin";

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: analyticsStyles }];

/** The platform admin area: admins change, roadmins only look (their writes are refused with 403). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = await requireViewerWith({ request, context }, "admin.view");
  const url = new URL(request.url);
  const tab = adminTabOf(url);
  const subject = { roles: viewer.roles, isCompanyAdmin: false, readOnly: false };
  const common = {
    canWrite: can(subject, "admin.write"),
    isAdmin: viewer.roles.includes("admin"),
    // Sent here from a company's screen while viewing no company (requireMember): say so.
    companyNeeded: url.searchParams.has("companyNeeded"),
  };
  switch (tab) {
    case "companies":
      return { ...common, tab, companies: await loadCompaniesTab(url) };
    case "users":
      return { ...common, tab, users: await loadUsersTab(url) };
    case "terms":
      return { ...common, tab, terms: await loadTermsTab() };
    case "audit":
      return {
        ...common,
        tab,
        audit: await listAuditLog({
          page: Number(url.searchParams.get("page") ?? 1) || 1,
          search: url.searchParams.get("q") ?? "",
        }),
      };
    case "overview":
      return { ...common, tab, overview: await loadPlatformOverviewTab(getDb(), url) };
  }
}

export default function Admin({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const [, setSearchParams] = useSearchParams();
  const selected = adminTabs.indexOf(loaderData.tab);
  return (
    <Page fullWidth title={t("adminPage.title")}>
      {loaderData.companyNeeded ? <PickCompanyBanner /> : null}
      <Tabs
        tabs={adminTabs.map((id) => ({
          id: `admin-${id}`,
          content: t(`adminPage.tabs.${id}`),
          panelID: `admin-panel-${id}`,
        }))}
        selected={selected}
        onSelect={(index) => setSearchParams({ tab: adminTabs[index] }, { preventScrollReset: true })}
      >
        <div id={`admin-panel-${loaderData.tab}`} role="tabpanel" className="admin-panel">
          {loaderData.tab === "companies" ? (
            <CompaniesTab
              data={loaderData.companies}
              canWrite={loaderData.canWrite}
              isAdmin={loaderData.isAdmin}
            />
          ) : null}
          {loaderData.tab === "users" ? (
            <UsersTab data={loaderData.users} canWrite={loaderData.canWrite} />
          ) : null}
          {loaderData.tab === "terms" ? (
            <TermsTab data={loaderData.terms} canWrite={loaderData.canWrite} />
          ) : null}
          {loaderData.tab === "audit" ? <AuditTab data={loaderData.audit} /> : null}
          {loaderData.tab === "overview" ? <PlatformOverviewTab data={loaderData.overview} /> : null}
        </div>
      </Tabs>
    </Page>
  );
}

/** Why a company's screen brought a platform admin here: no company is being viewed. */
function PickCompanyBanner() {
  const { t } = useTranslation();
  const [searchParams, setSearchParams] = useSearchParams();
  const close = () => {
    const next = new URLSearchParams(searchParams);
    next.delete("companyNeeded");
    setSearchParams(next, { preventScrollReset: true, replace: true });
  };
  return (
    <Box paddingBlockEnd="400">
      <Banner tone="info" title={t("firstRun.adminPickCompany.title")} onDismiss={close}>
        {t("firstRun.adminPickCompany.body")}
      </Banner>
    </Box>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
export const headers = shopifyBoundaryHeaders;

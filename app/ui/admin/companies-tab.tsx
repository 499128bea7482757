import {
  BlockStack,
  Box,
  Button,
  Card,
  EmptyState,
  InlineStack,
  Pagination,
  Select,
  Text,
  TextField,
} from "@shopify/polaris";
import { SearchIcon } from "@shopify/polaris-icons";
import { useCallback, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useRevalidator, useSearchParams } from "react-router";
import type { CompanyListRow, loadCompaniesTab } from "~/domain/admin/companies.server";
import {
  DEFAULT_PAGE_SIZE,
  nextCreatedAtSort,
  PAGE_SIZES,
  STATUS_REFRESH_DELAY_MS,
} from "~/domain/admin/company-admin-schemas";
import { type Toast, ToastView } from "~/ui/toast";
import { AddCompanyModal } from "./company-add-modal";
import { CompanyDashboardModal } from "./company-dashboard-modal";
import { CompanyStatusModal } from "./company-status-modal";
import { CompanyTable, type EditKind } from "./company-table";
import { CompanyTagsModal } from "./company-tags-modal";
import { DashboardsModals } from "./dashboard-modals";

type CompaniesData = Awaited<ReturnType<typeof loadCompaniesTab>>;
type OpenModal =
  | { kind: "add" }
  | { kind: "dashboards" }
  | { kind: EditKind; company: CompanyListRow }
  | null;

const SEARCH_DEBOUNCE_MS = 400;

/**
 * 'Company Management': search by name or id, the Shopify filter, the companies table and its
 * modals. Search, sort and paging live in the URL and run in the database.
 */
export function CompaniesTab({
  data,
  canWrite,
  isAdmin,
}: {
  data: CompaniesData;
  canWrite: boolean;
  isAdmin: boolean;
}) {
  const { t } = useTranslation();
  const [searchParams, setSearchParams] = useSearchParams();
  const revalidator = useRevalidator();
  const [modal, setModal] = useState<OpenModal>(null);
  const [toast, setToast] = useState<Toast | null>(null);
  const [search, setSearch] = useState(data.query.q);
  const query = data.query;

  /** Changes some of the list's parameters; any change but paging starts again at page 1. */
  const update = useCallback(
    (changes: Record<string, string>) => {
      setSearchParams(
        (previous) => {
          const next = new URLSearchParams(previous);
          next.set("tab", "companies");
          for (const [key, value] of Object.entries(changes)) next.set(key, value);
          if (!("page" in changes)) next.delete("page");
          return next;
        },
        { preventScrollReset: true, replace: "q" in changes },
      );
    },
    [setSearchParams],
  );

  useEffect(() => {
    const timer = window.setTimeout(() => {
      if ((searchParams.get("q") ?? "") !== search.trim()) update({ q: search.trim() });
    }, SEARCH_DEBOUNCE_MS);
    return () => window.clearTimeout(timer);
  }, [search, searchParams, update]);

  // The list reloads 1500 ms after a status change (spec 1 section 4).
  const refreshTimer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(refreshTimer.current), []);
  const onStatusSaved = useCallback(
    (saved: Toast) => {
      setToast(saved);
      window.clearTimeout(refreshTimer.current);
      refreshTimer.current = window.setTimeout(() => revalidator.revalidate(), STATUS_REFRESH_DELAY_MS);
    },
    [revalidator],
  );
  const close = useCallback(() => setModal(null), []);

  const pages = Math.max(1, Math.ceil(data.total / data.pageSize));
  // Hidden when everything fits on one page; kept when a larger size was chosen, to allow going back.
  const showPager = pages > 1 || data.pageSize !== DEFAULT_PAGE_SIZE;

  return (
    <Card>
      <BlockStack gap="400">
        <InlineStack align="space-between" blockAlign="center" gap="300">
          <Text as="h2" variant="headingMd">
            {t("adminCompanies.title")}
          </Text>
          <InlineStack gap="200">
            <Button
              disabled={!canWrite || data.dashboards.length === 0}
              onClick={() => setModal({ kind: "dashboards" })}
            >
              {t("adminCompanies.viewDashboards")}
            </Button>
            <Button variant="primary" disabled={!canWrite} onClick={() => setModal({ kind: "add" })}>
              {t("adminCompanies.addCompany")}
            </Button>
          </InlineStack>
        </InlineStack>
        <InlineStack gap="200" blockAlign="end" wrap>
          <Box minWidth="120px">
            <Select
              label={t("adminCompanies.searchType")}
              labelHidden
              options={[
                { label: t("adminCompanies.searchTypes.name"), value: "name" },
                { label: t("adminCompanies.searchTypes.id"), value: "id" },
              ]}
              value={query.by}
              onChange={(by) => update({ by })}
            />
          </Box>
          <Box minWidth="320px">
            <TextField
              label={t(`adminCompanies.searchPlaceholder.${query.by}`)}
              labelHidden
              placeholder={t(`adminCompanies.searchPlaceholder.${query.by}`)}
              prefix={<SearchIcon width={20} height={20} fill="currentColor" aria-hidden="true" />}
              value={search}
              onChange={setSearch}
              autoComplete="off"
              clearButton
              onClearButtonClick={() => setSearch("")}
            />
          </Box>
          <Box minWidth="160px">
            <Select
              label={t("adminCompanies.source")}
              labelInline
              options={[
                { label: t("adminCompanies.sources.all"), value: "all" },
                { label: t("adminCompanies.sources.shopify"), value: "shopify" },
              ]}
              value={query.source}
              onChange={(source) => update({ source })}
            />
          </Box>
        </InlineStack>
        {data.rows.length === 0 ? (
          <EmptyState heading={t("adminCompanies.empty")} image="" />
        ) : (
          <CompanyTable
            rows={data.rows}
            sort={query.sort}
            onSort={() => update({ sort: nextCreatedAtSort(query.sort) })}
            canWrite={canWrite}
            isAdmin={isAdmin}
            onEdit={(kind, company) => setModal({ kind, company })}
          />
        )}
        {showPager ? (
          <InlineStack align="end" blockAlign="center" gap="400">
            <Box minWidth="180px">
              <Select
                label={t("adminCompanies.rowsPerPage")}
                labelInline
                options={PAGE_SIZES.map((size) => ({ label: String(size), value: String(size) }))}
                value={String(data.pageSize)}
                onChange={(size) => update({ size })}
              />
            </Box>
            {pages > 1 ? (
              <Pagination
                hasPrevious={data.page > 1}
                onPrevious={() => update({ page: String(data.page - 1) })}
                hasNext={data.page < pages}
                onNext={() => update({ page: String(data.page + 1) })}
                label={t("adminCompanies.pageOf", { page: data.page, pages, total: data.total })}
              />
            ) : null}
          </InlineStack>
        ) : null}
      </BlockStack>
      {modal?.kind === "add" ? (
        <AddCompanyModal
          patterns={data.patterns}
          dashboards={data.dashboards}
          plans={data.plans}
          onClose={close}
          onToast={setToast}
        />
      ) : null}
      {modal?.kind === "dashboards" ? (
        <DashboardsModals dashboards={data.dashboards} onClose={close} onToast={setToast} />
      ) : null}
      {modal?.kind === "status" ? (
        <CompanyStatusModal
          company={modal.company}
          plans={data.plans}
          onClose={close}
          onSaved={onStatusSaved}
          onToast={setToast}
        />
      ) : null}
      {modal?.kind === "dashboard" ? (
        <CompanyDashboardModal
          company={modal.company}
          dashboards={data.dashboards}
          onClose={close}
          onToast={setToast}
        />
      ) : null}
      {modal?.kind === "tags" ? (
        <CompanyTagsModal company={modal.company} onClose={close} onToast={setToast} />
      ) : null}
      <ToastView toast={toast} />
    </Card>
  );
}

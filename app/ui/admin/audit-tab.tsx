import { BlockStack, Card, DataTable, Pagination, Text, TextField } from "@shopify/polaris";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import type { listAuditLog } from "~/domain/admin/audit.server";
import { EmptyMessage } from "~/ui/empty-message";

type AuditData = Awaited<ReturnType<typeof listAuditLog>>;

/** Who changed what, when: every admin write with its before and after. */
export function AuditTab({ data }: { data: AuditData }) {
  const { t, i18n } = useTranslation();
  const [searchParams, setSearchParams] = useSearchParams();
  const [search, setSearch] = useState(searchParams.get("q") ?? "");
  useEffect(() => {
    const timer = window.setTimeout(() => {
      if ((searchParams.get("q") ?? "") === search) return;
      setSearchParams({ tab: "audit", q: search }, { replace: true, preventScrollReset: true });
    }, 400);
    return () => window.clearTimeout(timer);
  }, [search, searchParams, setSearchParams]);
  const pages = Math.max(1, Math.ceil(data.total / data.pageSize));
  const goTo = (page: number) =>
    setSearchParams({ tab: "audit", q: search, page: String(page) }, { preventScrollReset: true });
  const rows = data.rows.map((row) => [
    new Date(row.createdAt).toLocaleString(i18n.language),
    row.actorEmail,
    row.action,
    `${row.targetType} ${row.targetId}`,
    <AuditJson key="before" label={t("adminAudit.before")} value={row.before} />,
    <AuditJson key="after" label={t("adminAudit.after")} value={row.after} />,
  ]);
  return (
    <Card>
      <BlockStack gap="400">
        <Text as="h2" variant="headingMd">
          {t("adminAudit.title")}
        </Text>
        <TextField
          label={t("adminAudit.search")}
          labelHidden
          placeholder={t("adminAudit.search")}
          value={search}
          onChange={setSearch}
          autoComplete="off"
          clearButton
          onClearButtonClick={() => setSearch("")}
        />
        {rows.length === 0 ? (
          <EmptyMessage heading={t("adminAudit.empty")} />
        ) : (
          <DataTable
            columnContentTypes={["text", "text", "text", "text", "text", "text"]}
            headings={[
              t("adminAudit.when"),
              t("adminAudit.who"),
              t("adminAudit.what"),
              t("adminAudit.target"),
              t("adminAudit.before"),
              t("adminAudit.after"),
            ]}
            rows={rows}
          />
        )}
        {pages > 1 ? (
          <Pagination
            hasPrevious={data.page > 1}
            onPrevious={() => goTo(data.page - 1)}
            hasNext={data.page < pages}
            onNext={() => goTo(data.page + 1)}
            label={t("adminAudit.pageOf", { page: data.page, pages })}
          />
        ) : null}
      </BlockStack>
    </Card>
  );
}

/**
 * A before or after value. The box scrolls when the value is long, so it takes keyboard focus
 * (WCAG 2.1.1: a keyboard user must be able to scroll it too), named by its column.
 */
function AuditJson({ label, value }: { label: string; value: unknown }) {
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable box must be reachable by keyboard to scroll it.
    <section className="audit-json" aria-label={label} tabIndex={0}>
      <pre>{value ? JSON.stringify(value, null, 1) : "-"}</pre>
    </section>
  );
}

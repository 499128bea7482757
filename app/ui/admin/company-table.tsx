import { Badge, Button, DataTable, InlineStack, Tag, Text } from "@shopify/polaris";
import { EditIcon, SortAscendingIcon, SortDescendingIcon, SortIcon } from "@shopify/polaris-icons";
import { useTranslation } from "react-i18next";
import { Form } from "react-router";
import type { CompanyListRow } from "~/domain/admin/companies.server";
import type { CreatedAtSort } from "~/domain/admin/company-admin-schemas";
import { StoreLockButton } from "~/ui/onboarding/store-lock-button";
import { CompanySuspendAction } from "./company-suspend-action";

export type EditKind = "status" | "dashboard" | "tags";

const statusTone = (status: string) =>
  status === "ACTIVE"
    ? "success"
    : status === "SUSPENDED" || status === "PENDING_PAYMENT"
      ? "critical"
      : status === "CREATED"
        ? undefined
        : "attention";

/** The companies of one page: Id, Name, View As, Status, Dashboard, Tags, Created At, Users. */
export function CompanyTable(props: {
  rows: CompanyListRow[];
  sort: CreatedAtSort;
  onSort: () => void;
  canWrite: boolean;
  isAdmin: boolean;
  onEdit: (kind: EditKind, company: CompanyListRow) => void;
}) {
  const { t, i18n } = useTranslation();
  const { canWrite } = props;
  const sortIcon =
    props.sort === "desc" ? SortDescendingIcon : props.sort === "asc" ? SortAscendingIcon : SortIcon;
  const editButton = (kind: EditKind, row: CompanyListRow, label: string) => (
    <Button
      variant="tertiary"
      size="slim"
      icon={EditIcon}
      disabled={!canWrite}
      accessibilityLabel={label}
      onClick={() => props.onEdit(kind, row)}
    />
  );
  const rows = props.rows.map((row) => [
    <InlineStack gap="100" blockAlign="center" wrap={false} key="id">
      {row.storeLocked === null ? null : (
        <StoreLockButton
          key={row.id}
          accountId={row.id}
          company={row.company}
          locked={row.storeLocked}
          canWrite={canWrite}
        />
      )}
      <Text as="span" variant="bodySm">
        <span className="admin-company-id" style={{ fontFamily: "monospace" }}>
          {row.id}
        </span>
      </Text>
    </InlineStack>,
    <InlineStack gap="200" blockAlign="center" key="name">
      <Text as="span" fontWeight="semibold">
        {row.company}
      </Text>
      {row.disabled ? <Badge tone="critical">{t("adminCompanies.suspendedBadge")}</Badge> : null}
      {/* Keyed by company: Polaris' DataTable keys its rows by position, so after a reload that
          moved the companies, an open confirmation would otherwise act on whichever company came
          to its row. Now it closes with its company's row. */}
      <CompanySuspendAction
        key={row.id}
        accountId={row.id}
        company={row.company}
        disabled={row.disabled}
        canWrite={canWrite}
      />
    </InlineStack>,
    <InlineStack gap="100" wrap={false} key="view-as">
      <ViewAsButton accountId={row.id} mode="roadmin" company={row.company} />
      {/* A roadmin never gets the Admin option (spec 1 section 6). */}
      {props.isAdmin ? <ViewAsButton accountId={row.id} mode="admin" company={row.company} /> : null}
    </InlineStack>,
    <InlineStack gap="100" blockAlign="center" wrap={false} key="status">
      <Badge tone={statusTone(row.accountStatus)}>{row.accountStatus}</Badge>
      {editButton("status", row, t("adminCompanies.editStatus", { company: row.company }))}
    </InlineStack>,
    <InlineStack gap="100" blockAlign="center" wrap={false} key="dashboard">
      <Text as="span">{row.dashboardName ?? t("adminCompanies.defaultDashboard")}</Text>
      {editButton("dashboard", row, t("adminCompanies.editDashboard", { company: row.company }))}
    </InlineStack>,
    <InlineStack gap="100" blockAlign="center" key="tags">
      {row.tags.map((tag) => (
        <Tag key={tag.id}>{tag.name}</Tag>
      ))}
      {editButton("tags", row, t("adminCompanies.editTags", { company: row.company }))}
    </InlineStack>,
    // Server and browser may sit in different time zones: the browser's rendering wins.
    <time key="created" dateTime={new Date(row.createdAt).toISOString()} suppressHydrationWarning>
      {new Date(row.createdAt).toLocaleString(i18n.language)}
    </time>,
    row.users,
  ]);
  return (
    <DataTable
      columnContentTypes={["text", "text", "text", "text", "text", "text", "text", "numeric"]}
      headings={[
        t("adminCompanies.columns.id"),
        t("adminCompanies.columns.name"),
        t("adminCompanies.columns.viewAs"),
        t("adminCompanies.columns.status"),
        t("adminCompanies.columns.dashboard"),
        t("adminCompanies.columns.tags"),
        <Button
          key="created-at"
          variant="monochromePlain"
          icon={sortIcon}
          onClick={props.onSort}
          accessibilityLabel={`${t("adminCompanies.columns.createdAt")}, ${t(`adminCompanies.sortState.${props.sort}`)}`}
        >
          {t("adminCompanies.columns.createdAt")}
        </Button>,
        t("adminCompanies.columns.users"),
      ]}
      rows={rows}
      verticalAlign="middle"
    />
  );
}

/** View As: opens the company as RO Admin or Admin (resources/view-as), then lands on its home. */
function ViewAsButton({
  accountId,
  mode,
  company,
}: {
  accountId: string;
  mode: "admin" | "roadmin";
  company: string;
}) {
  const { t } = useTranslation();
  const label = mode === "admin" ? t("adminCompanies.viewAsAdmin") : t("adminCompanies.viewAsRoAdmin");
  return (
    <Form method="post" action="/resources/view-as">
      <input type="hidden" name="intent" value="view" />
      <input type="hidden" name="accountId" value={accountId} />
      <input type="hidden" name="mode" value={mode} />
      <Button
        submit
        size="slim"
        variant={mode === "admin" ? "primary" : "secondary"}
        accessibilityLabel={
          mode === "admin"
            ? t("adminCompanies.viewAsAdminLabel", { company })
            : t("adminCompanies.viewAsRoAdminLabel", { company })
        }
      >
        {label}
      </Button>
    </Form>
  );
}

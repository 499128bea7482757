import {
  ActionList,
  BlockStack,
  Box,
  InlineStack,
  Pagination,
  Popover,
  Select,
  Text,
} from "@shopify/polaris";
import { MenuHorizontalIcon } from "@shopify/polaris-icons";
import type { TFunction } from "i18next";
import { type ReactNode, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Form, useFetcher, useLocation, useNavigation, useSearchParams } from "react-router";
import type { ContactPage, ContactRow } from "~/domain/contacts/contacts.server";
import { CONTACT_PAGE_SIZES, CONTACT_SEARCH_DEBOUNCE_MS, searchable } from "~/domain/contacts/schemas";
import { AppLink } from "~/ui/app-link";
import { ConfirmModal } from "~/ui/confirm-modal";
import { EmptyMessage } from "~/ui/empty-message";
import { type Toast, ToastView } from "~/ui/toast";
import type { EditableContact } from "./contact-drawer";
import { ContactsIndexTable } from "./contacts-index-table";
import { SearchField } from "./search-field";

type Row = ContactRow & { phoneDisplay: string };
type RowProps = {
  row: Row;
  /** The table's own t: each row asking i18next for one was a tenth of the rows' cost. */
  t: TFunction;
  canWrite: boolean;
  onEdit: (contact: EditableContact) => void;
  onDelete: (row: Row) => void;
};
/** The spec's contact table scrolls within 325 pixels. */
const TABLE_SCROLL_HEIGHT = 325;

export const contactDetailUrl = (id: string) => `/contacts/contact-detail?id=${id}`;

/** 'All Contacts': search (in the URL), the table with its row menu, page size and keyset paging. */
export function ContactsTable({
  page,
  canWrite,
  onEdit,
  actions,
  emptyAction,
}: {
  page: Omit<ContactPage, "rows"> & { rows: Row[] };
  canWrite: boolean;
  onEdit: (contact: EditableContact) => void;
  actions: ReactNode;
  emptyAction: ReactNode;
}) {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const navigation = useNavigation();
  const [search, setSearch] = useState(page.search);
  const location = useLocation();
  const deleter = useFetcher<{ toast?: Toast }>();
  const [toDelete, setToDelete] = useState<Row | null>(null);

  // Sent 1 s after typing stops, and only when empty or longer than 2 characters (spec 2 section 5).
  useEffect(() => {
    const term = search.trim();
    if (!searchable(term) || term === (params.get("q") ?? "")) return;
    const timer = window.setTimeout(() => {
      setParams(
        (previous) => {
          const next = new URLSearchParams(previous);
          if (term) next.set("q", term);
          else next.delete("q");
          next.delete("after");
          next.delete("before");
          return next;
        },
        { replace: true, preventScrollReset: true },
      );
    }, CONTACT_SEARCH_DEBOUNCE_MS);
    return () => window.clearTimeout(timer);
  }, [search, params, setParams]);

  const urlWith = (changes: Record<string, string | null>) => {
    const next = new URLSearchParams(params);
    for (const [key, value] of Object.entries(changes)) {
      if (value === null) next.delete(key);
      else next.set(key, value);
    }
    return `?${next}`;
  };
  const searching = Boolean(page.search);
  const firstPage = !page.previousCursor && !params.get("after") && !params.get("before");

  return (
    <BlockStack gap="400">
      <InlineStack align="space-between" blockAlign="center" gap="300">
        <Text as="h2" variant="headingMd">
          {t("contacts.allContacts")}
        </Text>
        {actions}
      </InlineStack>
      <Form method="get" role="search" onSubmit={(event) => event.preventDefault()}>
        <input type="hidden" name="size" value={page.pageSize} />
        <SearchField
          label={t("contacts.searchLabel")}
          name="q"
          placeholder={t("contacts.searchPlaceholder")}
          value={search}
          onChange={setSearch}
          clearLabel={t("contacts.clearSearch")}
          helpText={searchable(search) ? undefined : t("contacts.searchHelp")}
        />
      </Form>
      {page.rows.length === 0 && firstPage ? (
        <BlockStack gap="200" inlineAlign="center">
          <EmptyMessage heading={t("contacts.empty")}>
            {searching ? null : t("contacts.emptyImport")}
          </EmptyMessage>
          {searching ? null : emptyAction}
        </BlockStack>
      ) : (
        <ContactsIndexTable
          loading={navigation.state === "loading" && navigation.location.pathname === "/contacts"}
          loadingLabel={t("contacts.loadingContacts")}
          maxHeight={TABLE_SCROLL_HEIGHT}
          headings={[
            { title: t("contacts.columns.firstName") },
            { title: t("contacts.columns.lastName") },
            { title: t("contacts.columns.phone") },
            { title: t("contacts.columns.email") },
            { title: t("contacts.columns.actions"), hidden: true },
          ]}
        >
          {page.rows.map((row) => (
            <ContactTableRow
              key={row.id}
              row={row}
              t={t}
              canWrite={canWrite}
              onEdit={onEdit}
              onDelete={setToDelete}
            />
          ))}
        </ContactsIndexTable>
      )}
      {page.rows.length === 0 && firstPage ? null : (
        <InlineStack align="end" blockAlign="center" gap="400">
          <Box minWidth="180px">
            <Select
              label={t("contacts.rowsPerPage")}
              labelInline
              options={CONTACT_PAGE_SIZES.map((size) => ({ label: String(size), value: String(size) }))}
              value={String(page.pageSize)}
              onChange={(size) =>
                setParams(
                  (previous) => {
                    const next = new URLSearchParams(previous);
                    next.set("size", size);
                    next.delete("after");
                    next.delete("before");
                    return next;
                  },
                  { preventScrollReset: true },
                )
              }
            />
          </Box>
          <Pagination
            hasPrevious={Boolean(page.previousCursor)}
            previousURL={
              page.previousCursor ? urlWith({ before: page.previousCursor, after: null }) : undefined
            }
            hasNext={Boolean(page.nextCursor)}
            nextURL={page.nextCursor ? urlWith({ after: page.nextCursor, before: null }) : undefined}
            accessibilityLabels={{ previous: t("contacts.previousPage"), next: t("contacts.nextPage") }}
          />
        </InlineStack>
      )}
      <ConfirmModal
        open={toDelete !== null}
        message={t("contacts.deleteConfirm")}
        onClose={() => setToDelete(null)}
        onConfirm={() => {
          if (toDelete)
            deleter.submit(
              { intent: "delete", id: toDelete.id, redirectTo: `${location.pathname}${location.search}` },
              { method: "post", action: "/contacts" },
            );
          setToDelete(null);
        }}
      />
      <ToastView toast={deleter.data?.toast} />
    </BlockStack>
  );
}

/**
 * One contact in the table, as the markup IndexTable.Row and IndexTable.Cell would write (their
 * classes, so Polaris' styles apply; the hover colour is app.css' .contact-row rule). Those components
 * and the Polaris Link and Button chains cost about 140 microseconds of server time per row, a
 * seventh of the whole /contacts page (`npm run bench:pages`), for a table that selects nothing.
 */
function ContactTableRow({ row, t, canWrite, onEdit, onDelete }: RowProps) {
  return (
    <tr
      id={row.id}
      className="contact-row Polaris-IndexTable__TableRow Polaris-IndexTable__TableRow--unclickable"
    >
      <td className="Polaris-IndexTable__TableCell">
        <AppLink
          to={contactDetailUrl(row.id)}
          className="Polaris-Link Polaris-Link--removeUnderline"
          data-polaris-unstyled="true"
        >
          {row.firstName}
        </AppLink>
      </td>
      <td className="Polaris-IndexTable__TableCell">{row.lastName}</td>
      <td className="Polaris-IndexTable__TableCell">{row.phoneDisplay || "-"}</td>
      <td className="Polaris-IndexTable__TableCell">{row.email || "-"}</td>
      <td className="Polaris-IndexTable__TableCell">
        <RowMenu row={row} t={t} canWrite={canWrite} onEdit={onEdit} onDelete={onDelete} />
      </td>
    </tr>
  );
}

function RowMenu({ row, t, canWrite, onEdit, onDelete }: RowProps) {
  const [open, setOpen] = useState(false);
  // Polaris' Popover, with what it costs, waits for the first click: until then the markup it writes
  // for a closed menu (the activator in a div) is enough.
  const [used, setUsed] = useState(false);
  const name = `${row.firstName} ${row.lastName}`;
  const activator = (
    // Polaris' tertiary icon Button, written out (see ContactTableRow).
    <button
      type="button"
      className="Polaris-Button Polaris-Button--pressable Polaris-Button--variantTertiary Polaris-Button--sizeMedium Polaris-Button--textAlignCenter Polaris-Button--iconOnly"
      aria-label={t("contacts.rowActions", { name })}
      onClick={() => {
        setUsed(true);
        setOpen(!open);
      }}
      // As Polaris' buttons do: a mouse click leaves no focus ring behind.
      onMouseUp={(event) => event.currentTarget.blur()}
    >
      <span className="Polaris-Button__Icon">
        <span className="Polaris-Icon">
          <MenuHorizontalIcon className="Polaris-Icon__Svg" focusable="false" aria-hidden="true" />
        </span>
      </span>
    </button>
  );
  if (!used) return <div>{activator}</div>;
  return (
    <Popover active={open} onClose={() => setOpen(false)} activator={activator}>
      <ActionList
        actionRole="menuitem"
        items={[
          {
            content: t("contacts.editContact"),
            disabled: !canWrite,
            onAction: () => {
              setOpen(false);
              onEdit(row);
            },
          },
          {
            content: t("contacts.deleteContact"),
            destructive: true,
            disabled: !canWrite,
            onAction: () => {
              setOpen(false);
              onDelete(row);
            },
          },
        ]}
      />
    </Popover>
  );
}

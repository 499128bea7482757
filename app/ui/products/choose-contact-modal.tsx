import { BlockStack, Box, Checkbox, InlineStack, Spinner, Text, TextField } from "@shopify/polaris";
import { SearchIcon } from "@shopify/polaris-icons";
import { useCallback, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useFetcher } from "react-router";
import { searchable } from "~/domain/contacts/schemas";
import type { ChooseContactPage } from "~/domain/products/choose-contact.server";
import {
  CHOOSE_CONTACT_DEBOUNCE_MS,
  CHOOSE_CONTACT_RECHECK_MS,
  CHOOSE_CONTACT_SCROLL_THRESHOLD,
} from "~/domain/products/schemas";
import { EmptyMessage } from "~/ui/empty-message";
import { Modal } from "~/ui/modal";

type Row = ChooseContactPage["rows"][number];

/**
 * The reusable 'Choose Contact' modal: search (more than 2 characters, 200 ms debounce), pages of 10
 * from /resources/contacts, the next page fetched when the list is scrolled to 96 percent (checked
 * on scroll and every 450 ms). With a productId, contacts already linked to it are shown but disabled.
 */
export function ChooseContactModal({
  open,
  onClose,
  onChoose,
  productId,
  chooseLabel,
  busy,
}: {
  open: boolean;
  onClose: () => void;
  onChoose: (contactIds: string[]) => void;
  productId?: string;
  chooseLabel: (count: number) => string;
  busy?: boolean;
}) {
  const { t } = useTranslation();
  const fetcher = useFetcher<ChooseContactPage>();
  const [search, setSearch] = useState("");
  const [query, setQuery] = useState<string | null>(null);
  const [rows, setRows] = useState<Row[]>([]);
  const [nextCursor, setNextCursor] = useState<string | null>(null);
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const appending = useRef(false);
  const list = useRef<HTMLDivElement>(null);
  const { load } = fetcher;

  const fetchPage = useCallback(
    (q: string, after: string | null) => {
      const params = new URLSearchParams();
      if (q) params.set("q", q);
      if (after) params.set("after", after);
      if (productId) params.set("productId", productId);
      appending.current = after !== null;
      load(`/resources/contacts?${params}`);
    },
    [load, productId],
  );

  // A fresh list on every opening.
  useEffect(() => {
    if (!open) return;
    setSearch("");
    setSelected(new Set());
    setQuery("");
  }, [open]);

  useEffect(() => {
    if (!open) return;
    const term = search.trim();
    if (!searchable(term)) return;
    const timer = window.setTimeout(() => setQuery(term), CHOOSE_CONTACT_DEBOUNCE_MS);
    return () => window.clearTimeout(timer);
  }, [search, open]);

  useEffect(() => {
    if (open && query !== null) fetchPage(query, null);
  }, [open, query, fetchPage]);

  useEffect(() => {
    if (!fetcher.data || fetcher.state !== "idle") return;
    const page = fetcher.data;
    setRows((current) => (appending.current ? [...current, ...page.rows] : page.rows));
    setNextCursor(page.nextCursor);
  }, [fetcher.data, fetcher.state]);

  const loadMoreIfScrolled = useCallback(() => {
    const element = list.current;
    if (!element || !nextCursor || fetcher.state !== "idle" || query === null) return;
    const seen = (element.scrollTop + element.clientHeight) / Math.max(1, element.scrollHeight);
    if (seen >= CHOOSE_CONTACT_SCROLL_THRESHOLD) fetchPage(query, nextCursor);
  }, [nextCursor, fetcher.state, query, fetchPage]);

  useEffect(() => {
    if (!open) return;
    const timer = window.setInterval(loadMoreIfScrolled, CHOOSE_CONTACT_RECHECK_MS);
    return () => window.clearInterval(timer);
  }, [open, loadMoreIfScrolled]);

  const toggle = (id: string, checked: boolean) =>
    setSelected((current) => {
      const next = new Set(current);
      if (checked) next.add(id);
      else next.delete(id);
      return next;
    });

  return (
    <Modal
      open={open}
      onClose={onClose}
      title={t("products.choose.title")}
      primaryAction={{
        content: chooseLabel(selected.size),
        disabled: selected.size === 0,
        loading: busy,
        onAction: () => onChoose([...selected]),
      }}
      secondaryActions={[{ content: t("products.cancel"), onAction: onClose }]}
    >
      <Modal.Section>
        <BlockStack gap="300">
          <TextField
            label={t("products.choose.search")}
            labelHidden
            placeholder={t("products.choose.search")}
            prefix={<SearchIcon width={20} height={20} fill="currentColor" aria-hidden="true" />}
            value={search}
            onChange={setSearch}
            autoComplete="off"
            clearButton
            onClearButtonClick={() => setSearch("")}
            helpText={searchable(search) ? undefined : t("products.choose.searchHelp")}
          />
          <div
            ref={list}
            onScroll={loadMoreIfScrolled}
            data-testid="choose-contact-list"
            style={{ maxHeight: 360, overflowY: "auto" }}
          >
            {rows.length === 0 && fetcher.state === "idle" && fetcher.data ? (
              <EmptyMessage heading={t("products.choose.empty")} />
            ) : null}
            <BlockStack gap="100">
              {rows.map((row) => (
                <Box key={row.id} paddingBlock="100" paddingInline="100">
                  <InlineStack align="space-between" blockAlign="center" wrap={false} gap="200">
                    <Checkbox
                      label={row.name}
                      helpText={[row.phone, row.email].filter(Boolean).join(" · ")}
                      checked={row.linked || selected.has(row.id)}
                      disabled={row.linked}
                      onChange={(checked) => toggle(row.id, checked)}
                    />
                    {row.linked ? (
                      <Text as="span" tone="subdued" variant="bodySm">
                        {t("products.choose.alreadyLinked")}
                      </Text>
                    ) : null}
                  </InlineStack>
                </Box>
              ))}
            </BlockStack>
            {fetcher.state !== "idle" ? (
              <InlineStack align="center">
                <Spinner size="small" accessibilityLabel={t("products.choose.loading")} />
              </InlineStack>
            ) : null}
          </div>
        </BlockStack>
      </Modal.Section>
    </Modal>
  );
}

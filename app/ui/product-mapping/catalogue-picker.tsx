import {
  BlockStack,
  Box,
  Button,
  Checkbox,
  InlineStack,
  Spinner,
  Text,
  TextField,
  Thumbnail,
} from "@shopify/polaris";
import { ImageIcon, SearchIcon } from "@shopify/polaris-icons";
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useFetcher } from "react-router";
import type {
  CataloguePage,
  ModalProduct,
  ModalVariant,
} from "~/domain/shopify/commerce/mapping-catalogue.server";
import { variantGid } from "~/domain/shopify/commerce/mapping-limits";
import { EmptyMessage } from "~/ui/empty-message";

const SEARCH_DEBOUNCE_MS = 300;
// The next page is read when the list is scrolled this far down.
const SCROLL_THRESHOLD = 0.9;
const DEFAULT_VARIANT = "Default Title";

type Checked = boolean | "indeterminate";
const stateOf = (ids: string[], selected: Set<string>): Checked => {
  const on = ids.filter((id) => selected.has(id)).length;
  return on === 0 ? false : on === ids.length ? true : "indeterminate";
};

/**
 * The edit modal's store products (spec 2 section 2): grouped by type ('other' for none), searched
 * and paged on the server (/resources/product-mapping), with select all, a checkbox per group, per
 * product and per variant. A variant mapped to another of our products is disabled and says which.
 */
export function CataloguePicker({
  productId,
  selected,
  onChange,
}: {
  productId: string;
  selected: Set<string>;
  onChange: (next: Set<string>) => void;
}) {
  const { t } = useTranslation();
  const pages = useFetcher<CataloguePage>();
  const all = useFetcher<{ variants: string[]; truncated: boolean }>();
  const [search, setSearch] = useState("");
  const [query, setQuery] = useState("");
  const [products, setProducts] = useState<ModalProduct[]>([]);
  const [next, setNext] = useState<string | null>(null);
  const [allSelected, setAllSelected] = useState<{
    query: string;
    ids: string[];
    truncated: boolean;
    pending: boolean;
  } | null>(null);
  const appending = useRef(false);
  const allLoading = useRef(false);
  const list = useRef<HTMLDivElement>(null);
  const { load } = pages;

  const fetchPage = useCallback(
    (q: string, after: string | null) => {
      const params = new URLSearchParams({ view: "catalogue" });
      if (q) params.set("q", q);
      if (after) params.set("after", after);
      appending.current = after !== null;
      load(`/resources/product-mapping?${params}`);
    },
    [load],
  );

  useEffect(() => {
    const timer = window.setTimeout(() => setQuery(search.trim()), SEARCH_DEBOUNCE_MS);
    return () => window.clearTimeout(timer);
  }, [search]);
  useEffect(() => fetchPage(query, null), [query, fetchPage]);
  useEffect(() => {
    if (!pages.data || pages.state !== "idle") return;
    const page = pages.data;
    setProducts((current) => (appending.current ? [...current, ...page.products] : page.products));
    setNext(page.next);
  }, [pages.data, pages.state]);

  // Select all: every variant the search finds that is free or this product's, read from the server.
  useEffect(() => {
    if (all.state !== "idle") {
      allLoading.current = true;
      return;
    }
    if (!allLoading.current || !all.data || !allSelected?.pending) return;
    allLoading.current = false;
    const ids = all.data.variants.map(variantGid);
    setAllSelected({ query: allSelected.query, ids, truncated: all.data.truncated, pending: false });
    onChange(new Set([...selected, ...ids]));
  }, [all.data, all.state, allSelected, onChange, selected]);

  const loadMoreIfScrolled = () => {
    const element = list.current;
    if (!element || !next || pages.state !== "idle") return;
    const seen = (element.scrollTop + element.clientHeight) / Math.max(1, element.scrollHeight);
    if (seen >= SCROLL_THRESHOLD) fetchPage(query, next);
  };

  const free = useCallback(
    (v: ModalVariant) => !v.mappedTo || v.mappedTo.productId === productId,
    [productId],
  );
  const groups = useMemo(() => {
    const out: Array<{ key: string; label: string; products: ModalProduct[] }> = [];
    for (const product of products) {
      const last = out.at(-1);
      if (last?.key === product.typeKey) last.products.push(product);
      else
        out.push({
          key: product.typeKey,
          label: product.productType.trim() || t("productMapping.other"),
          products: [product],
        });
    }
    return out;
  }, [products, t]);

  const toggle = (ids: string[], on: boolean) => {
    const nextSet = new Set(selected);
    for (const id of ids) {
      if (on) nextSet.add(id);
      else nextSet.delete(id);
    }
    if (!on) setAllSelected(null);
    onChange(nextSet);
  };
  const selectable = (list: ModalProduct[]) => list.flatMap((p) => p.variants.filter(free).map((v) => v.id));
  // Checked at once (the ids follow from the server), unchecked when nothing could be taken.
  const everything = allSelected?.query === query && (allSelected.pending || allSelected.ids.length > 0);

  return (
    <BlockStack gap="300">
      <TextField
        label={t("productMapping.search")}
        labelHidden
        placeholder={t("productMapping.search")}
        prefix={<SearchIcon width={20} height={20} fill="currentColor" aria-hidden="true" />}
        value={search}
        onChange={setSearch}
        autoComplete="off"
        clearButton
        onClearButtonClick={() => setSearch("")}
      />
      <InlineStack align="space-between" blockAlign="center">
        <Checkbox
          label={t("productMapping.selectAll")}
          checked={everything}
          disabled={products.length === 0 || all.state !== "idle"}
          onChange={(on) => {
            if (on) {
              setAllSelected({ query, ids: [], truncated: false, pending: true });
              all.load(
                `/resources/product-mapping?${new URLSearchParams({ view: "selectable", product: productId, q: query })}`,
              );
            } else toggle(allSelected?.ids ?? [], false);
          }}
        />
        <Text as="span" tone="subdued">
          {t("productMapping.selectedCount", { count: selected.size })}
        </Text>
      </InlineStack>
      {allSelected?.truncated ? (
        <Text as="p" tone="caution">
          {t("productMapping.selectAllTruncated", { count: allSelected.ids.length })}
        </Text>
      ) : null}
      <div
        ref={list}
        onScroll={loadMoreIfScrolled}
        className="product-mapping-list"
        data-testid="mapping-catalogue"
      >
        {groups.length === 0 && pages.state === "idle" && pages.data ? (
          <EmptyMessage heading={t("productMapping.noData")} />
        ) : null}
        <BlockStack gap="300">
          {groups.map((group) => (
            <fieldset key={group.key} className="product-mapping-group">
              <legend className="visually-hidden">{group.label}</legend>
              <Checkbox
                label={
                  <Text as="span" variant="headingSm">
                    {group.label}
                  </Text>
                }
                checked={stateOf(selectable(group.products), selected)}
                disabled={selectable(group.products).length === 0}
                onChange={(on) => toggle(selectable(group.products), on)}
              />
              <Box paddingInlineStart="600">
                <BlockStack gap="100">
                  {group.products.map((product) => (
                    <ProductOption
                      key={product.id}
                      product={product}
                      free={free}
                      selected={selected}
                      toggle={toggle}
                    />
                  ))}
                </BlockStack>
              </Box>
            </fieldset>
          ))}
        </BlockStack>
        {pages.state !== "idle" ? (
          <Box padding="400">
            <InlineStack align="center">
              <Spinner size="small" accessibilityLabel={t("common.loading")} />
            </InlineStack>
          </Box>
        ) : next ? (
          <Box padding="300">
            <InlineStack align="center">
              <Button variant="plain" onClick={() => fetchPage(query, next)}>
                {t("productMapping.loadMore")}
              </Button>
            </InlineStack>
          </Box>
        ) : null}
      </div>
    </BlockStack>
  );
}

function ProductOption({
  product,
  free,
  selected,
  toggle,
}: {
  product: ModalProduct;
  free: (v: ModalVariant) => boolean;
  selected: Set<string>;
  toggle: (ids: string[], on: boolean) => void;
}) {
  const { t } = useTranslation();
  const ids = product.variants.filter(free).map((v) => v.id);
  const only =
    product.variants.length === 1 && product.variants[0]?.title === DEFAULT_VARIANT
      ? product.variants[0]
      : null;
  const takenBy = (v: ModalVariant) =>
    !free(v) && v.mappedTo
      ? t("productMapping.mappedElsewhere", { name: v.mappedTo.productName })
      : undefined;
  return (
    <BlockStack gap="050">
      <Checkbox
        label={
          <InlineStack gap="200" blockAlign="center" wrap={false}>
            <Thumbnail size="extraSmall" source={product.imageUrl ?? ImageIcon} alt="" />
            <Text as="span">{product.title}</Text>
          </InlineStack>
        }
        checked={stateOf(ids, selected)}
        disabled={ids.length === 0}
        helpText={only ? takenBy(only) : undefined}
        onChange={(on) => toggle(ids, on)}
      />
      {only ? null : (
        <Box paddingInlineStart="800">
          <BlockStack gap="050">
            {product.variants.map((variant) => (
              <Checkbox
                key={variant.id}
                label={variant.sku ? `${variant.title} (${variant.sku})` : variant.title}
                checked={selected.has(variant.id)}
                disabled={!free(variant)}
                helpText={takenBy(variant)}
                onChange={(on) => toggle([variant.id], on)}
              />
            ))}
          </BlockStack>
        </Box>
      )}
    </BlockStack>
  );
}

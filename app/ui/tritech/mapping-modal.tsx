import { Banner, BlockStack, Button, InlineStack, Tag, Text, TextField } from "@shopify/polaris";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { useFetcher } from "react-router";
import type { TritechMappingRow } from "~/domain/tritech/mappings.server";
import { pairOf } from "~/domain/tritech/schemas";
import { Modal } from "~/ui/modal";
import { type ToastData, ToastView } from "~/ui/toast";

type Answer = { toast?: ToastData; saved?: boolean };

/**
 * The Tri-Tech edit modal (spec 2 sections 4 and 5): category and subcategory numbers (required, 0 or
 * more) added as pairs, a pair given twice refused, and Save sending the whole list. Saving an
 * unchanged mapping, or a new one without pairs, says so instead of posting; the server checks the
 * same rules.
 */
export function TritechMappingModal({ row, onClose }: { row: TritechMappingRow; onClose: () => void }) {
  const { t } = useTranslation();
  const fetcher = useFetcher<Answer>({ key: "tritech-mapping" });
  const [pairs, setPairs] = useState(row.pairs);
  const [category, setCategory] = useState("");
  const [subcategory, setSubcategory] = useState("");
  const [errors, setErrors] = useState<{ category?: string; subcategory?: string; form?: string }>({});
  const [sent, setSent] = useState(false);
  const idle = fetcher.state === "idle";
  useEffect(() => {
    if (sent && idle && fetcher.data?.saved) onClose();
  }, [sent, idle, fetcher.data, onClose]);

  const add = () => {
    const next: typeof errors = {};
    if (!/^\d+$/.test(category.trim())) next.category = t("tritech.categoryRequired");
    if (!/^\d+$/.test(subcategory.trim())) next.subcategory = t("tritech.subcategoryRequired");
    if (!next.category && !next.subcategory) {
      const pair = pairOf(category.trim(), subcategory.trim());
      if (pairs.includes(pair)) next.form = t("tritech.pairTaken");
      else {
        setPairs((all) => [...all, pair]);
        setCategory("");
        setSubcategory("");
      }
    }
    setErrors(next);
  };

  const save = () => {
    const unchanged = row.pairs.length === pairs.length && row.pairs.every((pair) => pairs.includes(pair));
    if (row.pairs.length === 0 && pairs.length === 0) return setErrors({ form: t("tritech.mappingEmpty") });
    if (unchanged) return setErrors({ form: t("tritech.mappingUnchanged") });
    const form = new FormData();
    form.set("intent", "tritech-mapping");
    form.set("productId", row.productId);
    for (const pair of pairs) form.append("pair", pair);
    setErrors({});
    setSent(true);
    fetcher.submit(form, { method: "post", action: "/product-mapping?tab=tritech" });
  };

  return (
    <>
      <Modal
        open
        onClose={onClose}
        title={t("tritech.mappingTitle", { name: row.name })}
        primaryAction={{ content: t("tritech.save"), onAction: save, loading: !idle }}
        secondaryActions={[{ content: t("tritech.cancel"), onAction: onClose }]}
      >
        <Modal.Section>
          <BlockStack gap="400">
            {errors.form ? (
              <Banner tone="critical">
                <Text as="p">{errors.form}</Text>
              </Banner>
            ) : null}
            <InlineStack gap="200" blockAlign="start" wrap={false}>
              <TextField
                label={t("tritech.category")}
                type="number"
                min={0}
                value={category}
                autoComplete="off"
                onChange={setCategory}
                error={errors.category}
              />
              <TextField
                label={t("tritech.subcategory")}
                type="number"
                min={0}
                value={subcategory}
                autoComplete="off"
                onChange={setSubcategory}
                error={errors.subcategory}
              />
              <div style={{ paddingTop: "1.5rem" }}>
                <Button onClick={add}>{t("tritech.addPair")}</Button>
              </div>
            </InlineStack>
            <InlineStack gap="200" wrap>
              {pairs.map((pair) => (
                <Tag
                  key={pair}
                  onRemove={() => setPairs((all) => all.filter((p) => p !== pair))}
                  accessibilityLabel={t("tritech.removePair", { pair })}
                >
                  {pair}
                </Tag>
              ))}
            </InlineStack>
          </BlockStack>
        </Modal.Section>
      </Modal>
      <ToastView toast={fetcher.data?.toast} />
    </>
  );
}

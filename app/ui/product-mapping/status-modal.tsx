import { Badge, BlockStack, DataTable, Text } from "@shopify/polaris";
import { useTranslation } from "react-i18next";
import type { MappingPlan } from "~/domain/shopify/commerce/mappings.server";
import { Modal } from "~/ui/modal";

const TONE = { adding: "success", removing: "critical", unchanged: undefined } as const;

/** The status modal (spec 2 section 4): each variant of the selection and of the mapping, Adding, Removing or Unchanged. */
export function StatusModal({
  name,
  plan,
  busy,
  onSave,
  onBack,
  onClose,
}: {
  name: string;
  plan: Extract<MappingPlan, { ok: true }>;
  busy: boolean;
  onSave: () => void;
  onBack: () => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const total = plan.counts.adding + plan.counts.removing + plan.counts.unchanged;
  return (
    <Modal
      open
      onClose={onClose}
      title={t("productMapping.statusTitle", { name })}
      primaryAction={{ content: t("productMapping.save"), onAction: onSave, loading: busy }}
      secondaryActions={[{ content: t("productMapping.statusBack"), onAction: onBack, disabled: busy }]}
    >
      <Modal.Section>
        <div className="product-mapping-modal">
          <BlockStack gap="300">
            <Text as="p" tone="subdued">
              {t("productMapping.statusSummary", plan.counts)}
            </Text>
            <DataTable
              columnContentTypes={["text", "text", "text"]}
              headings={[
                t("productMapping.statusColumns.product"),
                t("productMapping.statusColumns.variant"),
                t("productMapping.statusColumns.status"),
              ]}
              rows={plan.rows.map((row) => [
                row.productTitle ?? row.shopifyProductId,
                row.variantTitle ?? row.variantId,
                <Badge key={row.variantId} tone={TONE[row.status]}>
                  {t(`productMapping.status.${row.status}`)}
                </Badge>,
              ])}
            />
            {total > plan.rows.length ? (
              <Text as="p" tone="subdued">
                {t("productMapping.statusMore", { count: total - plan.rows.length })}
              </Text>
            ) : null}
          </BlockStack>
        </div>
      </Modal.Section>
    </Modal>
  );
}

import { Button, IndexTable, InlineStack, Text, Thumbnail } from "@shopify/polaris";
import { EditIcon, ImageIcon } from "@shopify/polaris-icons";
import { useTranslation } from "react-i18next";
import type { ProductMappingRow } from "~/domain/shopify/commerce/mappings.server";
import { EmptyMessage } from "~/ui/empty-message";

// The store products a row lists before 'and N more'.
const SHOWN = 4;

/** Our products with their mapped store products and variants, and the pen to edit each (spec 2 section 2). */
export function MappingTable({
  rows,
  canEdit,
  onEdit,
}: {
  rows: ProductMappingRow[];
  canEdit: boolean;
  onEdit: (row: ProductMappingRow) => void;
}) {
  const { t } = useTranslation();
  if (rows.length === 0) return <EmptyMessage heading={t("productMapping.noProducts")} />;
  return (
    <IndexTable
      itemCount={rows.length}
      selectable={false}
      headings={[
        { title: t("productMapping.columns.product") },
        { title: t("productMapping.columns.shopify") },
        { title: t("productMapping.columns.edit"), alignment: "end" },
      ]}
    >
      {rows.map((row, index) => (
        <IndexTable.Row id={row.productId} key={row.productId} position={index}>
          <IndexTable.Cell>
            <Text as="span" variant="bodyMd" fontWeight="semibold">
              {row.productName}
            </Text>
          </IndexTable.Cell>
          <IndexTable.Cell>
            <MappedProducts row={row} />
          </IndexTable.Cell>
          <IndexTable.Cell>
            <InlineStack align="end">
              <Button
                icon={EditIcon}
                variant="tertiary"
                disabled={!canEdit}
                accessibilityLabel={t("productMapping.edit", { name: row.productName })}
                onClick={() => onEdit(row)}
              />
            </InlineStack>
          </IndexTable.Cell>
        </IndexTable.Row>
      ))}
    </IndexTable>
  );
}

function MappedProducts({ row }: { row: ProductMappingRow }) {
  const { t } = useTranslation();
  if (row.mapped.length === 0)
    return (
      <Text as="span" tone="subdued">
        {t("productMapping.noProductMapped")}
      </Text>
    );
  return (
    <div className="product-mapping-cell">
      {row.mapped.slice(0, SHOWN).map((store) => (
        <InlineStack key={store.id} gap="200" blockAlign="center" wrap={false}>
          <Thumbnail size="extraSmall" source={store.imageUrl ?? ImageIcon} alt="" />
          <Text as="span" truncate>
            {store.title ?? t("productMapping.notInCatalogue", { id: store.id.split("/").pop() })}
          </Text>
          <Text as="span" tone="subdued">
            {store.totalVariants !== null && store.mappedVariants > 0
              ? t("productMapping.variantsOf", { mapped: store.mappedVariants, total: store.totalVariants })
              : store.mappedVariants > 0
                ? t("productMapping.variantsMapped", { count: store.mappedVariants })
                : null}
          </Text>
        </InlineStack>
      ))}
      {row.mapped.length > SHOWN ? (
        <Text as="span" tone="subdued">
          {t("productMapping.moreMapped", { count: row.mapped.length - SHOWN })}
        </Text>
      ) : null}
    </div>
  );
}

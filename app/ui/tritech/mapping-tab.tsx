import { BlockStack, Box, Button, Card, DataTable, InlineStack, Tag, Text } from "@shopify/polaris";
import { EditIcon } from "@shopify/polaris-icons";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { TritechMappingRow } from "~/domain/tritech/mappings.server";
import { IntegrationNotConnected } from "~/ui/product-mapping/not-connected";
import { TritechMappingModal } from "./mapping-modal";

export type TritechTabData = { synced: boolean; rows: TritechMappingRow[]; canMap: boolean };

/**
 * The Tri-Tech tab of /product-mapping (spec 2 section 2): our products with their mapped
 * category-subcategory pairs and a pen to edit them. While Tri-Tech is not synced the tab shows the
 * not-connected notice above the table; mapping stays possible, so a company can prepare it before
 * AIM's first events.
 */
export function TritechTab({ data }: { data: TritechTabData }) {
  const { t } = useTranslation();
  const [editing, setEditing] = useState<TritechMappingRow | null>(null);
  return (
    <BlockStack gap="0">
      {data.synced ? null : <IntegrationNotConnected integration="tritech" />}
      <Box paddingBlockStart="400">
        <Card padding="0">
          <Box padding="400">
            <BlockStack gap="100">
              <Text as="h2" variant="headingMd">
                {t("tritech.mappingHeading")}
              </Text>
              <Text as="p" tone="subdued">
                {t("tritech.mappingIntro")}
              </Text>
            </BlockStack>
          </Box>
          {data.rows.length === 0 ? (
            <Box padding="400">
              <Text as="p">{t("tritech.noProducts")}</Text>
            </Box>
          ) : (
            <DataTable
              columnContentTypes={["text", "text", "text"]}
              headings={[
                t("tritech.mappingColumns.product"),
                t("tritech.mappingColumns.pairs"),
                t("tritech.mappingColumns.edit"),
              ]}
              rows={data.rows.map((row) => [
                row.name,
                row.pairs.length === 0 ? (
                  <Text key="pairs" as="span" tone="subdued">
                    {t("tritech.noPairs")}
                  </Text>
                ) : (
                  <InlineStack key="pairs" gap="100" wrap>
                    {row.pairs.map((pair) => (
                      <Tag key={pair}>{pair}</Tag>
                    ))}
                  </InlineStack>
                ),
                <Button
                  key="edit"
                  icon={EditIcon}
                  variant="plain"
                  disabled={!data.canMap}
                  accessibilityLabel={t("tritech.editMapping", { name: row.name })}
                  onClick={() => setEditing(row)}
                />,
              ])}
            />
          )}
        </Card>
      </Box>
      {editing ? <TritechMappingModal row={editing} onClose={() => setEditing(null)} /> : null}
    </BlockStack>
  );
}

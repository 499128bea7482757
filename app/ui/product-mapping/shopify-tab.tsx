import { BlockStack, Box, Button, Card, Text } from "@shopify/polaris";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { ProductMappingRow } from "~/domain/shopify/commerce/mappings.server";
import { ShopifyNotConfigured } from "~/ui/shopify/not-configured";
import { MappingFlow } from "./mapping-flow";
import { MappingTable } from "./mapping-table";
import { IntegrationNotConnected } from "./not-connected";
import { SyncNow } from "./sync-now";
import type { SyncView } from "./sync-view";
import { TourModal } from "./tour-modal";

export type ShopifyTabData = {
  configured: boolean;
  store: { shop: string; storeName: string } | null;
  rows: ProductMappingRow[];
  sync: SyncView | null;
  canMap: boolean;
};

/**
 * The Shopify tab (spec 2 section 2): Learn how, Sync Now, and the table of our products with their
 * mapped store products, each with its pen. Read-only admins see it all with those disabled.
 */
export function ShopifyTab({ data }: { data: ShopifyTabData }) {
  const { t } = useTranslation();
  const [touring, setTouring] = useState(false);
  const [editing, setEditing] = useState<ProductMappingRow | null>(null);
  if (!data.configured)
    return (
      <Box paddingBlockStart="400">
        <ShopifyNotConfigured />
      </Box>
    );
  if (!data.store) return <IntegrationNotConnected integration="shopify" />;
  return (
    <Box paddingBlockStart="400">
      <Card padding="0">
        <Box padding="400">
          <BlockStack gap="300">
            <BlockStack gap="100">
              <Text as="h2" variant="headingMd">
                {t("productMapping.shopifyHeading")}
              </Text>
              <Text as="p" tone="subdued">
                {t("productMapping.shopifyIntro")}
              </Text>
            </BlockStack>
            <SyncNow
              initial={data.sync}
              disabled={!data.canMap}
              learnHow={
                <Button disabled={!data.canMap} onClick={() => setTouring(true)}>
                  {t("productMapping.learnHow")}
                </Button>
              }
            />
          </BlockStack>
        </Box>
        <MappingTable rows={data.rows} canEdit={data.canMap} onEdit={setEditing} />
      </Card>
      <TourModal open={touring} onClose={() => setTouring(false)} />
      {editing ? (
        <MappingFlow key={editing.productId} row={editing} onClose={() => setEditing(null)} />
      ) : null}
    </Box>
  );
}

import { BlockStack, Box, Button, InlineStack, Link, Pagination, Text } from "@shopify/polaris";
import { DeleteIcon } from "@shopify/polaris-icons";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useFetcher, useLocation } from "react-router";
import type { ProductOwner } from "~/domain/products/links.server";
import { ConfirmModal } from "~/ui/confirm-modal";
import { EmptyMessage } from "~/ui/empty-message";
import { type Toast, ToastView } from "~/ui/toast";

type Owner = ProductOwner & { phoneDisplay: string };

/** The product's owners, 10 per page; choosing one shows their product attributes; remove with a confirmation. */
export function ProductOwners({
  productId,
  owners,
  selectedLinkId,
  canWrite,
}: {
  productId: string;
  owners: { rows: Owner[]; total: number; page: number; pageSize: number };
  selectedLinkId: string | null;
  canWrite: boolean;
}) {
  const { t } = useTranslation();
  const location = useLocation();
  const remover = useFetcher<{ toast?: Toast }>();
  const [toRemove, setToRemove] = useState<Owner | null>(null);
  const pages = Math.max(1, Math.ceil(owners.total / owners.pageSize));
  const url = (changes: Record<string, string>) => {
    const params = new URLSearchParams({ id: productId, page: String(owners.page) });
    if (selectedLinkId) params.set("owner", selectedLinkId);
    for (const [key, value] of Object.entries(changes)) params.set(key, value);
    return `/product-detail?${params}`;
  };
  const nameOf = (o: Owner) => `${o.firstName} ${o.lastName}`;
  return (
    <BlockStack gap="300">
      {owners.rows.length === 0 ? (
        <EmptyMessage heading={t("products.detail.noOwners")} />
      ) : (
        <BlockStack gap="0">
          {owners.rows.map((owner) => (
            <Box
              key={owner.linkId}
              paddingBlock="200"
              borderBlockEndWidth="025"
              borderColor="border-secondary"
            >
              <InlineStack align="space-between" blockAlign="center" wrap={false} gap="200">
                <BlockStack gap="050">
                  <Link url={url({ owner: owner.linkId })} removeUnderline>
                    <Text as="span" fontWeight={owner.linkId === selectedLinkId ? "bold" : "semibold"}>
                      {nameOf(owner)}
                      {owner.linkId === selectedLinkId ? ` · ${t("products.detail.selected")}` : ""}
                    </Text>
                  </Link>
                  <Text as="span" tone="subdued" variant="bodySm">
                    {[owner.phoneDisplay, owner.email].filter(Boolean).join(" · ") || "-"}
                  </Text>
                </BlockStack>
                <Button
                  variant="tertiary"
                  tone="critical"
                  icon={DeleteIcon}
                  disabled={!canWrite}
                  accessibilityLabel={t("products.detail.removeLabel", { name: nameOf(owner) })}
                  onClick={() => setToRemove(owner)}
                />
              </InlineStack>
            </Box>
          ))}
        </BlockStack>
      )}
      {pages > 1 ? (
        <InlineStack align="center" gap="200" blockAlign="center">
          <Pagination
            hasPrevious={owners.page > 1}
            previousURL={owners.page > 1 ? url({ page: String(owners.page - 1) }) : undefined}
            hasNext={owners.page < pages}
            nextURL={owners.page < pages ? url({ page: String(owners.page + 1) }) : undefined}
          />
          <Text as="span" tone="subdued">
            {t("products.detail.pageOf", { page: owners.page, pages })}
          </Text>
        </InlineStack>
      ) : null}
      <ConfirmModal
        open={toRemove !== null}
        message={t("products.detail.removeConfirm", { name: toRemove ? nameOf(toRemove) : "" })}
        onClose={() => setToRemove(null)}
        onConfirm={() => {
          if (toRemove)
            remover.submit(
              {
                intent: "remove",
                contactId: toRemove.contactId,
                redirectTo: `${location.pathname}${location.search}`,
              },
              { method: "post", action: `/product-detail?id=${productId}` },
            );
          setToRemove(null);
        }}
      />
      <ToastView toast={remover.data?.toast} />
    </BlockStack>
  );
}

import { BlockStack, Button, Card, DropZone, InlineStack, Select, Text } from "@shopify/polaris";
import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { useFetcher } from "react-router";
import type { AssetView } from "~/domain/webchat/branding/assets.server";
import { ConfirmModal } from "~/ui/confirm-modal";
import { type ToastData, ToastView } from "~/ui/toast";

export const WEBCHAT_ASSETS_ACTION = "/resources/webchat-assets";
type Answer = { toast?: ToastData };

/**
 * The company's uploaded images (favicon, home-screen, header and brand-message icons): upload,
 * list by name ascending or descending (spec 3 section 9), delete after a confirmation.
 */
export function AssetsCard({ assets, readOnly }: { assets: AssetView[]; readOnly: boolean }) {
  const { t } = useTranslation();
  const upload = useFetcher<Answer>();
  const remove = useFetcher<Answer>();
  const [order, setOrder] = useState<"asc" | "desc">("asc");
  const [deleting, setDeleting] = useState<AssetView | null>(null);
  const sorted = useMemo(() => {
    const byName = [...assets].sort((a, b) =>
      a.name.localeCompare(b.name, undefined, { sensitivity: "base" }),
    );
    return order === "asc" ? byName : byName.reverse();
  }, [assets, order]);
  const send = (file: File) => {
    const body = new FormData();
    body.set("file", file);
    upload.submit(body, { method: "post", action: WEBCHAT_ASSETS_ACTION, encType: "multipart/form-data" });
  };
  return (
    <Card>
      <BlockStack gap="300">
        <InlineStack align="space-between" blockAlign="end" gap="200">
          <BlockStack gap="100">
            <Text as="h2" variant="headingMd">
              {t("webchat.branding.assets.title")}
            </Text>
            <Text as="p" tone="subdued">
              {t("webchat.branding.assets.help")}
            </Text>
          </BlockStack>
          <Select
            label={t("webchat.branding.assets.sort")}
            labelInline
            options={[
              { label: t("webchat.branding.assets.sortAsc"), value: "asc" },
              { label: t("webchat.branding.assets.sortDesc"), value: "desc" },
            ]}
            value={order}
            onChange={(value) => setOrder(value === "desc" ? "desc" : "asc")}
          />
        </InlineStack>
        <DropZone
          label={t("webchat.branding.assets.upload")}
          labelHidden
          accept="image/png,image/jpeg,image/gif,image/webp,image/x-icon,image/vnd.microsoft.icon"
          type="image"
          allowMultiple={false}
          disabled={readOnly || upload.state !== "idle"}
          onDrop={(files) => {
            const file = files[0];
            if (file) send(file);
          }}
        >
          <DropZone.FileUpload
            actionTitle={t("webchat.branding.assets.upload")}
            actionHint={t("webchat.branding.assets.drop")}
          />
        </DropZone>
        {sorted.length ? (
          <ul className="webchat-asset-list" aria-label={t("webchat.branding.assets.title")}>
            {sorted.map((asset) => (
              <li key={asset.id}>
                <InlineStack gap="300" blockAlign="center" wrap={false}>
                  <img className="webchat-asset-thumb" src={asset.url} alt="" />
                  <div style={{ flex: 1, minWidth: 0 }}>
                    <Text as="span" fontWeight="semibold" breakWord>
                      {asset.name}
                    </Text>
                    {asset.width ? (
                      <Text as="p" tone="subdued" variant="bodySm">
                        {t("webchat.branding.assets.size", { width: asset.width, height: asset.height })}
                      </Text>
                    ) : null}
                  </div>
                  <Button
                    tone="critical"
                    variant="plain"
                    disabled={readOnly}
                    onClick={() => setDeleting(asset)}
                    accessibilityLabel={t("webchat.branding.assets.delete", { name: asset.name })}
                  >
                    {t("webchat.branding.assets.deleteConfirm")}
                  </Button>
                </InlineStack>
              </li>
            ))}
          </ul>
        ) : (
          <Text as="p" tone="subdued">
            {t("webchat.branding.assets.empty")}
          </Text>
        )}
      </BlockStack>
      <ConfirmModal
        open={deleting !== null}
        title={t("webchat.branding.assets.deleteTitle")}
        message={t("webchat.branding.assets.deleteBody", { name: deleting?.name ?? "" })}
        confirmLabel={t("webchat.branding.assets.deleteConfirm")}
        cancelLabel={t("webchat.branding.assets.cancel")}
        loading={remove.state !== "idle"}
        onClose={() => setDeleting(null)}
        onConfirm={() => {
          if (!deleting) return;
          remove.submit(
            { intent: "delete", id: deleting.id },
            { method: "post", action: WEBCHAT_ASSETS_ACTION },
          );
          setDeleting(null);
        }}
      />
      <ToastView toast={upload.state === "idle" ? upload.data?.toast : undefined} />
      <ToastView toast={remove.state === "idle" ? remove.data?.toast : undefined} />
    </Card>
  );
}

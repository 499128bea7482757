import { Badge, BlockStack, Button, Card, InlineStack, Text } from "@shopify/polaris";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { useFetcher } from "react-router";
import { ConfirmModal } from "~/ui/confirm-modal";
import { EmptyMessage } from "~/ui/empty-message";
import { Modal } from "~/ui/modal";
import { type Toast, ToastView } from "~/ui/toast";

const MAX_KEYS = 2;
type ApiKey = { id: string; keyId: string; disabled: boolean; createdAt: Date | string };

/** Secret keys: at most 2; the secret is shown once, right after it is generated. */
export function SecretKeys({
  keys,
  canGenerate,
  canManage,
}: {
  keys: ApiKey[];
  canGenerate: boolean;
  canManage: boolean;
}) {
  const { t } = useTranslation();
  const generator = useFetcher<{ toast?: Toast; secret?: string }>();
  const [secret, setSecret] = useState<string | null>(null);
  useEffect(() => {
    if (generator.data?.secret) setSecret(generator.data.secret);
  }, [generator.data]);
  return (
    <Card>
      <BlockStack gap="400">
        <InlineStack align="space-between" blockAlign="center">
          <Text as="h2" variant="headingMd">
            {t("settings.secretKeys")}
          </Text>
          {keys.length < MAX_KEYS ? (
            <Button
              variant="primary"
              disabled={!canGenerate}
              loading={generator.state !== "idle"}
              onClick={() =>
                generator.submit({ intent: "generate" }, { method: "post", action: "/resources/api-keys" })
              }
            >
              {t("settings.generateKey")}
            </Button>
          ) : null}
        </InlineStack>
        <Text as="p" tone="subdued">
          {t("settings.secretKeysHelp")}
        </Text>
        {keys.length === 0 ? <EmptyMessage heading={t("settings.noKeys")} /> : null}
        {keys.map((key) => (
          <SecretKeyRow key={key.id} apiKey={key} canManage={canManage} />
        ))}
      </BlockStack>
      <Modal open={secret !== null} onClose={() => setSecret(null)} title={t("settings.keyCreatedTitle")}>
        <Modal.Section>
          <BlockStack gap="300">
            <Text as="p">{t("settings.keyCreatedBody")}</Text>
            <div className="secret-key" data-testid="new-secret-key">
              {secret}
            </div>
            <InlineStack align="end">
              <Button onClick={() => secret && void navigator.clipboard.writeText(secret)}>
                {t("settings.copy")}
              </Button>
            </InlineStack>
          </BlockStack>
        </Modal.Section>
      </Modal>
      <ToastView toast={generator.data?.toast} />
    </Card>
  );
}

function SecretKeyRow({ apiKey, canManage }: { apiKey: ApiKey; canManage: boolean }) {
  const { t, i18n } = useTranslation();
  const fetcher = useFetcher<{ toast?: Toast }>();
  const [confirmDelete, setConfirmDelete] = useState(false);
  const post = (intent: string) =>
    fetcher.submit({ intent, keyId: apiKey.id }, { method: "post", action: "/resources/api-keys" });
  return (
    <InlineStack align="space-between" blockAlign="center" gap="300">
      <BlockStack gap="100">
        <InlineStack gap="200" blockAlign="center">
          <code>{apiKey.keyId}</code>
          <Badge tone={apiKey.disabled ? "critical" : "success"}>
            {apiKey.disabled ? t("settings.keyStatusDisabled") : t("settings.keyStatusEnabled")}
          </Badge>
        </InlineStack>
        <Text as="span" tone="subdued" variant="bodySm">
          {t("settings.createdOn", { date: new Date(apiKey.createdAt).toLocaleDateString(i18n.language) })}
        </Text>
      </BlockStack>
      <InlineStack gap="200">
        <Button
          disabled={!canManage || fetcher.state !== "idle"}
          onClick={() => post(apiKey.disabled ? "enable" : "disable")}
        >
          {apiKey.disabled ? t("settings.enable") : t("settings.disable")}
        </Button>
        <Button
          tone="critical"
          disabled={!canManage || fetcher.state !== "idle"}
          onClick={() => setConfirmDelete(true)}
        >
          {t("settings.delete")}
        </Button>
      </InlineStack>
      <ConfirmModal
        open={confirmDelete}
        message={t("settings.deleteKeyConfirm")}
        onClose={() => setConfirmDelete(false)}
        onConfirm={() => {
          post("delete");
          setConfirmDelete(false);
        }}
      />
      <ToastView toast={fetcher.data?.toast} />
    </InlineStack>
  );
}

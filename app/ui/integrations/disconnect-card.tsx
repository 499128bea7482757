import { BlockStack, Box, Button, Card, Text } from "@shopify/polaris";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useFetcher } from "react-router";
import { integrationUrl } from "~/domain/integrations/views";
import { ConfirmModal } from "~/ui/confirm-modal";
import { type Toast, ToastView } from "~/ui/toast";

/**
 * 'Disconnect app' (spec 3 section 4.6), after a confirmation. The server does every step and sends
 * the page back to the home with '{product} app disconnected successfully from shopify!'.
 */
export function DisconnectCard(props: { storeName: string; canDisconnect: boolean; readOnly: boolean }) {
  const { t } = useTranslation();
  const fetcher = useFetcher<{ toast?: Toast }>();
  const [confirm, setConfirm] = useState(false);
  const pending = fetcher.state !== "idle";
  return (
    <Card>
      <BlockStack gap="300">
        <Text as="h2" variant="headingMd">
          {t("integrations.disconnectTitle")}
        </Text>
        <Text as="p">{t("integrations.disconnectBody")}</Text>
        {!props.canDisconnect && !props.readOnly ? (
          <Text as="p" tone="subdued">
            {t("integrations.disconnectAdminOnly")}
          </Text>
        ) : null}
        <Box>
          <Button
            tone="critical"
            variant="primary"
            disabled={!props.canDisconnect}
            loading={pending}
            onClick={() => setConfirm(true)}
          >
            {t("integrations.disconnect")}
          </Button>
        </Box>
      </BlockStack>
      <ConfirmModal
        open={confirm}
        title={t("integrations.disconnectConfirmTitle")}
        message={t("integrations.disconnectConfirm", { store: props.storeName })}
        confirmLabel={t("integrations.disconnect")}
        cancelLabel={t("common.cancel")}
        onClose={() => setConfirm(false)}
        onConfirm={() => {
          setConfirm(false);
          fetcher.submit(
            { intent: "disconnect", redirectTo: integrationUrl("shopify") },
            { method: "post", action: "/integration" },
          );
        }}
      />
      <ToastView toast={fetcher.data?.toast} />
    </Card>
  );
}

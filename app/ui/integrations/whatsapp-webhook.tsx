import { Badge, BlockStack, Button, Card, InlineStack, Text, TextField } from "@shopify/polaris";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useFetcher } from "react-router";
import type { WhatsAppView } from "~/domain/whatsapp/config.server";
import { type Toast, ToastView } from "~/ui/toast";
import { WHATSAPP_ACTION } from "./whatsapp-credentials";

/**
 * Step 2, the webhook details: the callback URL and the verify token to paste into the Meta app, and
 * 'Verify & Save', which checks whether Meta's subscription check came in ('Verified successfully!'
 * or 'Verification failed!'). It is disabled until a verify token exists, and once verified.
 */
export function WhatsAppWebhook({ config, canEdit }: { config: WhatsAppView; canEdit: boolean }) {
  const { t } = useTranslation();
  const fetcher = useFetcher<{ toast?: Toast }>({ key: "whatsapp-webhook" });
  return (
    <Card>
      <BlockStack gap="400">
        <InlineStack align="space-between" blockAlign="center">
          <BlockStack gap="100">
            <Text as="h2" variant="headingMd">
              {t("whatsapp.step2")}
            </Text>
            <Text as="p" tone="subdued">
              {t("whatsapp.step2Title")}
            </Text>
          </BlockStack>
          {config.webhookVerified ? (
            <Badge tone="success">{t("whatsapp.webhookVerified")}</Badge>
          ) : (
            <Badge tone="attention">{t("whatsapp.webhookNotVerified")}</Badge>
          )}
        </InlineStack>
        <Text as="p">{t("whatsapp.step2Body")}</Text>
        <CopyField label={t("whatsapp.fields.webhookUrl")} value={config.webhookUrl} />
        <CopyField label={t("whatsapp.fields.verifyToken")} value={config.verifyToken} />
        <fetcher.Form method="post" action={WHATSAPP_ACTION}>
          <input type="hidden" name="intent" value="whatsapp-check-webhook" />
          <input type="hidden" name="redirectTo" value={WHATSAPP_ACTION} />
          <Button
            variant="primary"
            submit
            disabled={!canEdit || !config.verifyToken || config.webhookVerified}
            loading={fetcher.state !== "idle"}
          >
            {t("whatsapp.verifyAndSave")}
          </Button>
        </fetcher.Form>
      </BlockStack>
      <ToastView toast={fetcher.data?.toast} />
    </Card>
  );
}

function CopyField({ label, value }: { label: string; value: string }) {
  const { t } = useTranslation();
  const [copied, setCopied] = useState(false);
  return (
    <TextField
      label={label}
      value={value}
      readOnly
      autoComplete="off"
      connectedRight={
        <Button
          accessibilityLabel={`${t("whatsapp.copy")} ${label}`}
          onClick={() => {
            void navigator.clipboard?.writeText(value).then(() => setCopied(true));
          }}
        >
          {copied ? t("whatsapp.copied") : t("whatsapp.copy")}
        </Button>
      }
    />
  );
}

/** The approved templates journeys can use, and 'Sync templates' (Graph API message_templates). */
export function WhatsAppTemplates(props: { config: WhatsAppView; approved: number; canEdit: boolean }) {
  const { t, i18n } = useTranslation();
  const fetcher = useFetcher<{ toast?: Toast }>({ key: "whatsapp-templates" });
  const synced = props.config.templatesSyncedAt;
  return (
    <Card>
      <BlockStack gap="300">
        <Text as="h2" variant="headingMd">
          {t("whatsapp.templates.title")}
        </Text>
        <Text as="p">{t("whatsapp.templates.body")}</Text>
        <Text as="p" tone="subdued">
          {synced
            ? `${t("whatsapp.templates.approvedCount", { count: props.approved })} · ${t(
                "whatsapp.templates.lastSynced",
                {
                  time: new Date(synced).toLocaleString(i18n.language, {
                    dateStyle: "medium",
                    timeStyle: "short",
                  }),
                },
              )}`
            : t("whatsapp.templates.never")}
        </Text>
        <fetcher.Form method="post" action={WHATSAPP_ACTION}>
          <input type="hidden" name="intent" value="whatsapp-sync-templates" />
          <input type="hidden" name="redirectTo" value={WHATSAPP_ACTION} />
          <Button submit disabled={!props.canEdit} loading={fetcher.state !== "idle"}>
            {t("whatsapp.templates.sync")}
          </Button>
        </fetcher.Form>
      </BlockStack>
      <ToastView toast={fetcher.data?.toast} />
    </Card>
  );
}

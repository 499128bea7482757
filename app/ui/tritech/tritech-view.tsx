import { Banner, BlockStack, Box, Button, Card, InlineStack, Page, Text } from "@shopify/polaris";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useFetcher } from "react-router";
import { integrationUrl } from "~/domain/integrations/views";
import type { TritechViewData } from "~/domain/tritech/profile.server";
import { ConfirmModal } from "~/ui/confirm-modal";
import { type ToastData, ToastView } from "~/ui/toast";
import { ConfigureEvents } from "./configure-events";
import { CopyButton } from "./copy-button";
import { LatestEvents } from "./latest-events";

export type TritechPageData = TritechViewData & {
  endpoint: string;
  can: { secret: boolean; configure: boolean };
};

/**
 * The Tri-Tech view of /integration (spec 3 section 2.5): 'Tri-Tech Integration', the synced or not
 * synced banner and the five steps, then the latest events; or its 'Configure Events' page.
 */
export function TritechView({ data, events }: { data: TritechPageData; events: boolean }) {
  const { t } = useTranslation();
  const { can } = data;
  if (events)
    return (
      <Page
        title={t("tritech.configureEvents")}
        backAction={{ content: t("tritech.title"), url: integrationUrl("tritech") }}
      >
        <ConfigureEvents actions={data.actions} canEdit={can.configure} />
      </Page>
    );
  return (
    <Page
      title={t("tritech.title")}
      backAction={{ content: t("integrations.back"), url: integrationUrl("home") }}
    >
      <BlockStack gap="400">
        <Banner
          tone={data.synced ? "success" : "warning"}
          title={data.synced ? t("tritech.synced") : t("tritech.notSynced")}
        >
          <Text as="p">{data.synced ? t("tritech.syncedBody") : t("tritech.notSyncedBody")}</Text>
        </Banner>
        <Card>
          <BlockStack gap="500">
            <Text as="h2" variant="headingMd">
              {t("tritech.steps")}
            </Text>
            <Step title={t("tritech.step1")} body={t("tritech.step1Body")}>
              <Value label={t("tritech.endpoint")} value={data.endpoint} testId="tritech-endpoint" />
              <CopyButton value={data.endpoint} label={t("tritech.copyEndpoint")} />
            </Step>
            <Step title={t("tritech.step2")} body={t("tritech.step2Body")}>
              <SecretKey hasSecret={data.hasSecret} canManage={can.secret} />
            </Step>
            <Step title={t("tritech.step3")} body={t("tritech.step3Body")}>
              <Value label={t("tritech.accountId")} value={data.accountId} testId="tritech-account-id" />
              <CopyButton value={data.accountId} label={t("tritech.copyAccountId")} />
            </Step>
            <Step title={t("tritech.step4")} body={t("tritech.step4Body")} />
            <Step title={t("tritech.step5")} body={t("tritech.step5Body")}>
              <Button url={integrationUrl("tritech-events")}>{t("tritech.configureEvents")}</Button>
            </Step>
          </BlockStack>
        </Card>
        <LatestEvents events={data.events} />
      </BlockStack>
    </Page>
  );
}

function Step({ title, body, children }: { title: string; body: string; children?: React.ReactNode }) {
  return (
    <section aria-label={title}>
      <BlockStack gap="200">
        <Text as="h3" variant="headingSm">
          {title}
        </Text>
        <Text as="p" tone="subdued">
          {body}
        </Text>
        {children ? (
          <InlineStack gap="200" blockAlign="center" wrap>
            {children}
          </InlineStack>
        ) : null}
      </BlockStack>
    </section>
  );
}

function Value({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <Box background="bg-surface-secondary" padding="200" borderRadius="200">
      <Text as="span" visuallyHidden>
        {label}:{" "}
      </Text>
      <code data-testid={testId} style={{ wordBreak: "break-all" }}>
        {value}
      </code>
    </Box>
  );
}

type SecretAnswer = { secret?: string; toast?: ToastData };

/**
 * Step 2: the key stays on the server, blurred here, until 'Reveal secret key' asks for it; a new key
 * comes back revealed. Only company admins reveal or generate: others see the buttons disabled (and
 * the server answers them 403).
 */
function SecretKey({ hasSecret, canManage }: { hasSecret: boolean; canManage: boolean }) {
  const { t } = useTranslation();
  const fetcher = useFetcher<SecretAnswer>({ key: "tritech-secret" });
  const [confirming, setConfirming] = useState(false);
  const [hidden, setHidden] = useState(false);
  const secret = fetcher.data?.secret;
  const shown = Boolean(secret) && !hidden;
  const busy = fetcher.state !== "idle";
  const post = (intent: "tritech-reveal" | "tritech-generate") => {
    setHidden(false);
    setConfirming(false);
    fetcher.submit({ intent }, { method: "post", action: integrationUrl("tritech") });
  };
  const exists = hasSecret || Boolean(secret);
  return (
    <BlockStack gap="200">
      {exists ? (
        <InlineStack gap="200" blockAlign="center" wrap>
          <Box background="bg-surface-secondary" padding="200" borderRadius="200">
            <code
              data-testid="tritech-secret"
              aria-hidden={shown ? undefined : true}
              style={shown ? { userSelect: "all" } : { filter: "blur(5px)", userSelect: "none" }}
            >
              {shown ? secret : "x".repeat(36)}
            </code>
          </Box>
          {shown ? (
            <>
              <CopyButton value={secret ?? ""} label={t("tritech.copySecret")} />
              <Button onClick={() => setHidden(true)}>{t("tritech.hideSecret")}</Button>
            </>
          ) : (
            <Button disabled={!canManage} loading={busy} onClick={() => post("tritech-reveal")}>
              {t("tritech.revealSecret")}
            </Button>
          )}
        </InlineStack>
      ) : (
        <Text as="p">{t("tritech.noSecret")}</Text>
      )}
      <InlineStack gap="200" blockAlign="center">
        <Button
          variant={exists ? "secondary" : "primary"}
          disabled={!canManage}
          loading={busy}
          onClick={() => (exists ? setConfirming(true) : post("tritech-generate"))}
        >
          {exists ? t("tritech.generateNew") : t("tritech.generate")}
        </Button>
        {canManage ? null : (
          <Text as="span" tone="subdued">
            {t("tritech.secretAdminsOnly")}
          </Text>
        )}
      </InlineStack>
      <ConfirmModal
        open={confirming}
        message={t("tritech.regenerateConfirm")}
        confirmLabel={t("tritech.generate")}
        cancelLabel={t("tritech.cancel")}
        onConfirm={() => post("tritech-generate")}
        onClose={() => setConfirming(false)}
      />
      <ToastView toast={fetcher.data?.toast} />
    </BlockStack>
  );
}

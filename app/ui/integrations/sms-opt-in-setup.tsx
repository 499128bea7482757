import { Badge, BlockStack, Button, Card, InlineStack, Text } from "@shopify/polaris";
import { memo, Suspense, useState } from "react";
import { useTranslation } from "react-i18next";
import { Await, Form, useRevalidator } from "react-router";
import type { SmsMarketingStatus } from "~/domain/integrations/sms-status";
import { ShowMeHow } from "./show-me-how";

const tones = { LOADING: "info", ENABLED: "success", DISABLED: "attention", ERROR: "critical" } as const;

/**
 * The Setup section: the store's SMS Opt-In checkbox status, streamed by the loader (Loading until
 * Shopify answers). Refresh Status loads the page's data again without a reload: the new status
 * arrives under a new key, so it starts Loading again. Without JavaScript it reloads the page.
 */
export function SmsOptInSetup(props: {
  smsStatus: Promise<SmsMarketingStatus> | null;
  statusKey: string;
  optInSettingsUrl: string;
  readOnly: boolean;
}) {
  const { t } = useTranslation();
  const revalidator = useRevalidator();
  const [howTo, setHowTo] = useState(false);
  const refreshing = revalidator.state !== "idle";
  return (
    <Card>
      <BlockStack gap="300">
        <Text as="h2" variant="headingMd">
          {t("integrations.setup")}
        </Text>
        <Text as="p">{t("integrations.setupBody")}</Text>
        <InlineStack gap="200" blockAlign="center">
          <Text as="span" fontWeight="semibold">
            {t("integrations.optInCheckbox")}
          </Text>
          <output aria-live="polite" data-testid="sms-opt-in-status">
            {refreshing || !props.smsStatus ? (
              <StatusBadge status={refreshing ? "LOADING" : "ERROR"} />
            ) : (
              <StreamedStatus smsStatus={props.smsStatus} statusKey={props.statusKey} />
            )}
          </output>
        </InlineStack>
        <Form
          method="get"
          onSubmit={(event) => {
            event.preventDefault();
            revalidator.revalidate();
          }}
        >
          <input type="hidden" name="view" value="shopify" />
          <InlineStack gap="200">
            <Button
              url={props.readOnly ? undefined : props.optInSettingsUrl}
              external
              disabled={props.readOnly}
            >
              {t("integrations.goToOptInSettings")}
            </Button>
            <Button submit disabled={props.readOnly || refreshing}>
              {t("integrations.refreshStatus")}
            </Button>
            <Button onClick={() => setHowTo(true)} disabled={props.readOnly}>
              {t("integrations.showMeHow")}
            </Button>
          </InlineStack>
        </Form>
      </BlockStack>
      <ShowMeHow open={howTo} onClose={() => setHowTo(false)} />
    </Card>
  );
}

/**
 * The status as the loader streams it. Memoised: when the server's HTML arrives before the store has
 * answered, this Suspense boundary hydrates later than the page, and a render of the page meanwhile
 * (the router's state changing) must not reach it (React would give up hydrating it, error 421).
 */
const StreamedStatus = memo(function StreamedStatus(props: {
  smsStatus: Promise<SmsMarketingStatus>;
  statusKey: string;
}) {
  return (
    <Suspense key={props.statusKey} fallback={<StatusBadge status="LOADING" />}>
      <Await resolve={props.smsStatus} errorElement={<StatusBadge status="ERROR" />}>
        {(status) => <StatusBadge status={status} />}
      </Await>
    </Suspense>
  );
});

function StatusBadge({ status }: { status: SmsMarketingStatus }) {
  const { t } = useTranslation();
  return <Badge tone={tones[status]}>{t(`integrations.status.${status}`)}</Badge>;
}

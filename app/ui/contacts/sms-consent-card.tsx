import { Badge, BlockStack, Button, Card, InlineStack, Text, TextField } from "@shopify/polaris";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { useFetcher } from "react-router";
import type { SmsConsent } from "#db/schema";
import { asI18nKey } from "~/i18n/keys";
import { Modal } from "~/ui/modal";
import { type Toast, ToastView } from "~/ui/toast";

export type ConsentAnswer = { intent: "sms-consent"; ok: boolean; error?: string; toast?: Toast | null };

const tone: Record<SmsConsent, "success" | "critical" | "info" | undefined> = {
  opted_in: "success",
  opted_out: "critical",
  none: undefined,
  non_commercial: "info",
};

/**
 * The contact's SMS consent and, while none is recorded, a way to record consent the contact gave
 * elsewhere (a paper form, in store), with the words of how. An opted-out contact can only opt back
 * in themselves (START), so the button is gone then.
 */
export function SmsConsentCard({ consent, canRecord }: { consent: SmsConsent; canRecord: boolean }) {
  const { t } = useTranslation();
  const fetcher = useFetcher<ConsentAnswer>();
  const [open, setOpen] = useState(false);
  const [text, setText] = useState("");
  const answer = fetcher.data;
  useEffect(() => {
    if (fetcher.state === "idle" && answer?.ok) setOpen(false);
  }, [fetcher.state, answer]);
  const help = (
    {
      opted_in: "optedInHelp",
      opted_out: "optedOutHelp",
      non_commercial: "nonCommercialHelp",
      none: "noneHelp",
    } as const
  )[consent];
  return (
    <Card>
      <BlockStack gap="300">
        <InlineStack align="space-between" blockAlign="center">
          <Text as="h2" variant="headingMd">
            {t("timeline.consent.title")}
          </Text>
          <Badge tone={tone[consent]}>{t(`timeline.consent.${consent}`)}</Badge>
        </InlineStack>
        <Text as="p" tone="subdued">
          {t(`timeline.consent.${help}`)}
        </Text>
        {consent === "none" || consent === "non_commercial" ? (
          <InlineStack>
            <Button disabled={!canRecord} onClick={() => setOpen(true)}>
              {t("timeline.consent.record")}
            </Button>
          </InlineStack>
        ) : null}
      </BlockStack>
      <Modal
        open={open}
        onClose={() => setOpen(false)}
        title={t("timeline.consent.modalTitle")}
        primaryAction={{
          content: t("timeline.consent.confirm"),
          loading: fetcher.state !== "idle",
          onAction: () => fetcher.submit({ intent: "sms-consent", consentText: text }, { method: "post" }),
        }}
        secondaryActions={[{ content: t("common.cancel"), onAction: () => setOpen(false) }]}
      >
        <Modal.Section>
          <BlockStack gap="300">
            <Text as="p">{t("timeline.consent.modalBody")}</Text>
            <TextField
              label={t("timeline.consent.textLabel")}
              helpText={t("timeline.consent.textHelp")}
              value={text}
              onChange={setText}
              multiline={3}
              maxLength={1000}
              autoComplete="off"
              error={answer && !answer.ok && answer.error ? t(asI18nKey(answer.error)) : undefined}
            />
          </BlockStack>
        </Modal.Section>
      </Modal>
      <ToastView toast={answer?.toast} />
    </Card>
  );
}

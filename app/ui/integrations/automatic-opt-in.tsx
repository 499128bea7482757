import { BlockStack, Card, InlineStack, Text } from "@shopify/polaris";
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { useFetcher } from "react-router";
import { integrationUrl } from "~/domain/integrations/views";
import { ConfirmModal } from "~/ui/confirm-modal";
import { type Toast, ToastView } from "~/ui/toast";

/**
 * The Settings toggle 'Automatic Opt-in for Non-Commercial Messages' (spec 3 sections 4.6 and 6): a
 * click asks first, Yes posts the new value, and the page shows the stored one. Only the admin group
 * (platform admins, not read-only) may change it; everyone else sees it disabled.
 */
export function AutomaticOptIn(props: { enabled: boolean; canChange: boolean; readOnly: boolean }) {
  const { t } = useTranslation();
  const fetcher = useFetcher<{ toast?: Toast }>();
  const [confirm, setConfirm] = useState(false);
  const labelId = useId();
  const descriptionId = useId();
  const pending = fetcher.state !== "idle";
  const next = !props.enabled;
  return (
    <Card>
      <BlockStack gap="300">
        <Text as="h2" variant="headingMd">
          {t("integrations.settings")}
        </Text>
        <InlineStack align="space-between" blockAlign="center" gap="400" wrap={false}>
          <BlockStack gap="100">
            <Text as="p" fontWeight="semibold" id={labelId}>
              {t("integrations.automaticOptIn")}
            </Text>
            <Text as="p" tone="subdued" id={descriptionId}>
              {t("integrations.automaticOptInBody")}
            </Text>
            {!props.canChange && !props.readOnly ? (
              <Text as="p" tone="subdued">
                {t("integrations.automaticOptInAdminOnly")}
              </Text>
            ) : null}
          </BlockStack>
          <InlineStack gap="200" blockAlign="center" wrap={false}>
            <Text as="span">
              {t(props.enabled ? "integrations.automaticOptInOn" : "integrations.automaticOptInOff")}
            </Text>
            <Switch
              checked={props.enabled}
              disabled={!props.canChange || pending}
              labelledBy={labelId}
              describedBy={descriptionId}
              onClick={() => setConfirm(true)}
            />
          </InlineStack>
        </InlineStack>
      </BlockStack>
      <ConfirmModal
        open={confirm}
        message={t(next ? "integrations.automaticOptInConfirmOn" : "integrations.automaticOptInConfirmOff")}
        destructive={false}
        onClose={() => setConfirm(false)}
        onConfirm={() => {
          setConfirm(false);
          fetcher.submit(
            { intent: "automatic-opt-in", enabled: String(next), redirectTo: integrationUrl("shopify") },
            { method: "post", action: "/integration" },
          );
        }}
      />
      <ToastView toast={fetcher.data?.toast} />
    </Card>
  );
}

/** An on/off switch (role="switch"): Polaris 13 has none that is not deprecated. */
function Switch(props: {
  checked: boolean;
  disabled: boolean;
  labelledBy: string;
  describedBy: string;
  onClick: () => void;
}) {
  const track = props.checked ? "var(--p-color-bg-fill-brand)" : "var(--p-color-bg-fill-tertiary)";
  return (
    <button
      type="button"
      role="switch"
      aria-checked={props.checked}
      aria-labelledby={props.labelledBy}
      aria-describedby={props.describedBy}
      disabled={props.disabled}
      onClick={props.onClick}
      style={{
        position: "relative",
        flex: "none",
        width: 44,
        height: 24,
        borderRadius: 12,
        border: "1px solid var(--p-color-border)",
        background: track,
        opacity: props.disabled ? 0.5 : 1,
        cursor: props.disabled ? "not-allowed" : "pointer",
        padding: 0,
      }}
    >
      <span
        aria-hidden
        style={{
          position: "absolute",
          top: 2,
          left: props.checked ? 22 : 2,
          width: 18,
          height: 18,
          borderRadius: "50%",
          background: "var(--p-color-bg-surface)",
          boxShadow: "var(--p-shadow-200)",
          transition: "left 120ms ease",
        }}
      />
    </button>
  );
}

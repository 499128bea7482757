import { Badge, BlockStack, Button, InlineStack, Select, Text } from "@shopify/polaris";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { useFetcher } from "react-router";
import { JOURNEY_STATES, type JourneyState } from "~/domain/journeys/types";
import { Modal } from "~/ui/modal";
import { type Toast, ToastView } from "~/ui/toast";

export type StateChangeView = {
  id: string;
  fromState: JourneyState;
  toState: JourneyState;
  createdAt: string;
  userName: string | null;
};

const tones = { live: "success", muted: "attention", paused: "warning", disabled: "critical" } as const;

export function StateBadge({ state }: { state: JourneyState }) {
  const { t } = useTranslation();
  return <Badge tone={tones[state]}>{t(`journeys.state.names.${state}`)}</Badge>;
}

/**
 * The journey state switcher (the spec's was inert; this one works): choose a state, confirm in a
 * modal that names its effect, and the change is made and recorded; the last changes are listed.
 */
export function JourneyStateSwitcher({
  journey,
  changes,
  canManage,
  action,
}: {
  journey: { id: string; name: string; state: JourneyState };
  changes: StateChangeView[];
  canManage: boolean;
  action: string;
}) {
  const { t, i18n } = useTranslation();
  const fetcher = useFetcher<{ toast?: Toast }>();
  const [chosen, setChosen] = useState<JourneyState>(journey.state);
  const [confirming, setConfirming] = useState(false);
  useEffect(() => setChosen(journey.state), [journey.state]);
  useEffect(() => {
    if (fetcher.state === "idle" && fetcher.data) setConfirming(false);
  }, [fetcher.state, fetcher.data]);
  const when = (iso: string) =>
    new Intl.DateTimeFormat(i18n.language, { dateStyle: "medium", timeStyle: "short" }).format(new Date(iso));
  const stateName = (state: JourneyState) => t(`journeys.state.names.${state}`);
  return (
    <BlockStack gap="200">
      <InlineStack gap="200" blockAlign="end" wrap>
        <div style={{ minWidth: 200 }}>
          <Select
            label={t("journeys.state.label")}
            disabled={!canManage}
            options={JOURNEY_STATES.map((state) => ({ value: state, label: stateName(state) }))}
            value={chosen}
            onChange={(value) => setChosen(value as JourneyState)}
            helpText={t(`journeys.state.descriptions.${chosen}`)}
          />
        </div>
        <div style={{ paddingBottom: 24 }}>
          <Button disabled={!canManage || chosen === journey.state} onClick={() => setConfirming(true)}>
            {t("journeys.state.change")}
          </Button>
        </div>
      </InlineStack>
      <BlockStack gap="100">
        <Text as="h3" variant="headingXs">
          {t("journeys.state.lastChanges")}
        </Text>
        {changes.length === 0 ? (
          <Text as="p" tone="subdued" variant="bodySm">
            {t("journeys.state.noChanges")}
          </Text>
        ) : (
          <ul className="journey-state-changes" style={{ margin: 0, paddingInlineStart: 18 }}>
            {changes.map((change) => (
              <li key={change.id}>
                <Text as="span" variant="bodySm" tone="subdued">
                  {t("journeys.state.changedBy", {
                    from: stateName(change.fromState),
                    to: stateName(change.toState),
                    user: change.userName ?? t("journeys.state.someone"),
                    when: when(change.createdAt),
                  })}
                </Text>
              </li>
            ))}
          </ul>
        )}
      </BlockStack>
      <Modal
        open={confirming}
        onClose={() => setConfirming(false)}
        title={t("journeys.state.confirmTitle")}
        primaryAction={{
          content: t("journeys.state.change"),
          destructive: chosen === "disabled",
          loading: fetcher.state !== "idle",
          onAction: () =>
            fetcher.submit(
              { intent: "state", journeyId: journey.id, state: chosen },
              { method: "post", action },
            ),
        }}
        secondaryActions={[{ content: t("journeys.drawer.cancel"), onAction: () => setConfirming(false) }]}
      >
        <Modal.Section>
          <Text as="p">
            {t("journeys.state.confirm", {
              journey: journey.name,
              state: stateName(chosen),
              effect: t(`journeys.state.descriptions.${chosen}`),
            })}
          </Text>
        </Modal.Section>
      </Modal>
      <ToastView toast={fetcher.data?.toast} />
    </BlockStack>
  );
}

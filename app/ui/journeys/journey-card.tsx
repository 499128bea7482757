import { Banner, BlockStack, Button, ButtonGroup, Card, InlineStack, Link, Text } from "@shopify/polaris";
import { ArrowDownIcon, ArrowUpIcon, DeleteIcon } from "@shopify/polaris-icons";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useFetcher } from "react-router";
import type { JourneyState } from "~/domain/journeys/types";
import { ConfirmModal } from "~/ui/confirm-modal";
import { EmptyMessage } from "~/ui/empty-message";
import { type Toast, ToastView } from "~/ui/toast";
import { JourneyStateSwitcher, StateBadge, type StateChangeView } from "./journey-state";
import type { EditableTouchpoint } from "./touchpoint-drawer";
import { messageRows, waitText } from "./wait-text";

export type TouchpointView = EditableTouchpoint & { ordinal: number };
export type JourneyView = {
  id: string;
  name: string;
  productName: string;
  state: JourneyState;
  touchpoints: TouchpointView[];
  changes: StateChangeView[];
};
/** admin: a company admin (an RO Admin too: they see the controls, disabled); manage: may use them. */
export type Abilities = { admin: boolean; manage: boolean; editLink: boolean; test: boolean };

const cell = { padding: "8px", verticalAlign: "top", textAlign: "start" } as const;
const head = { ...cell, fontWeight: 600, borderBlockEnd: "1px solid var(--p-color-border)" } as const;

export const workflowUrl = (journeyId: string) => `/touchpoints/workflow?journey=${journeyId}`;
export const detailUrl = (touchpointId: string) => `/touchpoint-detail?id=${touchpointId}`;

/** One journey: its state switcher and the table of its touchpoints (name, wait, message, link, actions). */
export function JourneyCard({
  journey,
  can,
  action,
  onAdd,
  onEdit,
  onTest,
}: {
  journey: JourneyView;
  can: Abilities;
  action: string;
  onAdd: () => void;
  onEdit: (touchpoint: TouchpointView) => void;
  onTest: (touchpoint: TouchpointView) => void;
}) {
  const { t } = useTranslation();
  const fetcher = useFetcher<{ toast?: Toast }>();
  const [deleting, setDeleting] = useState<TouchpointView | null>(null);
  const busy = fetcher.state !== "idle";
  const post = (fields: Record<string, string>) => fetcher.submit(fields, { method: "post", action });
  const count = journey.touchpoints.length;
  return (
    <Card>
      <BlockStack gap="400">
        <InlineStack align="space-between" blockAlign="start" gap="400">
          <BlockStack gap="100">
            <div style={{ display: "flex", gap: 8, alignItems: "center", flexWrap: "wrap" }}>
              <Text as="h2" variant="headingMd">
                {journey.name}
              </Text>
              <StateBadge state={journey.state} />
            </div>
            <Text as="p" tone="subdued">
              {t("journeys.productOf", { name: journey.productName })} ·{" "}
              {t("journeys.touchpointCount", { count })}
            </Text>
            <Link url={workflowUrl(journey.id)}>{t("journeys.viewWorkflow")}</Link>
          </BlockStack>
          <JourneyStateSwitcher
            journey={journey}
            changes={journey.changes}
            canManage={can.manage}
            action={action}
          />
        </InlineStack>
        {journey.state === "paused" ? (
          // A draft (new journeys start paused) or a pause: said in words, with the way out at hand.
          <Banner
            tone="warning"
            title={t("journeys.draft.title")}
            action={{
              content: t("journeys.draft.makeLive"),
              accessibilityLabel: `${t("journeys.draft.makeLive")}: ${journey.name}`,
              disabled: !can.manage,
              loading: busy,
              onAction: () => post({ intent: "state", journeyId: journey.id, state: "live" }),
            }}
          >
            <Text as="p">{t("journeys.draft.body", { product: journey.productName })}</Text>
          </Banner>
        ) : null}
        {count === 0 ? (
          <EmptyMessage heading={t("journeys.noTouchpoints")}>
            {t(can.manage ? "journeys.noTouchpointsAdmin" : "journeys.noTouchpointsMember")}
          </EmptyMessage>
        ) : (
          <div style={{ overflowX: "auto", opacity: busy ? 0.6 : 1 }} aria-busy={busy}>
            <table style={{ width: "100%", borderCollapse: "collapse" }}>
              <thead>
                <tr>
                  <th scope="col" style={head}>
                    {t("journeys.columns.order")}
                  </th>
                  <th scope="col" style={head}>
                    {t("journeys.columns.name")}
                  </th>
                  <th scope="col" style={head}>
                    {t("journeys.columns.wait")}
                  </th>
                  <th scope="col" style={head}>
                    {t("journeys.columns.message")}
                  </th>
                  <th scope="col" style={head}>
                    {t("journeys.columns.link")}
                  </th>
                  <th scope="col" style={head}>
                    {t("journeys.columns.actions")}
                  </th>
                </tr>
              </thead>
              <tbody>
                {journey.touchpoints.map((tp, index) => (
                  <tr key={tp.id} style={{ borderBlockEnd: "1px solid var(--p-color-border-secondary)" }}>
                    <td style={cell}>{tp.ordinal}</td>
                    <td style={cell}>
                      <BlockStack gap="050">
                        <Link
                          url={detailUrl(tp.id)}
                          accessibilityLabel={t("journeys.detailsLabel", { name: tp.name })}
                        >
                          {tp.name}
                        </Link>
                        <Text as="span" tone="subdued" variant="bodySm">
                          {t(`journeys.channel.${tp.channel}`)}
                        </Text>
                      </BlockStack>
                    </td>
                    <td style={cell}>{waitText(t, tp.waitMinutes)}</td>
                    <td style={cell}>
                      <textarea
                        readOnly
                        style={{
                          width: "100%",
                          minWidth: 220,
                          resize: "vertical",
                          font: "inherit",
                          padding: 6,
                          borderRadius: 6,
                          border: "1px solid var(--p-color-border)",
                          background: "var(--p-color-bg-surface-secondary)",
                        }}
                        rows={messageRows(tp.message)}
                        aria-label={t("journeys.messageOf", { name: tp.name })}
                        value={tp.message}
                      />
                    </td>
                    <td style={{ ...cell, maxWidth: 220, overflowWrap: "anywhere" }}>
                      {tp.linkTarget ? (
                        <Link url={tp.linkTarget} target="_blank">
                          {tp.linkTarget}
                        </Link>
                      ) : (
                        <Text as="span" tone="subdued">
                          {t("journeys.noLink")}
                        </Text>
                      )}
                    </td>
                    <td style={cell}>
                      <InlineStack gap="100" wrap={false} blockAlign="center">
                        <Button
                          size="slim"
                          disabled={!can.test}
                          onClick={() => onTest(tp)}
                          accessibilityLabel={t("journeys.testLabel", { name: tp.name })}
                        >
                          {t("journeys.testNow")}
                        </Button>
                        <Button
                          size="slim"
                          disabled={!can.editLink}
                          onClick={() => onEdit(tp)}
                          accessibilityLabel={t("journeys.editLabel", { name: tp.name })}
                        >
                          {t("journeys.edit")}
                        </Button>
                        {can.admin ? (
                          <ButtonGroup variant="segmented">
                            <Button
                              size="slim"
                              icon={ArrowUpIcon}
                              disabled={!can.manage || busy || index === 0}
                              accessibilityLabel={t("journeys.moveUp", { name: tp.name })}
                              onClick={() => post({ intent: "move", id: tp.id, direction: "up" })}
                            />
                            <Button
                              size="slim"
                              icon={ArrowDownIcon}
                              disabled={!can.manage || busy || index === count - 1}
                              accessibilityLabel={t("journeys.moveDown", { name: tp.name })}
                              onClick={() => post({ intent: "move", id: tp.id, direction: "down" })}
                            />
                            <Button
                              size="slim"
                              icon={DeleteIcon}
                              tone="critical"
                              disabled={!can.manage}
                              accessibilityLabel={t("journeys.deleteLabel", { name: tp.name })}
                              onClick={() => setDeleting(tp)}
                            />
                          </ButtonGroup>
                        ) : null}
                      </InlineStack>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
        {can.admin ? (
          <InlineStack>
            <Button
              variant="primary"
              disabled={!can.manage}
              onClick={onAdd}
              accessibilityLabel={`${t("journeys.addTouchpoint")}: ${journey.name}`}
            >
              {t("journeys.addTouchpoint")}
            </Button>
          </InlineStack>
        ) : null}
      </BlockStack>
      <ConfirmModal
        open={deleting !== null}
        message={t("journeys.deleteConfirm", { name: deleting?.name ?? "" })}
        confirmLabel={t("journeys.delete")}
        cancelLabel={t("journeys.drawer.cancel")}
        loading={busy}
        onClose={() => setDeleting(null)}
        onConfirm={() => {
          if (deleting) post({ intent: "delete", id: deleting.id });
          setDeleting(null);
        }}
      />
      <ToastView toast={fetcher.data?.toast} />
    </Card>
  );
}

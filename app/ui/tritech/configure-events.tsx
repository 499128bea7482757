import { BlockStack, Button, Card, DataTable, InlineStack, Text, TextField } from "@shopify/polaris";
import { EditIcon } from "@shopify/polaris-icons";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { useFetcher } from "react-router";
import { integrationUrl } from "~/domain/integrations/views";
import type { ContractAction } from "~/domain/tritech/profile.server";
import { Modal } from "~/ui/modal";
import { type ToastData, ToastView } from "~/ui/toast";

/**
 * 'Configure Events' (spec 3 section 2.5): the contract actions with their transaction statuses, and
 * a pencil opening a modal to edit them. Each status is required ('Please Enter value!'); leading
 * spaces are dropped as they are typed and values are trimmed on save (spec 3 section 5.6). The
 * handshake action is not listed.
 */
export function ConfigureEvents({ actions, canEdit }: { actions: ContractAction[]; canEdit: boolean }) {
  const { t } = useTranslation();
  const [editing, setEditing] = useState<ContractAction | null>(null);
  const fetcher = useFetcher<{ toast?: ToastData; statuses?: string[] }>({ key: "tritech-statuses" });
  return (
    <Card>
      <BlockStack gap="300">
        <Text as="p">{t("tritech.actionsIntro")}</Text>
        <DataTable
          columnContentTypes={["text", "text", "text"]}
          headings={[t("tritech.columns.action"), t("tritech.columns.statuses"), t("tritech.columns.edit")]}
          rows={actions.map((row) => [
            row.action,
            <span key="statuses" data-testid={`statuses-${row.action}`} style={{ whiteSpace: "normal" }}>
              {row.transactionStatuses.join(", ")}
            </span>,
            <Button
              key="edit"
              icon={EditIcon}
              variant="plain"
              disabled={!canEdit}
              accessibilityLabel={t("tritech.editStatuses", { action: row.action })}
              onClick={() => setEditing(row)}
            />,
          ])}
        />
      </BlockStack>
      {editing ? <StatusesModal action={editing} fetcher={fetcher} onClose={() => setEditing(null)} /> : null}
      <ToastView toast={fetcher.data?.toast} />
    </Card>
  );
}

function StatusesModal({
  action,
  fetcher,
  onClose,
}: {
  action: ContractAction;
  fetcher: ReturnType<typeof useFetcher<{ toast?: ToastData; statuses?: string[] }>>;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  // Each field keeps its own key while others are added or removed above it.
  const [rows, setRows] = useState(() =>
    action.transactionStatuses.map((value) => ({ key: nextKey(), value })),
  );
  const values = rows.map((row) => row.value);
  const [tried, setTried] = useState(false);
  const [sent, setSent] = useState(false);
  const idle = fetcher.state === "idle";
  useEffect(() => {
    if (sent && idle && fetcher.data?.statuses) onClose();
  }, [sent, idle, fetcher.data, onClose]);
  const save = () => {
    setTried(true);
    if (values.some((value) => !value.trim())) return;
    const form = new FormData();
    form.set("intent", "tritech-statuses");
    form.set("action", action.action);
    for (const value of values) form.append("status", value.trim());
    setSent(true);
    fetcher.submit(form, { method: "post", action: integrationUrl("tritech-events") });
  };
  return (
    <Modal
      open
      onClose={onClose}
      title={t("tritech.editTitle", { action: action.action })}
      primaryAction={{ content: t("tritech.save"), onAction: save, loading: !idle }}
      secondaryActions={[{ content: t("tritech.cancel"), onAction: onClose }]}
    >
      <Modal.Section>
        <BlockStack gap="300">
          {rows.map(({ key, value }, index) => (
            <InlineStack key={key} gap="200" blockAlign="end" wrap={false}>
              <div style={{ flex: 1 }}>
                <TextField
                  label={t("tritech.statusLabel", { index: String(index + 1) })}
                  value={value}
                  autoComplete="off"
                  maxLength={200}
                  onChange={(next) =>
                    setRows((all) =>
                      all.map((row) => (row.key === key ? { key, value: next.replace(/^\s+/, "") } : row)),
                    )
                  }
                  error={tried && !value.trim() ? t("tritech.enterValue") : undefined}
                />
              </div>
              <Button
                variant="plain"
                tone="critical"
                disabled={values.length === 1}
                accessibilityLabel={t("tritech.removeStatus", { index: String(index + 1) })}
                onClick={() => setRows((all) => all.filter((row) => row.key !== key))}
              >
                ×
              </Button>
            </InlineStack>
          ))}
          <div>
            <Button onClick={() => setRows((all) => [...all, { key: nextKey(), value: "" }])}>
              {t("tritech.addStatus")}
            </Button>
          </div>
        </BlockStack>
      </Modal.Section>
    </Modal>
  );
}

let keys = 0;
const nextKey = () => `status-${++keys}`;

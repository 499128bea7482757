import { getFormProps, type SubmissionResult, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Badge, BlockStack, Box, Button, EmptyState, InlineStack, Text } from "@shopify/polaris";
import { DeleteIcon, EditIcon } from "@shopify/polaris-icons";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useFetcher } from "react-router";
import { dashboardFormSchema } from "~/domain/admin/company-admin-schemas";
import type { DashboardRow } from "~/domain/admin/dashboards.server";
import { ConfirmModal } from "~/ui/confirm-modal";
import { FormTextField } from "~/ui/fields";
import { Modal } from "~/ui/modal";
import type { Toast } from "~/ui/toast";

const DASHBOARDS_ACTION = "/resources/admin/dashboards";

type DashboardData = { intent: string; result?: SubmissionResult<string[]>; done?: boolean; toast?: Toast };

type View =
  | { kind: "list" }
  | { kind: "form"; dashboard: DashboardRow | null }
  | { kind: "delete"; dashboard: DashboardRow };

/**
 * All Dashboards (a Default tag on the default one, edit, delete), the Add/Edit Dashboard form and
 * the delete confirmation: one modal at a time, returning to the list after each.
 */
export function DashboardsModals(props: {
  dashboards: DashboardRow[];
  onClose: () => void;
  onToast: (toast: Toast) => void;
}) {
  const [view, setView] = useState<View>({ kind: "list" });
  const backToList = () => setView({ kind: "list" });
  if (view.kind === "form")
    return <DashboardFormModal dashboard={view.dashboard} onDone={backToList} onToast={props.onToast} />;
  if (view.kind === "delete")
    return <DeleteDashboardModal dashboard={view.dashboard} onDone={backToList} onToast={props.onToast} />;
  return <DashboardListModal dashboards={props.dashboards} onClose={props.onClose} onView={setView} />;
}

function DashboardListModal(props: {
  dashboards: DashboardRow[];
  onClose: () => void;
  onView: (view: View) => void;
}) {
  const { t } = useTranslation();
  return (
    <Modal
      open
      onClose={props.onClose}
      title={t("adminCompanies.dashboards.title")}
      primaryAction={{
        content: t("adminCompanies.dashboards.add"),
        onAction: () => props.onView({ kind: "form", dashboard: null }),
      }}
      secondaryActions={[{ content: t("adminCompanies.form.close"), onAction: props.onClose }]}
    >
      {props.dashboards.length === 0 ? (
        <Modal.Section>
          <EmptyState heading={t("adminCompanies.dashboards.empty")} image="" />
        </Modal.Section>
      ) : (
        <ul className="admin-dashboard-list" style={{ listStyle: "none", margin: 0, padding: 0 }}>
          {props.dashboards.map((dashboard) => (
            <li key={dashboard.id}>
              <Box padding="400" borderBlockEndWidth="025" borderColor="border">
                <InlineStack align="space-between" blockAlign="center" wrap={false} gap="300">
                  <BlockStack gap="100">
                    <InlineStack gap="200" blockAlign="center">
                      <Text as="h3" variant="bodyMd" fontWeight="semibold">
                        {dashboard.name}
                      </Text>
                      {dashboard.isDefault ? (
                        <Badge tone="info">{t("adminCompanies.dashboards.defaultTag")}</Badge>
                      ) : null}
                    </InlineStack>
                    <Text as="span" variant="bodySm" tone="subdued">
                      {dashboard.id}
                    </Text>
                  </BlockStack>
                  <InlineStack gap="100" wrap={false}>
                    <Button
                      variant="tertiary"
                      icon={EditIcon}
                      accessibilityLabel={t("adminCompanies.dashboards.edit", { name: dashboard.name })}
                      onClick={() => props.onView({ kind: "form", dashboard })}
                    />
                    {dashboard.isDefault ? null : (
                      <Button
                        variant="tertiary"
                        tone="critical"
                        icon={DeleteIcon}
                        accessibilityLabel={t("adminCompanies.dashboards.delete", { name: dashboard.name })}
                        onClick={() => props.onView({ kind: "delete", dashboard })}
                      />
                    )}
                  </InlineStack>
                </InlineStack>
              </Box>
            </li>
          ))}
        </ul>
      )}
    </Modal>
  );
}

/** Add Dashboard or Edit Dashboard: name, id (fixed when editing) and an optional https embed URL. */
function DashboardFormModal(props: {
  dashboard: DashboardRow | null;
  onDone: () => void;
  onToast: (toast: Toast) => void;
}) {
  const { t } = useTranslation();
  const { dashboard, onDone, onToast } = props;
  const fetcher = useFetcher<DashboardData>();
  const formRef = useRef<HTMLFormElement>(null);
  const idle = fetcher.state === "idle";
  const [form, fields] = useForm({
    id: `admin-dashboard-form-${dashboard?.id ?? "new"}`,
    lastResult: idle ? fetcher.data?.result : undefined,
    defaultValue: dashboard
      ? { id: dashboard.id, name: dashboard.name, embedUrl: dashboard.embedUrl ?? "" }
      : undefined,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: dashboardFormSchema }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  useEffect(() => {
    const answer = fetcher.data;
    if (!answer || fetcher.state !== "idle") return;
    if (answer.toast) onToast(answer.toast);
    if (answer.done) onDone();
  }, [fetcher.data, fetcher.state, onToast, onDone]);
  return (
    <Modal
      open
      onClose={onDone}
      title={dashboard ? t("adminCompanies.dashboards.editTitle") : t("adminCompanies.dashboards.addTitle")}
      primaryAction={{
        content: t("adminCompanies.form.save"),
        loading: !idle,
        onAction: () => formRef.current?.requestSubmit(),
      }}
      secondaryActions={[{ content: t("adminCompanies.dashboards.back"), onAction: onDone }]}
    >
      <Modal.Section>
        <fetcher.Form method="post" action={DASHBOARDS_ACTION} {...getFormProps(form)} ref={formRef}>
          <input type="hidden" name="intent" value={dashboard ? "update" : "create"} />
          {/* A read-only field is still submitted; the server never changes an id either. */}
          <BlockStack gap="400">
            <FormTextField
              meta={fields.name}
              label={t("adminCompanies.dashboards.name")}
              autoComplete="off"
              autoFocus
            />
            <FormTextField
              meta={fields.id}
              label={t("adminCompanies.dashboards.id")}
              autoComplete="off"
              readOnly={dashboard !== null}
              helpText={dashboard ? t("adminCompanies.dashboards.idLocked") : undefined}
            />
            <FormTextField
              meta={fields.embedUrl}
              label={t("adminCompanies.dashboards.embedUrl")}
              type="url"
              autoComplete="off"
              helpText={t("adminCompanies.dashboards.embedUrlHelp")}
            />
          </BlockStack>
        </fetcher.Form>
      </Modal.Section>
    </Modal>
  );
}

function DeleteDashboardModal(props: {
  dashboard: DashboardRow;
  onDone: () => void;
  onToast: (toast: Toast) => void;
}) {
  const { t } = useTranslation();
  const { onDone, onToast } = props;
  const fetcher = useFetcher<DashboardData>();
  useEffect(() => {
    const answer = fetcher.data;
    if (!answer || fetcher.state !== "idle") return;
    if (answer.toast) onToast(answer.toast);
    onDone();
  }, [fetcher.data, fetcher.state, onToast, onDone]);
  return (
    <ConfirmModal
      open
      title={t("adminCompanies.dashboards.deleteConfirm")}
      message={t("adminCompanies.dashboards.deleteHelp")}
      loading={fetcher.state !== "idle"}
      onClose={onDone}
      onConfirm={() =>
        fetcher.submit(
          { intent: "delete", id: props.dashboard.id },
          { method: "post", action: DASHBOARDS_ACTION },
        )
      }
    />
  );
}

import { getFormProps, type SubmissionResult, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { BlockStack, Modal, Text } from "@shopify/polaris";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useFetcher } from "react-router";
import type { CompanyListRow } from "~/domain/admin/companies.server";
import { updateDashboardSchema } from "~/domain/admin/company-admin-schemas";
import type { DashboardRow } from "~/domain/admin/dashboards.server";
import type { Toast } from "~/ui/toast";
import { COMPANIES_ACTION } from "./company-add-modal";
import { FormSelect } from "./company-form-fields";

type DashboardData = { intent: string; result?: SubmissionResult<string[]>; done?: boolean; toast?: Toast };

/** Update Account Dashboard: one of the dashboards, the default preselected for a company without one. */
export function CompanyDashboardModal(props: {
  company: CompanyListRow;
  dashboards: DashboardRow[];
  onClose: () => void;
  onToast: (toast: Toast) => void;
}) {
  const { t } = useTranslation();
  const { company, onClose, onToast } = props;
  const fetcher = useFetcher<DashboardData>();
  const formRef = useRef<HTMLFormElement>(null);
  const fallback = props.dashboards.find((d) => d.isDefault)?.id ?? "";
  const [dashboardId, setDashboardId] = useState(company.dashboardId ?? fallback);
  const idle = fetcher.state === "idle";
  const [form, fields] = useForm({
    id: `admin-dashboard-${company.id}`,
    lastResult: idle ? fetcher.data?.result : undefined,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: updateDashboardSchema }),
    shouldValidate: "onSubmit",
  });
  useEffect(() => {
    const answer = fetcher.data;
    if (!answer || fetcher.state !== "idle") return;
    if (answer.toast) onToast(answer.toast);
    if (answer.done) onClose();
  }, [fetcher.data, fetcher.state, onToast, onClose]);
  return (
    <Modal
      open
      onClose={onClose}
      title={t("adminCompanies.dashboard.title")}
      primaryAction={{
        content: t("adminCompanies.form.save"),
        loading: !idle,
        onAction: () => formRef.current?.requestSubmit(),
      }}
      secondaryActions={[{ content: t("adminCompanies.form.cancel"), onAction: onClose }]}
    >
      <Modal.Section>
        <fetcher.Form method="post" action={COMPANIES_ACTION} {...getFormProps(form)} ref={formRef}>
          <input type="hidden" name="intent" value="dashboard" />
          <input type="hidden" name="accountId" value={company.id} />
          <BlockStack gap="400">
            <Text as="p" tone="subdued">
              {t("adminCompanies.status.company", { company: company.company })}
            </Text>
            <FormSelect
              meta={fields.dashboardId}
              label={t("adminCompanies.form.accountDashboard")}
              placeholder={t("adminCompanies.form.selectDashboard")}
              options={props.dashboards.map((d) => ({ label: d.name, value: d.id }))}
              value={dashboardId}
              onChange={setDashboardId}
            />
          </BlockStack>
        </fetcher.Form>
      </Modal.Section>
    </Modal>
  );
}

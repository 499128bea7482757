import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { CompanyListRow } from "~/domain/admin/companies.server";
import { updateDashboardSchema } from "~/domain/admin/company-admin-schemas";
import type { DashboardRow } from "~/domain/admin/dashboards.server";
import type { Toast } from "~/ui/toast";
import { DashboardSelect } from "./company-form-fields";
import { CompanyFormModal, useCompanyFormFetcher } from "./company-form-modal";

/** Update Account Dashboard: one of the dashboards, the default preselected for a company without one. */
export function CompanyDashboardModal(props: {
  company: CompanyListRow;
  dashboards: DashboardRow[];
  onClose: () => void;
  onToast: (toast: Toast) => void;
}) {
  const { t } = useTranslation();
  const { company, onClose, onToast } = props;
  const fetcher = useCompanyFormFetcher(onToast, onClose);
  const fallback = props.dashboards.find((d) => d.isDefault)?.id ?? "";
  const [dashboardId, setDashboardId] = useState(company.dashboardId ?? fallback);
  const idle = fetcher.state === "idle";
  const [form, fields] = useForm({
    id: `admin-dashboard-${company.id}`,
    lastResult: idle ? fetcher.data?.result : undefined,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: updateDashboardSchema }),
    shouldValidate: "onSubmit",
  });
  return (
    <CompanyFormModal
      title={t("adminCompanies.dashboard.title")}
      intent="dashboard"
      company={company}
      fetcher={fetcher}
      formProps={getFormProps(form)}
      onClose={onClose}
    >
      <DashboardSelect
        meta={fields.dashboardId}
        dashboards={props.dashboards}
        value={dashboardId}
        onChange={setDashboardId}
      />
    </CompanyFormModal>
  );
}

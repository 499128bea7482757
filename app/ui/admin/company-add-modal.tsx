import { getFormProps, type SubmissionResult, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Banner, BlockStack, Text } from "@shopify/polaris";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useFetcher } from "react-router";
import type { SubdomainPatterns } from "~/domain/accounts/schemas";
import {
  addCompanySchema,
  companySubdomainsSchema,
  type PlanOption,
} from "~/domain/admin/company-admin-schemas";
import type { DashboardRow } from "~/domain/admin/dashboards.server";
import { FormTextField } from "~/ui/fields";
import { Modal } from "~/ui/modal";
import type { Toast } from "~/ui/toast";
import { DashboardSelect, StatusFields } from "./company-form-fields";
import { type LateStartCheckoutAnswer, LateStartCheckoutNotice } from "./late-start-checkout";

export const COMPANIES_ACTION = "/resources/admin/companies";

type AddCompanyData = {
  intent: string;
  result?: SubmissionResult<string[]>;
  saved?: { accountId: string; company: string };
  partial?: boolean;
  toast?: Toast;
  checkout?: LateStartCheckoutAnswer;
};

/**
 * Add Company: name, URL, status, dashboard and both subdomains. When the company is saved but a
 * subdomain is not, the alert of spec 1 section 4 shows with the field errors, the company's own
 * fields lock, and saving again retries the subdomains of that same company.
 */
export function AddCompanyModal(props: {
  patterns: SubdomainPatterns;
  dashboards: DashboardRow[];
  plans: PlanOption[];
  onClose: () => void;
  onToast: (toast: Toast) => void;
}) {
  const { t } = useTranslation();
  const fetcher = useFetcher<AddCompanyData>();
  const formRef = useRef<HTMLFormElement>(null);
  const [saved, setSaved] = useState<AddCompanyData["saved"] | null>(null);
  const [succeeded, setSucceeded] = useState(false);
  const [checkout, setCheckout] = useState<LateStartCheckoutAnswer | null>(null);
  const [status, setStatus] = useState("");
  const [dashboardId, setDashboardId] = useState("");
  const [planId, setPlanId] = useState("");
  const idle = fetcher.state === "idle";
  const schema = saved ? companySubdomainsSchema(props.patterns) : addCompanySchema(props.patterns);
  const [form, fields] = useForm({
    id: "admin-add-company",
    lastResult: idle ? fetcher.data?.result : undefined,
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  const { onToast } = props;
  useEffect(() => {
    const answer = fetcher.data;
    if (!answer || fetcher.state !== "idle") return;
    if (answer.saved) setSaved(answer.saved);
    if (answer.checkout) setCheckout(answer.checkout);
    if (answer.partial === false) setSucceeded(true);
    if (answer.toast) onToast(answer.toast);
  }, [fetcher.data, fetcher.state, onToast]);

  if (succeeded) {
    return (
      <Modal
        open
        onClose={props.onClose}
        title={t("adminCompanies.add.successTitle")}
        primaryAction={{ content: t("adminCompanies.form.ok"), onAction: props.onClose }}
      >
        <Modal.Section>
          <BlockStack gap="400">
            <Text as="p" variant="headingMd">
              {t("adminCompanies.add.success")}
            </Text>
            {checkout && saved ? (
              <LateStartCheckoutNotice company={saved.company} checkout={checkout} />
            ) : null}
          </BlockStack>
        </Modal.Section>
      </Modal>
    );
  }

  const locked = saved !== null;
  return (
    <Modal
      open
      onClose={props.onClose}
      title={t("adminCompanies.add.title")}
      primaryAction={{
        content: locked ? t("adminCompanies.add.retrySubdomains") : t("adminCompanies.form.submit"),
        loading: !idle,
        onAction: () => formRef.current?.requestSubmit(),
      }}
      secondaryActions={[{ content: t("adminCompanies.form.cancel"), onAction: props.onClose }]}
    >
      <Modal.Section>
        <fetcher.Form method="post" action={COMPANIES_ACTION} {...getFormProps(form)} ref={formRef}>
          <input type="hidden" name="intent" value={locked ? "subdomains" : "create"} />
          {saved ? <input type="hidden" name="accountId" value={saved.accountId} /> : null}
          <BlockStack gap="400">
            {saved ? (
              <Banner tone="critical">
                <p>{t("adminCompanies.add.partialSave", { name: saved.company })}</p>
              </Banner>
            ) : null}
            <FormTextField
              meta={fields.company}
              label={t("adminCompanies.form.companyName")}
              autoComplete="off"
              autoFocus
              disabled={locked}
            />
            <FormTextField
              meta={fields.url}
              label={t("adminCompanies.form.companyUrl")}
              autoComplete="off"
              disabled={locked}
            />
            <StatusFields
              fields={fields}
              plans={props.plans}
              pickContext={{ mode: "create" }}
              status={status}
              onStatusChange={setStatus}
              planId={planId}
              onPlanChange={setPlanId}
              initialManualBilling={false}
              withPlaceholder
              disabled={locked}
            />
            <DashboardSelect
              meta={fields.dashboardId}
              dashboards={props.dashboards}
              value={dashboardId}
              onChange={setDashboardId}
              disabled={locked}
            />
            <FormTextField
              meta={fields.linkShortenerSubdomain}
              label={t("adminCompanies.form.linkShortenerSubdomain")}
              autoComplete="off"
              allErrors
            />
            <FormTextField
              meta={fields.chatstreamSubdomain}
              label={t("adminCompanies.form.chatstreamSubdomain")}
              autoComplete="off"
              allErrors
            />
          </BlockStack>
        </fetcher.Form>
      </Modal.Section>
    </Modal>
  );
}

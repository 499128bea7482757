import { getFormProps, type SubmissionResult, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { BlockStack, Text } from "@shopify/polaris";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useFetcher } from "react-router";
import type { CompanyListRow } from "~/domain/admin/companies.server";
import { type PlanOption, updateStatusSchema } from "~/domain/admin/company-admin-schemas";
import { Modal } from "~/ui/modal";
import type { Toast } from "~/ui/toast";
import { COMPANIES_ACTION } from "./company-add-modal";
import { StatusFields } from "./company-form-fields";
import { type LateStartCheckoutAnswer, LateStartCheckoutNotice } from "./late-start-checkout";

type StatusData = {
  intent: string;
  result?: SubmissionResult<string[]>;
  done?: boolean;
  toast?: Toast;
  checkout?: LateStartCheckoutAnswer;
};

/**
 * Update Account Status. With LATE_START and a chosen plan, saving first asks the new-subscription
 * confirmation. The list is not reloaded at once: the tab refreshes it 1500 ms after the save.
 */
export function CompanyStatusModal(props: {
  company: CompanyListRow;
  plans: PlanOption[];
  onClose: () => void;
  onSaved: (toast: Toast) => void;
  onToast: (toast: Toast) => void;
}) {
  const { t } = useTranslation();
  const { company, onSaved, onToast, onClose } = props;
  const fetcher = useFetcher<StatusData>();
  const formRef = useRef<HTMLFormElement>(null);
  const confirmed = useRef(false);
  const [confirming, setConfirming] = useState(false);
  const [status, setStatus] = useState<string>(company.accountStatus);
  const [planId, setPlanId] = useState("");
  // After a LATE_START save with a plan: the checkout link to hand over (or why there is none).
  const [checkout, setCheckout] = useState<LateStartCheckoutAnswer | null>(null);
  const idle = fetcher.state === "idle";
  const [form, fields] = useForm({
    id: `admin-status-${company.id}`,
    lastResult: idle ? fetcher.data?.result : undefined,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: updateStatusSchema }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  useEffect(() => {
    const answer = fetcher.data;
    if (!answer || fetcher.state !== "idle") return;
    if (answer.done && answer.toast) {
      onSaved(answer.toast);
      if (answer.checkout) setCheckout(answer.checkout);
      else onClose();
    } else if (answer.toast) onToast(answer.toast);
  }, [fetcher.data, fetcher.state, onSaved, onToast, onClose]);

  const formProps = getFormProps(form);
  const onSubmit = (event: React.FormEvent<HTMLFormElement>) => {
    formProps.onSubmit(event);
    if (event.defaultPrevented) return;
    if (status === "LATE_START" && planId && !confirmed.current) {
      event.preventDefault();
      setConfirming(true);
      return;
    }
    confirmed.current = false;
  };

  const confirm = () => {
    setConfirming(false);
    confirmed.current = true;
    formRef.current?.requestSubmit();
  };
  if (checkout)
    return (
      <Modal
        open
        onClose={onClose}
        title={t("adminCompanies.status.title")}
        primaryAction={{ content: t("common.close"), onAction: onClose }}
      >
        <Modal.Section>
          <LateStartCheckoutNotice company={company.company} checkout={checkout} />
        </Modal.Section>
      </Modal>
    );
  // The new-subscription question replaces the form inside the same dialog; the form stays mounted
  // (hidden) so that what was chosen is what gets submitted.
  return (
    <Modal
      open
      onClose={onClose}
      title={t("adminCompanies.status.title")}
      primaryAction={
        confirming
          ? { content: t("common.yes"), onAction: confirm }
          : {
              content: t("adminCompanies.form.save"),
              loading: !idle,
              onAction: () => formRef.current?.requestSubmit(),
            }
      }
      secondaryActions={[
        confirming
          ? { content: t("common.no"), onAction: () => setConfirming(false) }
          : { content: t("adminCompanies.form.cancel"), onAction: onClose },
      ]}
    >
      <Modal.Section>
        {confirming ? <Text as="p">{t("adminCompanies.status.newSubscription")}</Text> : null}
        <div hidden={confirming}>
          <fetcher.Form
            method="post"
            action={COMPANIES_ACTION}
            {...formProps}
            onSubmit={onSubmit}
            ref={formRef}
            // The tab reloads the list 1500 ms after the save (spec 1 section 4), not at once.
            defaultShouldRevalidate={false}
          >
            <input type="hidden" name="intent" value="status" />
            <input type="hidden" name="accountId" value={company.id} />
            <BlockStack gap="400">
              <Text as="p" tone="subdued">
                {t("adminCompanies.status.company", { company: company.company })}
              </Text>
              <StatusFields
                fields={fields}
                plans={props.plans}
                pickContext={{ mode: "edit", source: company.source }}
                status={status}
                onStatusChange={setStatus}
                planId={planId}
                onPlanChange={setPlanId}
                initialManualBilling={company.manualBilling}
                initialLateStart={company.accountStatus === "LATE_START" ? company.lateStartDate : null}
              />
            </BlockStack>
          </fetcher.Form>
        </div>
      </Modal.Section>
    </Modal>
  );
}

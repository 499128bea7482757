import type { getFormProps, SubmissionResult } from "@conform-to/react";
import { BlockStack, Text } from "@shopify/polaris";
import { type ReactNode, useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { type FetcherWithComponents, useFetcher } from "react-router";
import type { CompanyListRow } from "~/domain/admin/companies.server";
import { Modal } from "~/ui/modal";
import type { Toast } from "~/ui/toast";
import { COMPANIES_ACTION } from "./company-add-modal";

/** What the Companies action answers a one-company form: the form's result, a toast, and whether it is done. */
export type CompanyFormAnswer = {
  intent: string;
  result?: SubmissionResult<string[]>;
  done?: boolean;
  toast?: Toast;
};

/** The form's fetcher: its toast is shown, and the modal closes once the action says it is done. */
export function useCompanyFormFetcher(onToast: (toast: Toast) => void, onClose: () => void) {
  const fetcher = useFetcher<CompanyFormAnswer>();
  useEffect(() => {
    const answer = fetcher.data;
    if (!answer || fetcher.state !== "idle") return;
    if (answer.toast) onToast(answer.toast);
    if (answer.done) onClose();
  }, [fetcher.data, fetcher.state, onToast, onClose]);
  return fetcher;
}

/**
 * A modal around one form for one company, posted to the Companies action with its intent: the
 * company's name on top, the fields below, Save (which submits the form) and Cancel.
 */
export function CompanyFormModal(props: {
  title: string;
  intent: string;
  company: CompanyListRow;
  fetcher: FetcherWithComponents<CompanyFormAnswer>;
  /** getFormProps(form) of the caller's conform form. */
  formProps: ReturnType<typeof getFormProps>;
  onClose: () => void;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const { fetcher, company } = props;
  const formRef = useRef<HTMLFormElement>(null);
  return (
    <Modal
      open
      onClose={props.onClose}
      title={props.title}
      primaryAction={{
        content: t("adminCompanies.form.save"),
        loading: fetcher.state !== "idle",
        onAction: () => formRef.current?.requestSubmit(),
      }}
      secondaryActions={[{ content: t("adminCompanies.form.cancel"), onAction: props.onClose }]}
    >
      <Modal.Section>
        <fetcher.Form method="post" action={COMPANIES_ACTION} {...props.formProps} ref={formRef}>
          <input type="hidden" name="intent" value={props.intent} />
          <input type="hidden" name="accountId" value={company.id} />
          <BlockStack gap="400">
            <Text as="p" tone="subdued">
              {t("adminCompanies.status.company", { company: company.company })}
            </Text>
            {props.children}
          </BlockStack>
        </fetcher.Form>
      </Modal.Section>
    </Modal>
  );
}

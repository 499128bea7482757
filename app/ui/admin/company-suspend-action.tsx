import { Button } from "@shopify/polaris";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useFetcher } from "react-router";
import { ConfirmModal } from "~/ui/confirm-modal";
import { type Toast, ToastView } from "~/ui/toast";

/** Suspends a company (its members see the Account Suspended page) or restores it, after a confirmation. */
export function CompanySuspendAction(props: {
  accountId: string;
  company: string;
  disabled: boolean;
  canWrite: boolean;
}) {
  const { t } = useTranslation();
  const fetcher = useFetcher<{ toast?: Toast }>();
  const [confirm, setConfirm] = useState(false);
  const values = { company: props.company };
  return (
    <>
      <Button
        size="slim"
        tone={props.disabled ? undefined : "critical"}
        variant="plain"
        disabled={!props.canWrite || fetcher.state !== "idle"}
        accessibilityLabel={t(
          props.disabled ? "adminCompanies.restoreCompanyLabel" : "adminCompanies.suspendCompanyLabel",
          values,
        )}
        onClick={() => setConfirm(true)}
      >
        {props.disabled ? t("adminCompanies.restoreCompany") : t("adminCompanies.suspendCompany")}
      </Button>
      <ConfirmModal
        open={confirm}
        message={t(
          props.disabled ? "adminCompanies.restoreConfirm" : "adminCompanies.suspendConfirm",
          values,
        )}
        destructive={!props.disabled}
        onClose={() => setConfirm(false)}
        onConfirm={() => {
          setConfirm(false);
          fetcher.submit(
            {
              intent: props.disabled ? "enable-company" : "disable-company",
              accountId: props.accountId,
              redirectTo: "/admin",
            },
            { method: "post", action: "/resources/admin/users" },
          );
        }}
      />
      <ToastView toast={fetcher.data?.toast} />
    </>
  );
}

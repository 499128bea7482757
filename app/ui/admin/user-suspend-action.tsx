import { Button, Tooltip } from "@shopify/polaris";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useFetcher } from "react-router";
import type { AdminUserRow } from "~/domain/admin/users.server";
import { ConfirmModal } from "~/ui/confirm-modal";
import { type Toast, ToastView } from "~/ui/toast";

/** Suspend or unsuspend one user, after a confirmation. Disabled for roadmins and on one's own row. */
export function UserSuspendAction({
  user,
  canWrite,
  isSelf,
  redirectTo,
}: {
  user: AdminUserRow;
  canWrite: boolean;
  isSelf: boolean;
  redirectTo: string;
}) {
  const { t } = useTranslation();
  const fetcher = useFetcher<{ toast?: Toast }>();
  const [confirming, setConfirming] = useState(false);
  const suspended = user.status === "suspended";
  const intent = suspended ? "unsuspend" : "suspend";
  const name = `${user.givenName} ${user.familyName}`;
  const button = (
    <Button
      size="slim"
      tone={suspended ? undefined : "critical"}
      disabled={!canWrite || isSelf || fetcher.state !== "idle"}
      onClick={() => setConfirming(true)}
      accessibilityLabel={`${t(`adminUsers.${intent}`)} ${user.email}`}
    >
      {t(`adminUsers.${intent}`)}
    </Button>
  );
  return (
    <>
      {isSelf && canWrite ? <Tooltip content={t("adminUsers.selfHelp")}>{button}</Tooltip> : button}
      <ConfirmModal
        open={confirming}
        title={t(`adminUsers.${intent}Title`)}
        message={t(`adminUsers.${intent}Confirm`, { name, email: user.email })}
        confirmLabel={t(`adminUsers.${intent}`)}
        destructive={!suspended}
        loading={fetcher.state !== "idle"}
        onClose={() => setConfirming(false)}
        onConfirm={() => {
          fetcher.submit(
            { intent, userId: user.id, redirectTo },
            { method: "post", action: "/resources/admin/users" },
          );
          setConfirming(false);
        }}
      />
      <ToastView toast={fetcher.data?.toast} />
    </>
  );
}

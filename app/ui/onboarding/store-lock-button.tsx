import { Button, Text } from "@shopify/polaris";
import { LockIcon } from "@shopify/polaris-icons";
import { type SVGProps, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { useFetcher } from "react-router";
import { Modal } from "~/ui/modal";
import { type Toast, ToastView } from "~/ui/toast";

/** An open padlock (Polaris has the closed one only), drawn like its LockIcon with the shackle raised. */
function UnlockedIcon(props: SVGProps<SVGSVGElement>) {
  return (
    <svg viewBox="0 0 20 20" aria-hidden="true" {...props}>
      <path d="M10.75 13.05a1.5 1.5 0 1 0-1.5 0v.45a.75.75 0 0 0 1.5 0v-.45Z" />
      <path
        fillRule="evenodd"
        d="M4 10a3 3 0 0 1 3-3h3.75V5.25a3.75 3.75 0 1 1 7.5 0v.5a.75.75 0 0 1-1.5 0v-.5a2.25 2.25 0 0 0-4.5 0V7h.75a3 3 0 0 1 3 3v4a3 3 0 0 1-3 3H7a3 3 0 0 1-3-3v-4Zm3-1.5A1.5 1.5 0 0 0 5.5 10v4A1.5 1.5 0 0 0 7 15.5h6a1.5 1.5 0 0 0 1.5-1.5v-4A1.5 1.5 0 0 0 13 8.5H7Z"
      />
    </svg>
  );
}

/**
 * Store mode on the admin Companies tab (spec 1 section 2): a company with a store shows a closed or
 * open padlock by its Id. The spec shows only unlocking ('Sure you want to unlock this account?');
 * locking mirrors it with its own confirmation, so an admin can put a store back in store mode.
 * Disabled for a roadmin; the server refuses them anyway (403).
 */
export function StoreLockButton(props: {
  accountId: string;
  company: string;
  locked: boolean;
  canWrite: boolean;
}) {
  const { t } = useTranslation();
  const fetcher = useFetcher<{ toast?: Toast; done?: boolean }>();
  const [confirm, setConfirm] = useState(false);
  const busy = fetcher.state !== "idle";
  useEffect(() => {
    if (fetcher.state === "idle" && fetcher.data?.done) setConfirm(false);
  }, [fetcher.state, fetcher.data]);
  const prefix = props.locked ? "unlock" : "lock";
  return (
    <>
      <Button
        variant="tertiary"
        size="slim"
        icon={props.locked ? LockIcon : UnlockedIcon}
        disabled={!props.canWrite || busy}
        accessibilityLabel={t(
          props.locked ? "shopifyOnboarding.admin.lockedLabel" : "shopifyOnboarding.admin.unlockedLabel",
          { company: props.company },
        )}
        onClick={() => setConfirm(true)}
      />
      <Modal
        open={confirm}
        onClose={() => setConfirm(false)}
        title={t(`shopifyOnboarding.admin.${prefix}Title`)}
        primaryAction={{
          content: t(
            props.locked ? "shopifyOnboarding.admin.confirmUnlock" : "shopifyOnboarding.admin.confirmLock",
          ),
          loading: busy,
          onAction: () =>
            fetcher.submit(
              { intent: "store-lock", accountId: props.accountId, locked: String(!props.locked) },
              { method: "post", action: "/resources/admin/companies" },
            ),
        }}
        secondaryActions={[
          { content: t("shopifyOnboarding.admin.cancel"), onAction: () => setConfirm(false) },
        ]}
      >
        <Modal.Section>
          <Text as="p">{t(`shopifyOnboarding.admin.${prefix}Body`)}</Text>
        </Modal.Section>
      </Modal>
      <ToastView toast={fetcher.data?.toast} />
    </>
  );
}

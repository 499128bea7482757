import { Text } from "@shopify/polaris";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { useBlocker } from "react-router";
import { Modal } from "~/ui/modal";

/**
 * The unsaved-changes guard (spec 3 section 2.2): leaving the builder with unsaved changes asks
 * first, inside the app (React Router's blocker) and when the tab is closed or reloaded.
 */
export function LeaveGuard({
  dirty,
  body,
}: {
  dirty: boolean /** What is lost, when not a form. */;
  body?: string;
}) {
  const { t } = useTranslation();
  // Only leaving the builder counts: a new form getting its ?id= stays on the page.
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => dirty && currentLocation.pathname !== nextLocation.pathname,
  );
  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener("beforeunload", warn);
    return () => window.removeEventListener("beforeunload", warn);
  }, [dirty]);
  return (
    <Modal
      open={blocker.state === "blocked"}
      onClose={() => blocker.reset?.()}
      title={t("forms.builder.leaveTitle")}
      primaryAction={{ content: t("forms.builder.stay"), onAction: () => blocker.reset?.() }}
      secondaryActions={[
        { content: t("forms.builder.leave"), destructive: true, onAction: () => blocker.proceed?.() },
      ]}
    >
      <Modal.Section>
        <Text as="p">{body ?? t("forms.builder.leaveBody")}</Text>
      </Modal.Section>
    </Modal>
  );
}

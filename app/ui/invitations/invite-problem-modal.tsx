import { Text } from "@shopify/polaris";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import { Modal } from "~/ui/modal";

/** Why an invitation link did nothing: another user's invitation, or one that no longer exists. */
export function InviteProblemModal({ problem }: { problem: "ineligible" | "not_found" | null }) {
  const { t } = useTranslation();
  const [, setSearchParams] = useSearchParams();
  const [open, setOpen] = useState(problem !== null);
  if (!problem) return null;
  const close = () => {
    setOpen(false);
    setSearchParams(
      (params) => {
        params.delete("invite");
        return params;
      },
      { replace: true },
    );
  };
  return (
    <Modal
      open={open}
      onClose={close}
      title={problem === "ineligible" ? t("invitations.ineligibleTitle") : t("invitations.notFoundTitle")}
      primaryAction={{ content: t("common.close"), onAction: close }}
    >
      <Modal.Section>
        <Text as="p">
          {problem === "ineligible" ? t("invitations.ineligible") : t("invitations.notFoundBody")}
        </Text>
      </Modal.Section>
    </Modal>
  );
}

import { BlockStack, Box, Button, InlineStack, Text } from "@shopify/polaris";
import { XIcon } from "@shopify/polaris-icons";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useFetcher, useNavigate } from "react-router";
import { Modal } from "~/ui/modal";

export type PendingInvitation = { id: string; company: string; invitedBy: string };
type Dialog = "invitation" | "decline" | null;

/**
 * The user menu's invitation banner for the newest invitation: Accept, View (or View all) and a
 * decline icon, with the invitation and decline-confirmation modals of spec 1 section 2.
 */
export function useInvitationPrompt(invitations: PendingInvitation[], onAction: () => void) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const fetcher = useFetcher();
  const [dialog, setDialog] = useState<Dialog>(null);
  const newest = invitations[0];
  const answer = (intent: "accept" | "decline") => {
    if (!newest) return;
    setDialog(null);
    fetcher.submit(
      { intent, inviteId: newest.id, redirectTo: "/" },
      { method: "post", action: "/resources/invitations" },
    );
  };

  const banner = newest ? (
    <Box padding="300" background="bg-surface-info" borderBlockEndWidth="025" borderColor="border">
      <BlockStack gap="200">
        <InlineStack align="space-between" blockAlign="start" wrap={false}>
          <Text as="p" variant="bodySm">
            {t("invitations.bannerText", { inviter: newest.invitedBy })} <strong>{newest.company}</strong>
          </Text>
          <Button
            variant="tertiary"
            icon={XIcon}
            accessibilityLabel={t("invitations.declineIcon")}
            onClick={() => {
              onAction();
              setDialog("decline");
            }}
          />
        </InlineStack>
        <InlineStack gap="200">
          <Button
            size="slim"
            variant="primary"
            loading={fetcher.state !== "idle"}
            onClick={() => answer("accept")}
          >
            {t("invitations.accept")}
          </Button>
          <Button
            size="slim"
            onClick={() => {
              onAction();
              if (invitations.length > 1) navigate("/settings?tab=personal&sub=invites");
              else setDialog("invitation");
            }}
          >
            {invitations.length > 1 ? t("invitations.viewAll") : t("invitations.view")}
          </Button>
        </InlineStack>
      </BlockStack>
    </Box>
  ) : null;

  const modals = newest ? (
    <>
      <Modal
        open={dialog === "invitation"}
        onClose={() => setDialog(null)}
        title={t("invitations.modalTitle")}
        primaryAction={{ content: t("invitations.accept"), onAction: () => answer("accept") }}
        secondaryActions={[{ content: t("invitations.decline"), onAction: () => setDialog("decline") }]}
      >
        <Modal.Section>
          <Text as="p">
            {t("invitations.bannerText", { inviter: newest.invitedBy })} <strong>{newest.company}</strong>
          </Text>
        </Modal.Section>
      </Modal>
      <Modal
        open={dialog === "decline"}
        onClose={() => setDialog(null)}
        title={t("invitations.modalTitle")}
        titleHidden
        primaryAction={{ content: t("common.yesSure"), destructive: true, onAction: () => answer("decline") }}
        secondaryActions={[{ content: t("common.no"), onAction: () => setDialog(null) }]}
      >
        <Modal.Section>
          <Text as="p">{t("invitations.declineConfirm")}</Text>
        </Modal.Section>
      </Modal>
    </>
  ) : null;

  return { banner, modals };
}

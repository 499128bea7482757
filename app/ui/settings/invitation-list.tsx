import { Button, InlineStack, ResourceItem, ResourceList, Text } from "@shopify/polaris";
import { useTranslation } from "react-i18next";
import { useFetcher } from "react-router";
import { EmptyMessage } from "~/ui/empty-message";
import { ToastView } from "~/ui/toast";

type Invitation = { id: string; company: string; invitedBy: string; createdAt: Date | string };

/** 'My Invite requests': invitations addressed to the user, each with Accept and Decline. */
export function InvitationList({ invitations, disabled }: { invitations: Invitation[]; disabled: boolean }) {
  const { t } = useTranslation();
  if (invitations.length === 0) {
    return <EmptyMessage heading={t("settings.noInvitations")} />;
  }
  return (
    <ResourceList
      resourceName={{ singular: t("invitations.modalTitle"), plural: t("invitations.modalTitle") }}
      items={invitations}
      renderItem={(invite) => <InvitationRow invite={invite} disabled={disabled} />}
    />
  );
}

function InvitationRow({ invite, disabled }: { invite: Invitation; disabled: boolean }) {
  const { t } = useTranslation();
  const fetcher = useFetcher<{ toast?: { message: string; error?: boolean } }>();
  const busy = fetcher.state !== "idle";
  const answer = (intent: "accept" | "decline") =>
    fetcher.submit(
      { intent, inviteId: invite.id, redirectTo: "/settings?tab=personal&sub=invites" },
      { method: "post", action: "/resources/invitations" },
    );
  return (
    <ResourceItem id={invite.id} onClick={() => {}} accessibilityLabel={invite.company}>
      <InlineStack align="space-between" blockAlign="center" gap="400">
        <div>
          <Text as="p" fontWeight="semibold">
            {invite.company}
          </Text>
          <Text as="p" tone="subdued" variant="bodySm">
            {t("settings.invitedBy", { name: invite.invitedBy })}
          </Text>
        </div>
        <InlineStack gap="200">
          <Button onClick={() => answer("decline")} disabled={disabled || busy}>
            {t("invitations.decline")}
          </Button>
          <Button
            variant="primary"
            onClick={() => answer("accept")}
            disabled={disabled || busy}
            loading={busy}
          >
            {t("invitations.accept")}
          </Button>
        </InlineStack>
      </InlineStack>
      <ToastView toast={fetcher.data?.toast} />
    </ResourceItem>
  );
}

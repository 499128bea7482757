import { ActionList, Avatar, Box, InlineStack, Popover, Text } from "@shopify/polaris";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Form } from "react-router";
import type { ViewerUser } from "~/domain/access/guard.server";
import { type PendingInvitation, useInvitationPrompt } from "~/ui/invitations/invitation-prompt";
import { LanguageSwitcher } from "~/ui/language-switcher";

/** Setup is the only way forward for a user without a company: the browser's Back stays here. */
export function useBlockBackNavigation() {
  useEffect(() => {
    window.history.pushState(null, "", window.location.href);
    const stay = () => window.history.pushState(null, "", window.location.href);
    window.addEventListener("popstate", stay);
    return () => window.removeEventListener("popstate", stay);
  }, []);
}

export function SetupHeader({ user, invitations }: { user: ViewerUser; invitations: PendingInvitation[] }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const name = `${user.givenName} ${user.familyName}`;
  const invitation = useInvitationPrompt(invitations, () => setOpen(false));
  return (
    <Box padding="400" background="bg-surface" borderBlockEndWidth="025" borderColor="border">
      <InlineStack align="space-between" blockAlign="center">
        <img src="/logo.svg" alt="" width={160} height={36} />
        <InlineStack gap="400" blockAlign="center">
          <LanguageSwitcher />
          <Popover
            active={open}
            onClose={() => setOpen(false)}
            preferredAlignment="right"
            activator={
              <button
                type="button"
                className="user-menu-activator"
                onClick={() => setOpen((v) => !v)}
                aria-label={t("shell.userMenu")}
                aria-expanded={open}
              >
                <InlineStack gap="200" blockAlign="center">
                  <span className="avatar-with-dot">
                    <Avatar size="sm" name={name} initials={initials(user)} />
                    {invitations.length > 0 ? (
                      <span className="badge-dot" aria-hidden="true" title={t("invitations.pendingDot")} />
                    ) : null}
                  </span>
                  <Text as="span">{name}</Text>
                </InlineStack>
              </button>
            }
          >
            {invitation.banner}
            <Box padding="300" minWidth="258px">
              <Text as="p" tone="subdued" variant="bodySm">
                {user.email}
              </Text>
            </Box>
            <Form method="post" action="/logout" id="setup-logout-form" />
            <ActionList
              items={[
                {
                  content: t("common.logoutShort"),
                  onAction: () =>
                    (document.getElementById("setup-logout-form") as HTMLFormElement).requestSubmit(),
                },
              ]}
            />
          </Popover>
          {invitation.modals}
        </InlineStack>
      </InlineStack>
    </Box>
  );
}

export function initials(user: { givenName: string; familyName: string }) {
  return `${user.givenName[0] ?? ""}${user.familyName[0] ?? ""}`.toUpperCase();
}

import { ActionList, Avatar, Box, Icon, InlineStack, Popover, Text } from "@shopify/polaris";
import { CheckIcon, ExitIcon, SettingsIcon, ShieldPersonIcon } from "@shopify/polaris-icons";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useFetcher, useNavigate, useSubmit } from "react-router";
import type { ShellData } from "~/domain/access/shell.server";
import { useInvitationPrompt } from "~/ui/invitations/invitation-prompt";
import { LanguageSwitcher } from "~/ui/language-switcher";
import { initials } from "~/ui/setup/setup-header";

export const USER_MENU_WIDTH = 258;
export const COMPANY_SWITCH_RELOAD_MS = 500;

export function UserMenu({ shell }: { shell: ShellData }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const navigate = useNavigate();
  const submit = useSubmit();
  const switcher = useFetcher();
  const name = `${shell.user.givenName} ${shell.user.familyName}`;
  const invitation = useInvitationPrompt(shell.invitations, () => setOpen(false));

  const switchTo = async (accountId: string) => {
    setOpen(false);
    await switcher.submit({ accountId }, { method: "post", action: "/resources/switch-account" });
    // Spec 1 section 4: reload at / after 500 ms, so every screen starts fresh in the new company.
    window.setTimeout(() => window.location.assign("/"), COMPANY_SWITCH_RELOAD_MS);
  };

  const sections = [
    {
      items: [
        ...(shell.permissions.adminView
          ? [{ content: t("shell.admin"), icon: ShieldPersonIcon, onAction: () => navigate("/admin") }]
          : []),
        { content: t("shell.settings"), icon: SettingsIcon, onAction: () => navigate("/settings") },
      ],
    },
    ...(shell.memberships.length > 1
      ? [
          {
            title: t("shell.yourOrganizations"),
            items: shell.memberships.map((m, index) => ({
              content: m.company,
              active: index === 0,
              suffix: index === 0 ? <Icon source={CheckIcon} /> : undefined,
              accessibilityLabel: index === 0 ? `${m.company} (${t("shell.activeOrganization")})` : m.company,
              onAction: () => (index === 0 ? setOpen(false) : void switchTo(m.accountId)),
            })),
          },
        ]
      : []),
    {
      items: [
        {
          content: t("common.logout"),
          icon: ExitIcon,
          onAction: () => submit(null, { method: "post", action: "/logout" }),
        },
      ],
    },
  ];

  return (
    <>
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
            <InlineStack gap="200" blockAlign="center" wrap={false}>
              <span className="avatar-with-dot">
                <Avatar size="sm" name={name} initials={initials(shell.user)} />
                {shell.invitations.length > 0 ? (
                  <span className="badge-dot" aria-hidden="true" title={t("invitations.pendingDot")} />
                ) : null}
              </span>
              <span className="shell-user-name">{name}</span>
            </InlineStack>
          </button>
        }
      >
        <div style={{ width: USER_MENU_WIDTH }}>
          {invitation.banner}
          <Box padding="300" borderBlockEndWidth="025" borderColor="border">
            <Text as="p" fontWeight="semibold">
              {name}
            </Text>
            <Text as="p" tone="subdued" variant="bodySm" breakWord>
              {shell.user.email}
            </Text>
            {shell.account ? (
              <Text as="p" tone="subdued" variant="bodySm">
                {shell.account.company}
              </Text>
            ) : null}
          </Box>
          <ActionList actionRole="menuitem" sections={sections} />
          <Box padding="300" borderBlockStartWidth="025" borderColor="border">
            <LanguageSwitcher />
          </Box>
        </div>
      </Popover>
      {invitation.modals}
    </>
  );
}

import { Button, InlineStack, Text } from "@shopify/polaris";
import { MenuIcon } from "@shopify/polaris-icons";
import { type ReactNode, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { useLocation } from "react-router";
import type { ShellData } from "~/domain/access/shell.server";
import { InviteProblemModal } from "~/ui/invitations/invite-problem-modal";
import { useLiveUpdates } from "~/ui/use-live-updates";
import { useEmbedded } from "./embedded";
import { EmbeddedShell } from "./embedded-shell";
import { ShellFooter } from "./footer";
import { unpaddedPaths } from "./menu";
import { Sidebar } from "./sidebar";
import { StatusBanner } from "./status-banner";
import { TermsModal } from "./terms-modal";
import { UserMenu } from "./user-menu";
import { ViewAsChip } from "./view-as-chip";

const COLLAPSE_KEY = "blusteam.sidebarCollapsed";
const PHONE = "(max-width: 767.98px)";

export function AppShell({ shell, children }: { shell: ShellData; children: ReactNode }) {
  // Inside the Shopify admin, App Bridge's menu and title bar take the sidebar's and header's place.
  if (useEmbedded()) return <EmbeddedShell shell={shell}>{children}</EmbeddedShell>;
  return <StandaloneShell shell={shell}>{children}</StandaloneShell>;
}

function StandaloneShell({ shell, children }: { shell: ShellData; children: ReactNode }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const [collapsed, setCollapsed] = useState(false);
  useLiveUpdates();
  // The user's choice when they made one; otherwise collapsed on a phone, where the 250 px sidebar
  // would leave the page a sliver of the screen.
  useEffect(() => {
    const stored = window.localStorage.getItem(COLLAPSE_KEY);
    setCollapsed(stored === null ? window.matchMedia(PHONE).matches : stored === "true");
  }, []);
  const toggle = () => {
    setCollapsed((value) => {
      window.localStorage.setItem(COLLAPSE_KEY, String(!value));
      return !value;
    });
  };
  return (
    <div className="shell" data-collapsed={collapsed}>
      <Sidebar roles={shell.roles} collapsed={collapsed} />
      <div className="shell-body">
        <header className="shell-header" data-production-warning={shell.productionWarning}>
          <InlineStack align="space-between" blockAlign="center" wrap={false}>
            <InlineStack gap="300" blockAlign="center" wrap={false}>
              <Button
                variant="tertiary"
                icon={MenuIcon}
                onClick={toggle}
                accessibilityLabel={collapsed ? t("nav.expand") : t("nav.collapse")}
                ariaExpanded={!collapsed}
              />
              {shell.roles.includes("admin") ? (
                <Text as="span" variant="headingMd">
                  {t("shell.adminLabel")}
                </Text>
              ) : null}
              {shell.viewAs && shell.account ? (
                <ViewAsChip mode={shell.viewAs} company={shell.account.company} />
              ) : null}
            </InlineStack>
            <UserMenu shell={shell} />
          </InlineStack>
        </header>
        {shell.account ? (
          <StatusBanner
            status={shell.account.accountStatus}
            lateStartDate={shell.account.lateStartDate}
            billingPortal={shell.account.billingPortal}
          />
        ) : null}
        <div className={unpaddedPaths.has(pathname) ? "shell-content" : "shell-content shell-content-padded"}>
          {children}
        </div>
        <ShellFooter />
      </div>
      {shell.termsAcceptanceNeeded ? <TermsModal canAccept={shell.permissions.acceptTerms} /> : null}
      <InviteProblemModal problem={shell.inviteProblem} />
    </div>
  );
}

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
  const phone = usePhone();
  // On a phone the sidebar is off screen until the menu button opens it over the page (as Polaris'
  // Frame does with showMobileNavigation), so the page keeps the whole width of the screen.
  const [mobileNavOpen, setMobileNavOpen] = useState(false);
  useLiveUpdates();
  // The user's choice on a wide screen; a phone ignores it (the sidebar is a drawer there).
  useEffect(() => {
    setCollapsed(window.localStorage.getItem(COLLAPSE_KEY) === "true");
  }, []);
  // Following a link, or growing past phone size, closes the drawer.
  // biome-ignore lint/correctness/useExhaustiveDependencies: pathname is the trigger, not an input
  useEffect(() => setMobileNavOpen(false), [pathname, phone]);
  useEffect(() => {
    if (!mobileNavOpen) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === "Escape") setMobileNavOpen(false);
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [mobileNavOpen]);
  const toggle = () => {
    if (phone) {
      setMobileNavOpen((open) => !open);
      return;
    }
    setCollapsed((value) => {
      window.localStorage.setItem(COLLAPSE_KEY, String(!value));
      return !value;
    });
  };
  const expanded = phone ? mobileNavOpen : !collapsed;
  const toggleLabel = phone
    ? mobileNavOpen
      ? t("nav.closeMenu")
      : t("nav.openMenu")
    : collapsed
      ? t("nav.expand")
      : t("nav.collapse");
  return (
    <div className="shell" data-collapsed={collapsed} data-mobile-nav-open={mobileNavOpen}>
      <Sidebar roles={shell.roles} collapsed={!phone && collapsed} />
      {mobileNavOpen ? (
        // A tap beside the open menu closes it; the keyboard has Escape and the menu button.
        <div className="shell-backdrop" aria-hidden="true" onClick={() => setMobileNavOpen(false)} />
      ) : null}
      <div className="shell-body">
        <header className="shell-header" data-production-warning={shell.productionWarning}>
          <InlineStack align="space-between" blockAlign="center" wrap={false}>
            <div className="shell-header-start">
              <Button
                variant="tertiary"
                icon={MenuIcon}
                onClick={toggle}
                accessibilityLabel={toggleLabel}
                ariaExpanded={expanded}
                ariaControls="main-menu"
              />
              {shell.roles.includes("admin") ? (
                <span className="shell-admin-label">
                  <Text as="span" variant="headingMd">
                    {t("shell.adminLabel")}
                  </Text>
                </span>
              ) : null}
              {shell.viewAs && shell.account ? (
                <ViewAsChip mode={shell.viewAs} company={shell.account.company} />
              ) : null}
            </div>
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

/** True below 768 px (after hydration; the server renders the wide layout and CSS hides the sidebar). */
function usePhone() {
  const [phone, setPhone] = useState(false);
  useEffect(() => {
    const query = window.matchMedia(PHONE);
    setPhone(query.matches);
    const onChange = () => setPhone(query.matches);
    query.addEventListener("change", onChange);
    return () => query.removeEventListener("change", onChange);
  }, []);
  return phone;
}

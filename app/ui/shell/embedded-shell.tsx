import { NavMenu, TitleBar } from "@shopify/app-bridge-react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Link, useLocation } from "react-router";
import type { ShellData } from "~/domain/access/shell.server";
import { asI18nKey } from "~/i18n/keys";
import { InviteProblemModal } from "~/ui/invitations/invite-problem-modal";
import { useLiveUpdates } from "~/ui/use-live-updates";
import { useEmbeddedHref } from "./embedded";
import { ShellFooter } from "./footer";
import { activeMenuUrl, type MenuItem, unpaddedPaths, visibleMenuItems } from "./menu";
import { StatusBanner } from "./status-banner";
import { TermsModal } from "./terms-modal";

/** Settings lives in the account menu of the standalone header; inside the admin it is a menu item. */
const SETTINGS: Pick<MenuItem, "labelKey" | "url"> = { labelKey: "shell.settings", url: "/settings" };

/**
 * The shell inside the Shopify admin: no sidebar and no header of our own. The menu goes to the
 * admin's navigation (App Bridge's ui-nav-menu: its first link, rel="home", is the app's name) and
 * the screen's name to the admin's title bar; the account menu has no place there (the admin signs
 * the staff member in, the shop decides the company). Banners, terms and the footer stay.
 */
export function EmbeddedShell({ shell, children }: { shell: ShellData; children: ReactNode }) {
  const { t, i18n } = useTranslation();
  const { pathname } = useLocation();
  const href = useEmbeddedHref();
  useLiveUpdates();
  const items = [...visibleMenuItems(shell.roles, i18n.language), SETTINGS];
  const home = items.find((item) => item.url === "/");
  const active = activeMenuUrl(pathname, items as MenuItem[]);
  const title = items.find((item) => item.url === active);
  return (
    <div className="shell-embedded">
      <NavMenu>
        <Link to={href("/")} rel="home">
          {t(asI18nKey(home?.labelKey ?? "nav.analytics"))}
        </Link>
        {items
          .filter((item) => item.url !== "/")
          .map((item) => (
            <Link key={item.url} to={href(item.url)}>
              {t(asI18nKey(item.labelKey))}
            </Link>
          ))}
      </NavMenu>
      <TitleBar title={title ? t(asI18nKey(title.labelKey)) : shell.product} />
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
      {shell.termsAcceptanceNeeded ? <TermsModal canAccept={shell.permissions.acceptTerms} /> : null}
      <InviteProblemModal problem={shell.inviteProblem} />
    </div>
  );
}

import { Icon, Tooltip } from "@shopify/polaris";
import { useTranslation } from "react-i18next";
import { useLocation } from "react-router";
import { asI18nKey } from "~/i18n/keys";
import { AppLink } from "~/ui/app-link";
import { activeMenuUrl, visibleMenuItems } from "./menu";

export const SIDEBAR_EXPANDED_WIDTH = 250;
export const SIDEBAR_COLLAPSED_WIDTH = 80;

export function Sidebar({ roles, collapsed }: { roles: readonly string[]; collapsed: boolean }) {
  const { t, i18n } = useTranslation();
  const { pathname } = useLocation();
  const items = visibleMenuItems(roles, i18n.language);
  const active = activeMenuUrl(pathname, items);
  return (
    <nav
      id="main-menu"
      className="shell-sidebar"
      data-collapsed={collapsed}
      style={{ width: collapsed ? SIDEBAR_COLLAPSED_WIDTH : SIDEBAR_EXPANDED_WIDTH }}
      aria-label={t("nav.mainMenu")}
    >
      <AppLink to="/" className="shell-logo" aria-label={t("nav.analytics")}>
        <img src={collapsed ? "/logo-mark.svg" : "/logo.svg"} alt="" height={collapsed ? 32 : 36} />
      </AppLink>
      <ul className="shell-menu">
        {items.map((item) => {
          const label = t(asI18nKey(item.labelKey));
          const link = (
            <AppLink
              to={item.url}
              className="shell-menu-link"
              // One item is current, even on a path under another's (WebChat's on /webchat/inbox).
              aria-current={active === item.url ? "page" : undefined}
              aria-label={collapsed ? label : undefined}
            >
              <span className="shell-menu-icon">
                <Icon source={item.icon} />
              </span>
              {collapsed ? null : <span>{label}</span>}
            </AppLink>
          );
          return (
            <li key={item.url}>
              {collapsed ? (
                <Tooltip content={label} preferredPosition="mostSpace">
                  {link}
                </Tooltip>
              ) : (
                link
              )}
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

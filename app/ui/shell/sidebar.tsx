import { Icon, Tooltip } from "@shopify/polaris";
import { useTranslation } from "react-i18next";
import { NavLink, useLocation } from "react-router";
import { asI18nKey } from "~/i18n/keys";
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
      <NavLink to="/" className="shell-logo" aria-label={t("nav.analytics")}>
        <img src={collapsed ? "/logo-mark.svg" : "/logo.svg"} alt="" height={collapsed ? 32 : 36} />
      </NavLink>
      <ul className="shell-menu">
        {items.map((item) => {
          const label = t(asI18nKey(item.labelKey));
          const link = (
            <NavLink
              to={item.url}
              className="shell-menu-link"
              // false, not undefined: NavLink would otherwise mark every prefix of the path as current
              // (WebChat on /webchat/inbox, whose own item is the current one).
              aria-current={active === item.url ? "page" : false}
              aria-label={collapsed ? label : undefined}
            >
              <span className="shell-menu-icon">
                <Icon source={item.icon} />
              </span>
              {collapsed ? null : <span>{label}</span>}
            </NavLink>
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

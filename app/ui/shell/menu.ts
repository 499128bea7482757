import {
  AppsIcon,
  ChartVerticalIcon,
  ChatIcon,
  FormsIcon,
  PersonIcon,
  ProductIcon,
  QuestionCircleIcon,
  TargetIcon,
} from "@shopify/polaris-icons";

export type MenuItem = {
  labelKey: string;
  url: string;
  icon: typeof AppsIcon;
  only?: "admin" | "beta";
  // The French interface has no chat item (spec 1 section 1).
  languages?: readonly string[];
};

/** The sidebar, in the order of spec 1 section 2. */
export const menuItems: MenuItem[] = [
  { labelKey: "nav.analytics", url: "/", icon: ChartVerticalIcon },
  { labelKey: "nav.touchpoints", url: "/touchpoints", icon: TargetIcon },
  { labelKey: "nav.products", url: "/product", icon: ProductIcon },
  { labelKey: "nav.contacts", url: "/contacts", icon: PersonIcon },
  { labelKey: "nav.webchat", url: "/webchat", icon: ChatIcon, only: "beta" },
  // The company's web chat conversations (issue 17), beside the editors of its chat.
  { labelKey: "chatApp.inbox.title", url: "/webchat/inbox", icon: ChatIcon, only: "beta" },
  { labelKey: "nav.chat", url: "/chat-interface", icon: ChatIcon, only: "admin", languages: ["en"] },
  { labelKey: "nav.forms", url: "/contact-form", icon: FormsIcon },
  { labelKey: "nav.support", url: "/support", icon: QuestionCircleIcon },
  { labelKey: "nav.integrations", url: "/integration", icon: AppsIcon },
];

export function visibleMenuItems(roles: readonly string[], language: string) {
  return menuItems.filter(
    (item) =>
      (!item.only || roles.includes(item.only)) && (!item.languages || item.languages.includes(language)),
  );
}

/** The menu item a path belongs to: the longest matching prefix, "/" only for the home page. */
export function activeMenuUrl(pathname: string, items: MenuItem[]) {
  const matches = items.filter((i) => (i.url === "/" ? pathname === "/" : pathname.startsWith(i.url)));
  return matches.sort((a, b) => b.url.length - a.url.length)[0]?.url ?? null;
}

/** Content padding is left out on these screens (spec 1 section 2). */
export const unpaddedPaths = new Set(["/", "/touchpoints", "/touchpoints/workflow"]);

import { ownEntry } from "~/domain/kernel/own-entry";
import type en from "~/i18n/en/page-titles";
import { fallbackLanguage, isLanguage, resources } from "~/i18n/resources";

export type PageTitleKey = Exclude<keyof typeof en, "separator">;

/**
 * The name of each screen by its URL (app/routes.ts), for the browser's tab and history: root's
 * `meta` puts it before the product name ('Contacts · Blusteam'). A new screen adds its line here;
 * a screen that wants a title of its own (a contact's name) exports `meta` using pageTitle().
 */
export const screenTitles: Record<string, PageTitleKey> = {
  "/": "home",
  "/touchpoints": "touchpoints",
  "/touchpoints/workflow": "workflow",
  "/touchpoint-detail": "touchpointDetail",
  "/product": "products",
  "/product-detail": "productDetail",
  "/product-mapping": "productMapping",
  "/contacts": "contacts",
  "/contacts/create-contact": "createContact",
  "/contacts-detail": "contactDetail",
  "/contacts/contact-detail": "contactDetail",
  "/contact-form": "forms",
  "/contact-form/contact-form-builder": "formBuilder",
  "/support": "support",
  "/settings": "settings",
  "/responsive-billingpage": "billing",
  "/billingpage": "billing",
  "/billingiframe": "billing",
  "/integration": "integrations",
  "/webchat": "webchat",
  "/webchat/email-templates": "emailTemplates",
  "/webchat/branding": "branding",
  // An unknown tab of the web chat area (the tabs marked as an error).
  "/webchat/*": "webchat",
  "/webchat/inbox": "chatInbox",
  "/chat-interface": "chat",
  "/admin": "admin",
  "/signin": "login",
  "/login": "login",
  "/signup": "signup",
  "/confirm_sign_up": "confirmSignUp",
  "/forgot-password": "forgotPassword",
  "/reset-password": "resetPassword",
  "/set-new-password": "setNewPassword",
  "/suspended": "suspended",
  "/termsandCondition": "terms",
  "/privacy": "privacy",
  "/setup": "setup",
  "/invitation-link": "invitation",
  "/unboxing-tour": "onboarding",
  "/dev/outbox": "outbox",
};

function textsOf(locale: string | undefined) {
  return resources[isLanguage(locale) ? locale : fallbackLanguage].translation.pageTitles;
}

/** '{title} · {product}' in the page's language: the document title of a screen. */
export function pageTitle(title: string, product: string, locale?: string): string {
  return textsOf(locale).separator.replace("{{title}}", title).replace("{{product}}", product);
}

/** The document title of the screen at `pathname`, or the product name alone for a URL without one. */
export function screenTitle(pathname: string, product: string, locale?: string): string {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, "") : pathname;
  const key = ownEntry(screenTitles, path);
  return key ? pageTitle(textsOf(locale)[key], product, locale) : product;
}

import type { Permission } from "./permissions";

/**
 * Signed-in screens whose content a later issue builds: their title (i18n key) and who may open
 * them. `companyRequired: false` screens also open for platform staff who belong to no company.
 */
export type PendingScreen = { title: string; permission?: Permission; companyRequired?: boolean };

export const pendingScreens: Record<string, PendingScreen> = {
  "/contact-form": { title: "screens.forms" },
  "/contact-form/contact-form-builder": { title: "screens.formBuilder" },
  "/webchat/email-templates": { title: "screens.emailTemplates", permission: "beta.view" },
  "/webchat/branding": { title: "screens.branding", permission: "beta.view" },
  "/unboxing-tour": { title: "screens.unboxingTour", companyRequired: false },
};

export const publicPendingScreens: Record<string, string> = {
  "/shopify-install": "screens.shopifyInstall",
  "/shopify-redirect": "screens.shopifyInstall",
};

import { z } from "zod";
import { COMPANY_NAME_PATTERN, COMPANY_URL_PATTERN } from "~/domain/accounts/schemas";

// The forms of /unboxing-tour (spec 1 sections 2, 4 and 5). Shared by the server and the browser.

/** 'Create a new Organization': the setup page's name and URL rules and messages; no subdomains here. */
export const createStoreCompanySchema = z.object({
  intent: z.literal("create"),
  company: z
    .string({ error: "validation.companyNameRequired" })
    .trim()
    .min(1, "validation.companyNameRequired")
    .regex(COMPANY_NAME_PATTERN, "validation.companyNameInvalid"),
  url: z
    .string({ error: "validation.companyUrlRequired" })
    .trim()
    .min(1, "validation.companyUrlRequired")
    .regex(COMPANY_URL_PATTERN, "validation.urlInvalid"),
});

export const linkStoreSchema = z.object({
  intent: z.literal("link"),
  accountId: z
    .string({ error: "shopifyOnboarding.link.chooseOrganization" })
    .trim()
    .min(1, "shopifyOnboarding.link.chooseOrganization"),
});

/** Shopify product gids; the server re-reads them from the store, so only their shape is checked here. */
export const SHOPIFY_PRODUCT_GID = /^gid:\/\/shopify\/Product\/\d+$/;
export const MAX_PICKED_PRODUCTS = 250;

export const submitProductsSchema = z.object({
  intent: z.literal("products"),
  productIds: z
    .array(z.string().regex(SHOPIFY_PRODUCT_GID))
    .max(MAX_PICKED_PRODUCTS, "shopifyOnboarding.stepper.tooMany")
    .default([]),
});

export const onboardingIntentSchema = z.discriminatedUnion("intent", [
  createStoreCompanySchema,
  linkStoreSchema,
  submitProductsSchema,
  z.object({ intent: z.literal("skip") }),
  z.object({ intent: z.literal("request") }),
  z.object({ intent: z.literal("welcome") }),
]);

/** A company name taken from the store's name, cleaned to what the name rule accepts. */
export function companyNameFromStore(storeName: string): string {
  return storeName
    .replace(/[^A-Za-z0-9& .]/g, " ")
    .replace(/\s+/g, " ")
    .trim()
    .replace(/^[^A-Za-z0-9]+/, "");
}

/** The admin's lock or unlock of a company's store profile (routes/resources/admin/companies.tsx). */
export const storeLockSchema = z.object({
  intent: z.literal("store-lock"),
  accountId: z.string().trim().min(1),
  locked: z.enum(["true", "false"]).transform((v) => v === "true"),
});

import { z } from "zod";

// Spec 1 section 5: new company in setup and onboarding (no apostrophe in the name).
export const COMPANY_NAME_PATTERN = /^[A-Za-z0-9][A-Za-z0-9& .]*$/;
export const COMPANY_URL_PATTERN =
  /^(https?:\/\/)?(www\.)?[-a-zA-Z0-9@:%._+~#=]{2,256}\.[a-zA-Z]{2,4}\b([-a-zA-Z0-9@:%_+.~#?&/=]*)$/;
/** ISO 3166-1 alpha-2; which codes exist is checked on the server (isCountryCode). */
export const COUNTRY_PATTERN = /^[A-Z]{2}$/;
export const countryField = z
  .string({ error: "firstRun.validation.countryRequired" })
  .trim()
  .regex(COUNTRY_PATTERN, "firstRun.validation.countryRequired");
export const ACCOUNT_ID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The subdomain the setup modal proposes for a company name: its letters and digits, accents
 * dropped, words joined by hyphens, as the seeded patterns want (3 to 63 lowercase letters, digits
 * and hyphens, no hyphen at either end). "Maison Dupré & Fils" → "maison-dupre-fils".
 */
export function proposeSubdomain(company: string): string {
  const slug = company
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 63)
    .replace(/-+$/, "");
  if (!slug) return "";
  return slug.length < 3 ? `${slug}-co` : slug;
}

/** A '{kind}pattern' entry of the system configuration. */
export type ConfiguredPattern = { regex: string; errorMessage: string };
export type SubdomainPatterns = { subDomain: ConfiguredPattern[]; alias: ConfiguredPattern[] };

/** Every failing pattern's message, in the order the configuration lists them. */
export function failingPatternMessages(value: string, patterns: ConfiguredPattern[]): string[] {
  return patterns.filter((p) => !safeRegExp(p.regex).test(value)).map((p) => p.errorMessage);
}

function safeRegExp(source: string) {
  try {
    return new RegExp(source);
  } catch {
    // A broken pattern in the configuration must not lock everyone out of creating companies.
    return /.*/;
  }
}

function subdomainField(requiredMessage: string, patterns: ConfiguredPattern[]) {
  return z
    .string({ error: requiredMessage })
    .trim()
    .min(1, requiredMessage)
    .superRefine((value, ctx) => {
      for (const message of failingPatternMessages(value, patterns))
        ctx.addIssue({ code: "custom", message });
    });
}

export function createCompanySchema(patterns: SubdomainPatterns) {
  return z.object({
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
    linkShortenerSubdomain: subdomainField("validation.linkShortenerRequired", patterns.subDomain),
    chatstreamSubdomain: subdomainField("validation.chatstreamRequired", patterns.alias),
    country: countryField,
  });
}

export const requestAccessSchema = z.object({
  intent: z.literal("request"),
  accountId: z
    .string({ error: "validation.accountIdRequired" })
    .trim()
    .min(1, "validation.accountIdRequired")
    .regex(ACCOUNT_ID_PATTERN, "validation.accountIdInvalid"),
});

import { z } from "zod";

/** The two legal documents an admin keeps a hosted link for. */
export const legalKinds = ["terms", "privacy"] as const;
export type LegalLinkKind = (typeof legalKinds)[number];

export const MAX_LEGAL_LINK_LENGTH = 2000;

/** An http(s) address with a host name, or a path on this site such as /legal/terms.pdf. */
export function isHostedLink(value: string): boolean {
  if (/\s/.test(value)) return false;
  if (value.startsWith("/")) return !value.startsWith("//") && !value.startsWith("/\\");
  try {
    const url = new URL(value);
    const host = url.hostname;
    return (
      (url.protocol === "http:" || url.protocol === "https:") &&
      (host === "localhost" || /^[^.]+(\.[^.]+)+$/.test(host) || host.startsWith("["))
    );
  } catch {
    return false;
  }
}

// Spec 1 section 5: the same two messages for the terms and the privacy link. Messages are i18n keys.
export const legalLinkSchema = z.object({
  intent: z.literal("update"),
  kind: z.enum(legalKinds),
  url: z
    .string({ error: "adminTerms.validation.linkRequired" })
    .trim()
    .min(1, { error: "adminTerms.validation.linkRequired", abort: true })
    .max(MAX_LEGAL_LINK_LENGTH, { error: "adminTerms.validation.linkInvalid", abort: true })
    .refine(isHostedLink, "adminTerms.validation.linkInvalid"),
});

import { z } from "zod";
import { CONSENT_TEXT_MAX, CONSENT_TITLE_MAX } from "./consent-defaults";

/**
 * The consent-text modal's form (spec 1 section 2), checked in the browser and on the server with
 * the same messages (i18n keys). The title is the checkbox label at checkout: one line.
 */
export const consentTextSchema = z.object({
  intent: z.literal("consent-text"),
  title: z
    .string({ error: "consent.validation.titleRequired" })
    .trim()
    .min(1, { error: "consent.validation.titleRequired", abort: true })
    .max(CONSENT_TITLE_MAX, { error: "consent.validation.titleTooLong", abort: true })
    .refine((title) => !/[\r\n]/.test(title), "consent.validation.titleOneLine"),
  text: z
    .string({ error: "consent.validation.textRequired" })
    // Browsers post a textarea's line breaks as CRLF: counted and stored as one character each.
    .overwrite((text) => text.replace(/\r\n?/g, "\n"))
    .trim()
    .min(1, { error: "consent.validation.textRequired", abort: true })
    .max(CONSENT_TEXT_MAX, "consent.validation.textTooLong"),
});

export type ConsentTextInput = z.infer<typeof consentTextSchema>;

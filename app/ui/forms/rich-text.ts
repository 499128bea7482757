import { sanitizeRichText, withCompany } from "~/domain/forms/rich-text";

/**
 * The rich texts a company wrote (consent, copyright, company text) as the builder's canvas shows
 * them: reduced exactly as the public page reduces them (app/domain/forms/rich-text.ts: a few tags,
 * no attributes but a checked link address), so the canvas matches the page and nothing a member
 * typed runs script in the browser of platform staff who open the builder.
 */
export function safeRichHtml(html: string, company = ""): string {
  return withCompany(sanitizeRichText(html), company, true);
}

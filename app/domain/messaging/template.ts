/**
 * Touchpoint messages: {{LINK}} becomes the message's own tracked link, and contact fields such as
 * {{first_name}} the contact's values. Unknown fields are left as they are, so a typo shows in the
 * sent message's preview instead of silently vanishing; the editor warns about them.
 */

export const LINK_PLACEHOLDER = "{{LINK}}";

export const TEMPLATE_FIELDS = ["first_name", "last_name", "full_name", "email", "phone", "company"] as const;
export type TemplateField = (typeof TEMPLATE_FIELDS)[number];

export type TemplateValues = Partial<Record<TemplateField, string | null>> & { link?: string | null };

const PLACEHOLDER = /\{\{\s*([A-Za-z_]+)\s*\}\}/g;

export function renderMessage(template: string, values: TemplateValues): string {
  return template.replace(PLACEHOLDER, (whole, rawName: string) => {
    if (rawName === "LINK") return values.link ?? "";
    const name = rawName.toLowerCase();
    if (name === "full_name")
      return [values.first_name, values.last_name].filter(Boolean).join(" ") || (values.full_name ?? "");
    if ((TEMPLATE_FIELDS as readonly string[]).includes(name)) return values[name as TemplateField] ?? "";
    return whole;
  });
}

/** The placeholders of a message that are neither {{LINK}} nor a known field. */
export function unknownPlaceholders(template: string): string[] {
  const unknown = new Set<string>();
  for (const match of template.matchAll(PLACEHOLDER)) {
    const name = match[1];
    if (name !== "LINK" && !(TEMPLATE_FIELDS as readonly string[]).includes(name.toLowerCase()))
      unknown.add(match[0]);
  }
  return [...unknown];
}

export function hasLinkPlaceholder(template: string): boolean {
  return /\{\{\s*LINK\s*\}\}/.test(template);
}

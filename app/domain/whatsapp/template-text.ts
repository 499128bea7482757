import { TEMPLATE_FIELDS } from "~/domain/messaging/template";

/**
 * WhatsApp message templates' text, for the server and the touchpoint editor alike (nothing here is
 * server-only): their {{1}}, {{2}}... and what fills them.
 */

/** What a template's {{n}} may be filled with: the contact fields the journeys know, and LINK. */
export const TEMPLATE_PARAMETER_SOURCES = [...TEMPLATE_FIELDS, "LINK"] as const;
export type TemplateParameterSource = (typeof TEMPLATE_PARAMETER_SOURCES)[number];

/** How many distinct {{1}}, {{2}}... a template body has (Meta numbers them from 1 with no gaps). */
export function parameterCountOf(body: string): number {
  const numbers = [...body.matchAll(/\{\{\s*(\d+)\s*\}\}/g)].map((m) => Number(m[1]));
  return numbers.length === 0 ? 0 : Math.max(...numbers);
}

/**
 * The touchpoint's message for a template: its body with each {{n}} turned into the mapped field's
 * placeholder ({{first_name}}, {{LINK}}...), so the journeys' own rendering fills it in for the
 * timeline, the outbox and the parameters sent to Meta alike.
 */
export function templateMessage(body: string, parameters: readonly string[]): string {
  return body.replace(/\{\{\s*(\d+)\s*\}\}/g, (whole, n) => {
    const source = parameters[Number(n) - 1];
    return source ? `{{${source}}}` : whole;
  });
}

/** The rendered values of a template's parameters, read back from the rendered message by the template's shape. */
export function parametersOf(templateBody: string, rendered: string): string[] | null {
  const count = parameterCountOf(templateBody);
  if (count === 0) return [];
  const order: number[] = [];
  const pattern = templateBody
    .split(/(\{\{\s*\d+\s*\}\})/)
    .map((part) => {
      const m = /^\{\{\s*(\d+)\s*\}\}$/.exec(part);
      if (!m) return part.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
      order.push(Number(m[1]));
      return "([\\s\\S]*?)";
    })
    .join("");
  const match = new RegExp(`^${pattern}$`).exec(rendered);
  if (!match) return null;
  const values: string[] = [];
  order.forEach((n, i) => {
    values[n - 1] ??= match[i + 1];
  });
  return Array.from({ length: count }, (_, i) => values[i] ?? "");
}

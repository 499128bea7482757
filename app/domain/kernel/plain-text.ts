import { z } from "zod";

/**
 * Text a company writes that others see (branding, sign-up forms) is plain text: no control
 * characters and no U+2028/U+2029, which end a line in JavaScript and in some renderers. A newline in
 * the chat app's name once became code in a script (issue 32); rendering escapes everything too, this
 * refuses it at the door with a message. Multi-line texts keep line breaks (LF, CR) and tabs.
 * Client-safe: the editors check with the same schemas.
 */

export const PLAIN_TEXT_ERRORS = {
  singleLine: "validation.controlCharacters",
  multiline: "validation.controlCharactersMultiline",
} as const;

/** Whether a schema's issue message is one of these (a route may show it instead of a generic failure). */
export function isPlainTextError(message: string): boolean {
  return message === PLAIN_TEXT_ERRORS.singleLine || message === PLAIN_TEXT_ERRORS.multiline;
}

const TAB = 0x09;
const LINE_FEED = 0x0a;
const CARRIAGE_RETURN = 0x0d;

function isRefused(code: number, multiline: boolean): boolean {
  if (multiline && (code === TAB || code === LINE_FEED || code === CARRIAGE_RETURN)) return false;
  return code <= 0x1f || (code >= 0x7f && code <= 0x9f) || code === 0x2028 || code === 0x2029;
}

/** Whether the text holds a character plain text refuses (line breaks and tabs allowed when multiline). */
export function hasControlCharacters(value: string, options: { multiline?: boolean } = {}): boolean {
  const multiline = options.multiline ?? false;
  for (let i = 0; i < value.length; i++) if (isRefused(value.charCodeAt(i), multiline)) return true;
  return false;
}

/** A one-line text (a name, a title, a label, a button): no control character at all. */
export function singleLine(schema: z.ZodString = z.string()): z.ZodString {
  return schema.refine((value) => !hasControlCharacters(value), PLAIN_TEXT_ERRORS.singleLine);
}

/** A text of several lines (a welcome text, a description, rich text): line breaks and tabs only. */
export function multiLine(schema: z.ZodString = z.string()): z.ZodString {
  return schema.refine(
    (value) => !hasControlCharacters(value, { multiline: true }),
    PLAIN_TEXT_ERRORS.multiline,
  );
}

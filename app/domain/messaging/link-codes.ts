import { randomBytes } from "node:crypto";
import { renderMessage, type TemplateValues } from "./template";

/** Short link codes: 8 characters of an unambiguous alphabet (no 0/O, 1/l/I): 57^8 ≈ 1.1e14 codes. */
const ALPHABET = "23456789abcdefghijkmnopqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ";

export function newLinkCode(length = 8): string {
  const bytes = randomBytes(length * 2);
  let code = "";
  // Rejection sampling keeps every character equally likely.
  for (let i = 0; i < bytes.length && code.length < length; i++) {
    const b = bytes[i];
    if (b < 256 - (256 % ALPHABET.length)) code += ALPHABET[b % ALPHABET.length];
  }
  return code.length === length ? code : newLinkCode(length);
}

export function isLinkCode(value: string): boolean {
  return /^[2-9a-km-zA-HJ-NP-Z]{4,16}$/.test(value);
}

/** The public address of a tracked link. */
export function trackedLinkUrl(appUrl: string, code: string): string {
  return `${appUrl.replace(/\/$/, "")}/l/${code}`;
}

/**
 * A touchpoint message for one contact: with a link target, a fresh code whose tracked link fills
 * {{LINK}} (the caller stores the code with the message); without one, {{LINK}} is left empty.
 */
export function renderWithTrackedLink(
  message: string,
  values: Omit<TemplateValues, "link">,
  linkTarget: string | null,
  appUrl: string,
): { code: string | null; body: string } {
  const code = linkTarget ? newLinkCode() : null;
  const body = renderMessage(message, {
    ...values,
    link: code ? trackedLinkUrl(appUrl, code) : (linkTarget ?? ""),
  });
  return { code, body };
}

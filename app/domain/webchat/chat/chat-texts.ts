import enTexts from "~/i18n/en/chat-app";
import frTexts from "~/i18n/fr/chat-app";

/** The chat app's texts (not React): English, or French when the contact's browser prefers it. */
export type ChatAppTexts = typeof enTexts.app;
export type ChatLanguage = "en" | "fr";

export function chatLanguageOf(request: Request): ChatLanguage {
  const header = request.headers.get("Accept-Language") ?? "";
  const first = header.split(",")[0]?.trim().toLowerCase() ?? "";
  return first.startsWith("fr") ? "fr" : "en";
}

export function chatTexts(language: ChatLanguage): ChatAppTexts {
  return language === "fr" ? frTexts.app : enTexts.app;
}

/** A text with its {{name}} slots filled (values are escaped by the caller when they go in HTML). */
export function fill(text: string, values: Record<string, string | number>): string {
  return text.replace(/\{\{(\w+)\}\}/g, (slot, name: string) =>
    Object.hasOwn(values, name) ? String(values[name]) : slot,
  );
}

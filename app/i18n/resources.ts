import en from "./en";
import fr from "./fr";

export const supportedLanguages = ["en", "fr"] as const;
export type Language = (typeof supportedLanguages)[number];
export const fallbackLanguage: Language = "en";

export const resources = { en: { translation: en }, fr: { translation: fr } };

export function isLanguage(value: unknown): value is Language {
  return supportedLanguages.includes(value as Language);
}

import type { ParseKeys, TFunction } from "i18next";

/**
 * A key of the texts (app/i18n/en.ts and its French twin): what `t` accepts since i18next.d.ts
 * declares the resources. Messages that travel as data before they are translated (toasts, field
 * errors, import problems) are typed with it where they are written, so a mistyped key fails
 * `npm run typecheck` there too.
 */
export type I18nKey = ParseKeys;

/** Values that fill a text's {{placeholders}}. */
export type I18nValues = Record<string, string>;

/**
 * For keys that only exist at run time (a field error chosen by a zod schema, a stored import
 * problem): the one place where a plain string is taken for a key. A missing key shows as the key
 * itself, as i18next does.
 */
export function asI18nKey(key: string): I18nKey {
  return key as I18nKey;
}

/** `t` for a key and values that only exist at run time, on the server (a stored import's reasons). */
export function translateRuntimeKey(t: TFunction, key: string, values?: I18nValues): string {
  return (t as unknown as (key: string, values?: I18nValues) => string)(key, values);
}

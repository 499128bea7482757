import type { I18nKey, I18nValues } from "~/i18n/keys";

/**
 * A one-time message: `message` is an i18n key, checked by typecheck where a toast is written;
 * `values` fill its placeholders. Actions answer with it and the session carries it as a flash;
 * ToastMessage in app/ui/toast.tsx is the one place it is translated.
 */
export type Toast = {
  message: I18nKey;
  values?: I18nValues;
  error?: boolean;
  durationMs?: number;
};

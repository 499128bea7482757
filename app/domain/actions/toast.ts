/**
 * A one-time message: `message` is an i18n key; `values` fill its placeholders. Actions answer with
 * it and the session carries it as a flash; app/ui/toast.tsx renders it.
 */
export type Toast = {
  message: string;
  values?: Record<string, string>;
  error?: boolean;
  durationMs?: number;
};

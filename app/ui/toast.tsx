import { Toast as PolarisToast } from "@shopify/polaris";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";

/** A one-time message: `message` is an i18n key; `values` fill its placeholders. */
export type Toast = {
  message: string;
  values?: Record<string, string>;
  error?: boolean;
  durationMs?: number;
};

/** Shows the latest toast handed down by a loader (flash) or an action's data. */
export function ToastView({ toast }: { toast: Toast | null | undefined }) {
  const { t } = useTranslation();
  const [visible, setVisible] = useState<Toast | null>(null);
  useEffect(() => {
    if (toast) setVisible(toast);
  }, [toast]);
  if (!visible) return null;
  return (
    <PolarisToast
      content={t(visible.message, visible.values)}
      error={visible.error}
      duration={visible.durationMs ?? 5000}
      onDismiss={() => setVisible(null)}
    />
  );
}

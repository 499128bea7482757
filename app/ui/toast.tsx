import { Toast as PolarisToast } from "@shopify/polaris";
import { createContext, type ReactNode, useCallback, useContext, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import type { Toast } from "~/domain/actions/toast";
import { asI18nKey } from "~/i18n/keys";
import { useEmbedded } from "./shell/embedded";

export type { Toast };

const ShowToast = createContext<((toast: ToastData) => void) | null>(null);

/**
 * Shows the toasts of everything below it. A toast handed to a ToastView inside a list row would
 * vanish with the row (deleting the row reloads the list); the provider, at the top of the page,
 * keeps it on screen for its whole duration.
 */
export function ToastProvider({ children }: { children: ReactNode }) {
  const [visible, setVisible] = useState<ToastData | null>(null);
  const show = useCallback((toast: ToastData) => setVisible(toast), []);
  useToastCloseButtonNames(visible !== null);
  return (
    <ShowToast.Provider value={show}>
      {children}
      <ToastMessage toast={visible} onDismiss={() => setVisible(null)} />
    </ShowToast.Provider>
  );
}

/**
 * A toast as it arrives in a loader's or action's data, where its key is a plain string again. An
 * id marks a toast carried in the URL (inside the Shopify admin), which loaders hand down again
 * each time they run on that page: it is shown once.
 */
export type ToastData = Omit<Toast, "message"> & { message: string; id?: string };

const shownToastIds = new Set<string>();

/** Shows the latest toast handed down by a loader (flash) or an action's data. */
export function ToastView({ toast }: { toast: ToastData | null | undefined }) {
  const show = useContext(ShowToast);
  const [visible, setVisible] = useState<ToastData | null>(null);
  useEffect(() => {
    if (!toast) return;
    if (toast.id) {
      if (shownToastIds.has(toast.id)) return;
      shownToastIds.add(toast.id);
    }
    if (show) show(toast);
    else setVisible(toast);
  }, [toast, show]);
  if (show) return null;
  return <ToastMessage toast={visible} onDismiss={() => setVisible(null)} />;
}

/**
 * Polaris' toast close button is an icon without a name, so a screen reader announces only "button"
 * (axe: button-name). The Frame renders toasts in its own portal, out of our reach: this names each
 * close button as it appears (watching the page only while a toast is up).
 */
function useToastCloseButtonNames(active: boolean) {
  const { t } = useTranslation();
  const label = t("common.dismissNotification");
  useEffect(() => {
    if (!active) return;
    const name = () => {
      for (const button of document.querySelectorAll<HTMLButtonElement>(".Polaris-Frame-Toast button"))
        if (!button.hasAttribute("aria-label") && !button.textContent?.trim())
          button.setAttribute("aria-label", label);
    };
    name();
    const observer = new MutationObserver(name);
    observer.observe(document.body, { childList: true, subtree: true });
    return () => observer.disconnect();
  }, [active, label]);
}

function ToastMessage({ toast, onDismiss }: { toast: ToastData | null; onDismiss: () => void }) {
  const { t } = useTranslation();
  // Inside the Shopify admin the admin shows the toast (App Bridge), where the merchant expects it;
  // our own toast stays for the standalone app, and should App Bridge be missing.
  const viaAdmin = Boolean(useEmbedded()) && typeof window !== "undefined" && Boolean(window.shopify?.toast);
  useEffect(() => {
    if (!viaAdmin || !toast) return;
    window.shopify.toast.show(t(asI18nKey(toast.message), toast.values), {
      isError: toast.error,
      duration: toast.durationMs ?? 5000,
    });
    onDismiss();
  }, [viaAdmin, toast, t, onDismiss]);
  if (!toast || viaAdmin) return null;
  return (
    <PolarisToast
      content={t(asI18nKey(toast.message), toast.values)}
      error={toast.error}
      duration={toast.durationMs ?? 5000}
      onDismiss={onDismiss}
    />
  );
}

import { Box, Button, InlineStack, Portal, Text } from "@shopify/polaris";
import { XIcon } from "@shopify/polaris-icons";
import { type ReactNode, useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";

export const DRAWER_WIDTH = 430;

/**
 * A side drawer (spec width 430): a modal dialog from the right; Escape or the backdrop closes it.
 * It is rendered in Polaris' portal container, as its modals are: inside the page's content it sat in
 * a stacking context under the app's sticky top bar, which covered its title and close button. A
 * drawer opens on the client, where the container exists (the server renders no portal).
 */
export function Drawer({
  open,
  title,
  onClose,
  children,
}: {
  open: boolean;
  title: string;
  onClose: () => void;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const panel = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!open) return;
    const previous = document.activeElement as HTMLElement | null;
    panel.current?.querySelector<HTMLElement>("input, textarea, select, button")?.focus();
    const onKey = (event: KeyboardEvent) => event.key === "Escape" && onClose();
    document.addEventListener("keydown", onKey);
    return () => {
      document.removeEventListener("keydown", onKey);
      previous?.focus();
    };
  }, [open, onClose]);
  if (!open) return null;
  return (
    <Portal idPrefix="drawer">
      <div className="drawer-root">
        <div className="drawer-backdrop" onClick={onClose} aria-hidden="true" />
        <div
          ref={panel}
          className="drawer-panel"
          role="dialog"
          aria-modal="true"
          aria-label={title}
          style={{ width: DRAWER_WIDTH }}
        >
          <Box padding="400" borderBlockEndWidth="025" borderColor="border">
            <InlineStack align="space-between" blockAlign="center">
              <Text as="h2" variant="headingMd">
                {title}
              </Text>
              <Button
                variant="tertiary"
                icon={XIcon}
                onClick={onClose}
                accessibilityLabel={t("common.close")}
              />
            </InlineStack>
          </Box>
          <Box padding="400">{children}</Box>
        </div>
      </div>
    </Portal>
  );
}

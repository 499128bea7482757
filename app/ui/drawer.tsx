import { Box, Button, InlineStack, Portal, Text, TrapFocus } from "@shopify/polaris";
import { XIcon } from "@shopify/polaris-icons";
import { type ReactNode, useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";

export const DRAWER_WIDTH = 430;

// Polaris' buttons blur themselves on mouse-up, so a drawer opened by a click finds the focus on the
// page's body: the control last clicked is where the focus goes back to when it closes.
let lastClicked: HTMLElement | null = null;
if (typeof document !== "undefined") {
  document.addEventListener(
    "click",
    (event) => {
      lastClicked =
        (event.target as Element | null)?.closest?.<HTMLElement>("button, a, [role=button]") ?? null;
    },
    true,
  );
}

function openerOfDrawer(): HTMLElement | null {
  const focused = document.activeElement as HTMLElement | null;
  return focused && focused !== document.body ? focused : lastClicked;
}

/**
 * A side drawer (spec width 430): a modal dialog from the right; Escape or the backdrop closes it.
 * It is rendered in Polaris' portal container, as its modals are: inside the page's content it sat in
 * a stacking context under the app's sticky top bar, which covered its title and close button. A
 * drawer opens on the client, where the container exists (the server renders no portal). Being modal,
 * it keeps the keyboard inside with Polaris' TrapFocus (as Polaris' Modal does): Tab from its last
 * control goes to its first, Shift+Tab from the first to the last, and focus that lands on the page
 * behind comes back in. The first field gets the focus on opening, so TrapFocus finds it inside and
 * leaves it there.
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
  // The latest onClose, so a parent's new callback on each render does not re-run the focus effect
  // (which would take the focus from the field being typed in back to the first one).
  const close = useRef(onClose);
  close.current = onClose;
  useEffect(() => {
    if (!open) return;
    const previous = openerOfDrawer();
    panel.current?.querySelector<HTMLElement>("input, textarea, select, button")?.focus();
    const onKey = (event: KeyboardEvent) => event.key === "Escape" && close.current();
    document.addEventListener("keydown", onKey);
    return () => {
      document.removeEventListener("keydown", onKey);
      previous?.focus();
    };
  }, [open]);
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
          <TrapFocus>
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
          </TrapFocus>
        </div>
      </div>
    </Portal>
  );
}

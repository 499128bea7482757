import { type ModalProps, Modal as PolarisModal } from "@shopify/polaris";
import { useState } from "react";

/**
 * Polaris' Modal, built the first time it opens. A page keeps its dialogs (confirmations, the
 * import's steps) mounted and closed, and each closed one still ran its hooks and translations on
 * every server render: about 3% of /contacts (`npm run bench:render`). Once opened it stays mounted,
 * so closing it keeps Polaris' exit transition and the focus going back where it was. A modal with
 * an activator is always built: the activator is part of the page.
 */
export function Modal(props: ModalProps) {
  const [opened, setOpened] = useState(props.open);
  // Derived from the props while rendering (React's pattern for state from earlier renders).
  if (props.open && !opened) setOpened(true);
  if (!opened && !props.open && !props.activator) return null;
  return <PolarisModal {...props} />;
}

Modal.Section = PolarisModal.Section;

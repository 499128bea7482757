import { Text } from "@shopify/polaris";
import { useTranslation } from "react-i18next";
import { Modal } from "~/ui/modal";

/** Asks before a destructive action. */
export function ConfirmModal(props: {
  open: boolean;
  message: string;
  onConfirm: () => void;
  onClose: () => void;
  confirmLabel?: string;
  cancelLabel?: string;
  destructive?: boolean;
  loading?: boolean;
  title?: string;
}) {
  const { t } = useTranslation();
  return (
    <Modal
      open={props.open}
      onClose={props.onClose}
      title={props.title ?? props.message}
      titleHidden={!props.title}
      primaryAction={{
        content: props.confirmLabel ?? t("common.yes"),
        destructive: props.destructive ?? true,
        onAction: props.onConfirm,
        loading: props.loading,
      }}
      secondaryActions={[{ content: props.cancelLabel ?? t("common.no"), onAction: props.onClose }]}
    >
      <Modal.Section>
        <Text as="p">{props.message}</Text>
      </Modal.Section>
    </Modal>
  );
}

import { Badge, Button, InlineStack, Text } from "@shopify/polaris";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useSubmit } from "react-router";
import { Modal } from "~/ui/modal";

/** 'Viewing as Admin' / 'Viewing as RO Admin' with the company; a confirmation returns to the admin's profile. */
export function ViewAsChip({ mode, company }: { mode: "admin" | "roadmin"; company: string }) {
  const { t } = useTranslation();
  const submit = useSubmit();
  const [confirm, setConfirm] = useState(false);
  return (
    <>
      <button type="button" className="view-as-chip" onClick={() => setConfirm(true)}>
        <InlineStack gap="200" blockAlign="center" wrap={false}>
          <Badge tone={mode === "admin" ? "attention" : "info"}>
            {mode === "admin" ? t("shell.viewingAsAdmin") : t("shell.viewingAsRoAdmin")}
          </Badge>
          <Text as="span" fontWeight="semibold">
            {company}
          </Text>
        </InlineStack>
      </button>
      <Modal
        open={confirm}
        onClose={() => setConfirm(false)}
        title={t("shell.switchToProfile")}
        titleHidden
        primaryAction={{
          content: t("common.yes"),
          onAction: () => submit({ intent: "exit" }, { method: "post", action: "/resources/view-as" }),
        }}
        secondaryActions={[{ content: t("common.no"), onAction: () => setConfirm(false) }]}
      >
        <Modal.Section>
          <Text as="p">{t("shell.switchToProfile")}</Text>
        </Modal.Section>
      </Modal>
      {/* Named by its visible words only: a different spoken name (the question) hid it from voice control. */}
      <Button variant="plain" onClick={() => setConfirm(true)}>
        {t("shell.backToProfile")}
      </Button>
    </>
  );
}

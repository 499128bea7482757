import { BlockStack, ProgressBar, Text } from "@shopify/polaris";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Modal } from "~/ui/modal";

const STEPS = ["sync", "pick", "save"] as const;

/** 'Learn how' (spec 2 sections 2 and 9): three steps, the progress at 33, 66 and 100 percent. */
export function TourModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const [step, setStep] = useState(0);
  useEffect(() => {
    if (open) setStep(0);
  }, [open]);
  const id = STEPS[step] ?? "sync";
  const last = step === STEPS.length - 1;
  // 33, 66, 100: the old screen's values, not thirds rounded.
  const progress = last ? 100 : (step + 1) * 33;
  return (
    <Modal
      open={open}
      onClose={onClose}
      title={t("productMapping.tourTitle")}
      primaryAction={{
        content: last ? t("productMapping.tourDone") : t("productMapping.tourNext"),
        onAction: () => (last ? onClose() : setStep(step + 1)),
      }}
      secondaryActions={
        step > 0 ? [{ content: t("productMapping.tourBack"), onAction: () => setStep(step - 1) }] : []
      }
    >
      <Modal.Section>
        <BlockStack gap="400">
          <BlockStack gap="100">
            <Text as="p" tone="subdued">
              {t("productMapping.tourStep", { step: step + 1, count: STEPS.length })}
            </Text>
            <ProgressBar progress={progress} size="small" tone="primary" />
          </BlockStack>
          <Text as="h3" variant="headingMd">
            {t(`productMapping.tourSteps.${id}.title`)}
          </Text>
          <Text as="p">{t(`productMapping.tourSteps.${id}.body`)}</Text>
        </BlockStack>
      </Modal.Section>
    </Modal>
  );
}

import { BlockStack, Text } from "@shopify/polaris";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Modal } from "~/ui/modal";
import { HOW_TO_SLIDES, type HowToSlide, SlideArt } from "./slide-art";

/**
 * 'Show me how' (spec 3 section 2.5): eight slides on turning on the SMS opt-in checkbox of a Shopify
 * checkout, with Previous and Next, a slide counter, and the arrow keys.
 */
export function ShowMeHow({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const [index, setIndex] = useState(0);
  const total = HOW_TO_SLIDES.length;
  const slide = HOW_TO_SLIDES[index] as HowToSlide;
  const last = index === total - 1;
  const previous = () => setIndex((i) => Math.max(0, i - 1));
  const next = () => setIndex((i) => Math.min(total - 1, i + 1));

  useEffect(() => {
    if (!open) return;
    setIndex(0);
  }, [open]);

  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === "ArrowRight") setIndex((i) => Math.min(total - 1, i + 1));
      if (event.key === "ArrowLeft") setIndex((i) => Math.max(0, i - 1));
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [open]);

  const title = t(`integrations.howTo.slides.${slide}.title`);
  return (
    <Modal
      open={open}
      onClose={onClose}
      title={t("integrations.howTo.title")}
      primaryAction={
        last
          ? { content: t("integrations.howTo.done"), onAction: onClose }
          : { content: t("integrations.howTo.next"), onAction: next }
      }
      secondaryActions={[
        { content: t("integrations.howTo.previous"), onAction: previous, disabled: index === 0 },
      ]}
      footer={
        <Text as="p" tone="subdued">
          {t("integrations.howTo.counter", { current: String(index + 1), total: String(total) })}
        </Text>
      }
    >
      <Modal.Section>
        <BlockStack gap="300">
          <SlideArt slide={slide} label={title} />
          <div aria-live="polite">
            <BlockStack gap="200">
              <Text as="h3" variant="headingMd">
                {title}
              </Text>
              <Text as="p">{t(`integrations.howTo.slides.${slide}.body`)}</Text>
            </BlockStack>
          </div>
          <Text as="p" tone="subdued" variant="bodySm">
            {t("integrations.howTo.keyboardHint")}
          </Text>
        </BlockStack>
      </Modal.Section>
    </Modal>
  );
}

import { BlockStack, Button, InlineStack, Text } from "@shopify/polaris";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { WHATSAPP_SLIDES, type WhatsAppSlide, WhatsAppSlideArt } from "./slide-whatsapp";

/**
 * "No, I don't have a Meta Account": nine slides from creating a Meta business account to connecting
 * it here, with Previous, Next and a counter.
 */
export function WhatsAppGuide() {
  const { t } = useTranslation();
  const [index, setIndex] = useState(0);
  const total = WHATSAPP_SLIDES.length;
  const slide = WHATSAPP_SLIDES[index] as WhatsAppSlide;
  const title = t(`whatsapp.guide.slides.${slide}.title`);
  return (
    <BlockStack gap="300">
      <Text as="h3" variant="headingSm">
        {t("whatsapp.guide.title")}
      </Text>
      <div style={{ maxWidth: 640 }}>
        <WhatsAppSlideArt slide={slide} label={title} />
      </div>
      <div aria-live="polite">
        <BlockStack gap="100">
          <Text as="h4" variant="headingMd">
            {`${index + 1}. ${title}`}
          </Text>
          <Text as="p">{t(`whatsapp.guide.slides.${slide}.body`)}</Text>
        </BlockStack>
      </div>
      <InlineStack gap="300" blockAlign="center">
        <Button onClick={() => setIndex((i) => Math.max(0, i - 1))} disabled={index === 0}>
          {t("whatsapp.guide.previous")}
        </Button>
        <Button
          variant="primary"
          onClick={() => setIndex((i) => Math.min(total - 1, i + 1))}
          disabled={index === total - 1}
        >
          {t("whatsapp.guide.next")}
        </Button>
        <Text as="span" tone="subdued">
          {t("whatsapp.guide.counter", { current: String(index + 1), total: String(total) })}
        </Text>
      </InlineStack>
    </BlockStack>
  );
}

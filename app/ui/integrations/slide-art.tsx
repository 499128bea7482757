import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { DRAWINGS, type HowToSlide } from "./slide-drawings";
import { type ArtKey, BrowserWindow, type Labels } from "./slide-parts";

export { HOW_TO_SLIDES, type HowToSlide } from "./slide-drawings";

/**
 * The pictures of 'Show me how': simplified drawings of the Shopify admin, the store's checkout and
 * this page, made here as SVG (no outside assets), with the place to click outlined in blue.
 */
export function SlideArt({ slide, label }: { slide: HowToSlide; label: string }) {
  const drawing = DRAWINGS[slide];
  return (
    <BrowserWindow label={label} testId="how-to-art">
      <Drawing slide={slide}>{drawing}</Drawing>
    </BrowserWindow>
  );
}

function Drawing({ slide, children }: { slide: HowToSlide; children: (t: Labels) => ReactNode }) {
  const { t } = useTranslation();
  const labels = (key: ArtKey) => t(`integrations.howTo.art.${key}`);
  return <g data-slide={slide}>{children(labels)}</g>;
}

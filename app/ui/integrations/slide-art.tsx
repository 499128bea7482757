import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { DRAWINGS, type HowToSlide } from "./slide-drawings";
import type { ArtKey, Labels } from "./slide-parts";

export { HOW_TO_SLIDES, type HowToSlide } from "./slide-drawings";

/**
 * The pictures of 'Show me how': simplified drawings of the Shopify admin, the store's checkout and
 * this page, made here as SVG (no outside assets), with the place to click outlined in blue.
 */
export function SlideArt({ slide, label }: { slide: HowToSlide; label: string }) {
  const drawing = DRAWINGS[slide];
  return (
    <svg
      viewBox="0 0 560 280"
      role="img"
      aria-label={label}
      style={{ width: "100%", height: "auto", display: "block" }}
      data-testid="how-to-art"
    >
      <rect x="0.5" y="0.5" width="559" height="279" rx="10" fill="#f6f6f7" stroke="#c9cccf" />
      <circle cx="16" cy="12" r="4" fill="#e06c5f" />
      <circle cx="30" cy="12" r="4" fill="#e5b64b" />
      <circle cx="44" cy="12" r="4" fill="#6cbf6a" />
      <rect x="64" y="5" width="300" height="14" rx="7" fill="#fff" stroke="#e1e3e5" />
      <Drawing slide={slide}>{drawing}</Drawing>
    </svg>
  );
}

function Drawing({ slide, children }: { slide: HowToSlide; children: (t: Labels) => ReactNode }) {
  const { t } = useTranslation();
  const labels = (key: ArtKey) => t(`integrations.howTo.art.${key}`);
  return <g data-slide={slide}>{children(labels)}</g>;
}

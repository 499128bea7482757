import { z } from "zod";

// The builder's settings rules (spec 3 sections 5.2 and 9). Messages are i18n keys.

export const LOGO_MAX_PX = 300;
export const DEFAULT_LOGO_HEIGHT = "30px";

function pixels(raw: string | number | null | undefined): number | null {
  if (raw === null || raw === undefined || String(raw).trim() === "") return null;
  const n = Number.parseFloat(String(raw));
  return Number.isFinite(n) ? n : null;
}

/** Logo height: empty, 0 or less becomes 30px; above 300 becomes 300px. */
export function logoHeight(raw: string | number | null | undefined): string {
  const n = pixels(raw);
  if (n === null || n <= 0) return DEFAULT_LOGO_HEIGHT;
  return `${Math.min(n, LOGO_MAX_PX)}px`;
}

/** Logo width: empty, 0 or less becomes auto; above 300 becomes 300px. */
export function logoWidth(raw: string | number | null | undefined): string {
  const n = pixels(raw);
  if (n === null || n <= 0) return "auto";
  return `${Math.min(n, LOGO_MAX_PX)}px`;
}

/** The Pop Up Settings' days field: required, at least 1. */
export const popupDaysSchema = z.object({
  numberOfHidingDays: z.coerce
    .number({ error: "forms.validation.enterDays" })
    .int("forms.validation.enterDays")
    .min(1, "forms.validation.enterDays"),
});

/** Checked on Save: hide-after-close on needs a number of days (spec 5.2). */
export function popupSaveError(style: { temporaryHideOnPopupClose?: boolean; numberOfHidingDays?: unknown }) {
  if (!style.temporaryHideOnPopupClose) return null;
  const days = Number(style.numberOfHidingDays);
  return Number.isInteger(days) && days >= 1 ? null : "forms.validation.enterHidingDays";
}

/** Font sizes and border widths offered: 0 to 39 px (spec 9). */
export const PX_CHOICES = Array.from({ length: 40 }, (_, i) => `${i}px`);
export const FONT_FAMILIES = [
  { label: "Lato (arial)", value: "Lato" },
  { label: "Roboto", value: "Roboto" },
] as const;
/** Weights: Semi B (500), Bold (700), Italic (400 italic). */
export const FONT_WEIGHTS = [
  { key: "500", fontWeight: "500", fontStyle: "normal" },
  { key: "700", fontWeight: "700", fontStyle: "normal" },
  { key: "italic", fontWeight: "400", fontStyle: "italic" },
] as const;

import { z } from "zod";
import { DEFAULT_LOGO_HEIGHT_PX, LOGO_MAX_PX } from "~/domain/forms/form-document";

// The builder's settings rules (spec 3 sections 5.2 and 9). Messages are i18n keys.

function pixels(raw: string | number | null | undefined): number | null {
  if (raw === null || raw === undefined || String(raw).trim() === "") return null;
  const n = Number.parseFloat(String(raw));
  return Number.isFinite(n) ? n : null;
}

/** Logo height: empty, 0 or less becomes 30px; above 300 becomes 300px. */
export function logoHeight(raw: string | number | null | undefined): number {
  const n = pixels(raw);
  if (n === null || n <= 0) return DEFAULT_LOGO_HEIGHT_PX;
  return Math.min(Math.round(n), LOGO_MAX_PX);
}

/** Logo width: empty, 0 or less becomes auto (null); above 300 becomes 300px. */
export function logoWidth(raw: string | number | null | undefined): number | null {
  const n = pixels(raw);
  if (n === null || n <= 0) return null;
  return Math.min(Math.round(n), LOGO_MAX_PX);
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
export const PX_CHOICES = Array.from({ length: 40 }, (_, i) => i);

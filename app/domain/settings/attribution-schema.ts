import { z } from "zod";

/** The attribution window a company may choose, in days (the default, 7, is the column's). */
export const ATTRIBUTION_WINDOW_MIN_DAYS = 1;
export const ATTRIBUTION_WINDOW_MAX_DAYS = 90;

const required = "attribution.settings.windowRequired";
const outOfRange = "attribution.settings.windowRange";

/** Settings, Organization tab: 'Attribution window (days)', a whole number from 1 to 90. */
export const attributionSettingsSchema = z.object({
  intent: z.literal("attribution"),
  attributionWindowDays: z
    .string({ error: required })
    .trim()
    // Empty after trimming: only "required", not the range message as well.
    .min(1, { error: required, abort: true })
    // Digits only: "7.5", "-3" and "1e1" are refused with the range message rather than rounded.
    .regex(/^\d{1,3}$/, outOfRange)
    .transform(Number)
    .pipe(
      z
        .number()
        .int()
        .min(ATTRIBUTION_WINDOW_MIN_DAYS, outOfRange)
        .max(ATTRIBUTION_WINDOW_MAX_DAYS, outOfRange),
    ),
});

import { z } from "zod";

// Creating and renaming a product (beyond the spec: its products came from a back office).
export const productNameSchema = z.object({
  name: z
    .string({ error: "products.validation.fieldCanNotBeEmpty" })
    .trim()
    .min(1, "products.validation.fieldCanNotBeEmpty")
    .max(120, "products.validation.nameTooLong"),
});

export const OWNERS_PAGE_SIZE = 10;
export const CHOOSE_CONTACT_PAGE_SIZE = 10;
export const CHOOSE_CONTACT_DEBOUNCE_MS = 200;
/** The Choose Contact list fetches its next page when scrolled this far (spec: 96 percent). */
export const CHOOSE_CONTACT_SCROLL_THRESHOLD = 0.96;
/** How often the Choose Contact list checks its scroll position (spec: every 450 ms). */
export const CHOOSE_CONTACT_RECHECK_MS = 450;

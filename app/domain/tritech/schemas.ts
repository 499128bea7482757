import { z } from "zod";

/**
 * The Tri-Tech view's writes on /integration (one intent each) and the Tri-Tech tab's mapping save on
 * /product-mapping. Messages are the spec's, word for word (spec 3 section 5.6, spec 2 section 5).
 */

export const STATUS_REQUIRED = "Please Enter value!";

export const revealSecretSchema = z.object({ intent: z.literal("tritech-reveal") });
export const generateSecretSchema = z.object({ intent: z.literal("tritech-generate") });

/** The statuses of one action, one per field `status`, trimmed; none may be empty. */
export const statusesSchema = z.object({
  intent: z.literal("tritech-statuses"),
  action: z.string().trim().min(1).max(100),
  status: z
    .array(z.string().trim().min(1, STATUS_REQUIRED).max(200))
    .min(1, STATUS_REQUIRED)
    .max(50)
    .or(
      z
        .string()
        .trim()
        .min(1, STATUS_REQUIRED)
        .max(200)
        .transform((one) => [one]),
    ),
});

export const tritechIntentSchema = z.discriminatedUnion("intent", [
  revealSecretSchema,
  generateSecretSchema,
  statusesSchema,
]);

export const TRITECH_INTENTS = ["tritech-reveal", "tritech-generate", "tritech-statuses"] as const;

export const CATEGORY_REQUIRED = "Please Enter the category Number!";
export const SUBCATEGORY_REQUIRED = "Please Enter the sub category Number!";
export const PAIR_TAKEN = "Product is already exist!";
export const MAPPING_UNCHANGED = "Update the mapping to map!";
export const MAPPING_EMPTY = "Add product details to map!";

/** One category or subcategory number as typed: required, a whole number, at least 0. */
export function numberField(message: string) {
  return z
    .string()
    .trim()
    .min(1, message)
    .regex(/^\d{1,9}$/, message)
    .transform((value) => String(Number(value)));
}

/** A stored pair: 'category-subcategory' (spec 2 section 9). */
export const pairPattern = /^\d{1,9}-\d{1,9}$/;
export const pairOf = (category: number | string, subcategory: number | string) =>
  `${Number(category)}-${Number(subcategory)}`;

/** The Tri-Tech tab's save: the product and its whole list of pairs (empty deletes the mapping). */
export const tritechMappingSchema = z.object({
  intent: z.literal("tritech-mapping"),
  productId: z.string().trim().min(1),
  pair: z
    .array(z.string().trim().regex(pairPattern))
    .max(500)
    .or(
      z
        .string()
        .trim()
        .regex(pairPattern)
        .transform((one) => [one]),
    )
    .optional()
    .default([]),
});

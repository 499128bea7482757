import { z } from "zod";
import { uuidField } from "~/domain/actions/intent";
import { SELECT_ALL_LIMIT, variantGid } from "./mapping-limits";

/** What /product-mapping's action accepts. */

/** Sync Now: a plain form (it works without JavaScript). */
export const syncForm = z.object({ intent: z.literal("sync") });

/**
 * The edit modal's selection, sent as JSON with the variants' numeric ids (a select-all of a large
 * store is thousands): preview answers the status modal's rows, save writes them.
 */
export const mappingRequest = z.object({
  intent: z.enum(["preview", "save"]),
  productId: uuidField,
  variantIds: z
    .array(z.string().regex(/^\d{1,20}$/))
    .max(SELECT_ALL_LIMIT)
    .transform((ids) => ids.map(variantGid)),
});
export type MappingRequest = z.infer<typeof mappingRequest>;

/** The resource route's views: the catalogue's pages, select all, a product's mapping, the sync. */
export const resourceQuery = z.discriminatedUnion("view", [
  z.object({
    view: z.literal("catalogue"),
    q: z.string().max(200).optional(),
    after: z.string().max(2000).optional(),
  }),
  z.object({ view: z.literal("selectable"), product: uuidField, q: z.string().max(200).optional() }),
  z.object({ view: z.literal("mapped"), product: uuidField }),
  z.object({ view: z.literal("sync") }),
]);

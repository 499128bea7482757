/** Sizes of the mapping modal, shared by the server and the browser. */

/** Products per catalogue page, and the variants a page stops at (at least one product). */
export const PAGE_PRODUCTS = 50;
export const PAGE_VARIANT_BUDGET = 500;
/** Select all takes at most this many variants (a selection is sent whole when it is saved). */
export const SELECT_ALL_LIMIT = 25_000;
/** Status rows the status modal lists (its counts cover them all). */
export const STATUS_ROWS_SHOWN = 500;

// A selection travels as the variants' numeric ids (a select-all of a large store must stay under the
// server's 1 MB body limit); the gid prefix is added back on each side.
const VARIANT_PREFIX = "gid://shopify/ProductVariant/";
export const variantNumber = (gid: string) =>
  gid.startsWith(VARIANT_PREFIX) ? gid.slice(VARIANT_PREFIX.length) : gid;
export const variantGid = (numeric: string) => `${VARIANT_PREFIX}${numeric}`;

import { and, eq } from "drizzle-orm";
import { z } from "zod";
import type { Tx } from "#db/client.server";
import {
  shopifyCatalogueProducts,
  shopifyCatalogueSyncs,
  shopifyCatalogueVariants,
  shopifyMappedVariants,
} from "#db/schema";
import { toMinorUnits } from "~/domain/kernel/money";
import { findStoreProfileByShop } from "../store-profiles.server";
import type { StoredWebhook } from "../webhooks/stored-webhook.server";
import { type CatalogueProduct, type CatalogueVariant, productGid } from "./catalogue-rows";
import { deleteProducts, lockCatalogue, replaceVariants, upsertProducts } from "./catalogue-store.server";
import { unmapVariants } from "./mapping-writes.server";

// The store catalogue kept current by products/create, products/update and products/delete between
// two Sync Nows. Each runs in the webhook's transaction, under the company's catalogue lock.

const id = z.union([z.number(), z.string()]);
const variantPayload = z.looseObject({
  id: id.nullish(),
  admin_graphql_api_id: z.string().nullish(),
  title: z.string().nullish(),
  sku: z.string().nullish(),
  price: z.union([z.string(), z.number()]).nullish(),
  position: z.number().nullish(),
});
const productPayload = z.looseObject({
  id: id.nullish(),
  admin_graphql_api_id: z.string().nullish(),
  title: z.string().nullish(),
  product_type: z.string().nullish(),
  handle: z.string().nullish(),
  status: z.string().nullish(),
  updated_at: z.string().nullish(),
  image: z.looseObject({ src: z.string().nullish() }).nullish(),
  images: z.array(z.looseObject({ src: z.string().nullish() })).nullish(),
  variants: z.array(variantPayload).nullish(),
  // Newer payloads may name the variants without their details.
  variant_gids: z.array(z.looseObject({ admin_graphql_api_id: z.string() })).nullish(),
});

const variantGid = (v: z.infer<typeof variantPayload>) =>
  v.admin_graphql_api_id ||
  (v.id !== null && v.id !== undefined ? `gid://shopify/ProductVariant/${v.id}` : null);

/** The company the shop is linked to, or why the webhook changes nothing. */
async function linkedAccount(tx: Tx, shop: string): Promise<string | null> {
  const profile = await findStoreProfileByShop(shop, tx);
  return profile?.accountId ?? null;
}

/** The shop's currency, as the last Sync Now read it (payloads carry prices, not their currency). */
async function currencyOf(tx: Tx, accountId: string): Promise<string> {
  const [sync] = await tx
    .select({ currency: shopifyCatalogueSyncs.currency })
    .from(shopifyCatalogueSyncs)
    .where(eq(shopifyCatalogueSyncs.accountId, accountId));
  return sync?.currency ?? "USD";
}

/** products/create and products/update: the product and its variants as the payload has them. */
export async function applyProductUpsert(tx: Tx, webhook: StoredWebhook): Promise<string> {
  const parsed = productPayload.safeParse(webhook.payload);
  const gid = parsed.success ? productGid(parsed.data) : null;
  if (!parsed.success || !gid || !parsed.data.title) return "ignored: the payload is not a product";
  const accountId = await linkedAccount(tx, webhook.shop);
  if (!accountId) return "ignored: the shop is not linked to a company";
  const p = parsed.data;
  const updatedAt = p.updated_at ? new Date(p.updated_at) : null;

  await lockCatalogue(tx, accountId);
  const [existing] = await tx
    .select({ at: shopifyCatalogueProducts.shopifyUpdatedAt })
    .from(shopifyCatalogueProducts)
    .where(
      and(
        eq(shopifyCatalogueProducts.accountId, accountId),
        eq(shopifyCatalogueProducts.shopifyProductId, gid),
      ),
    );
  // Shopify does not promise order: an older update arriving late changes nothing.
  if (existing?.at && updatedAt && existing.at.getTime() > updatedAt.getTime())
    return `skipped: the catalogue has a newer version of ${gid}`;

  const currency = await currencyOf(tx, accountId);
  const product: CatalogueProduct = {
    id: gid,
    title: p.title ?? "",
    productType: p.product_type ?? "",
    handle: p.handle ?? null,
    status: p.status ? p.status.toUpperCase() : null,
    imageUrl: p.image?.src ?? p.images?.[0]?.src ?? null,
    updatedAt,
    variants: [],
  };
  await upsertProducts(tx, accountId, webhook.shop, [product]);

  let variants: CatalogueVariant[];
  if (p.variants) {
    variants = p.variants.flatMap((v, i) => {
      const vid = variantGid(v);
      if (!vid) return [];
      return [
        {
          id: vid,
          productId: gid,
          title: v.title ?? "",
          sku: v.sku || null,
          priceMinor: toMinorUnits(v.price ?? null, currency),
          position: v.position ?? i + 1,
        },
      ];
    });
  } else {
    // Only the variants' ids: the ones we know stay as they are, the others are read by the next sync.
    const named = (p.variant_gids ?? []).map((v) => v.admin_graphql_api_id);
    variants = named.length
      ? (
          await tx
            .select()
            .from(shopifyCatalogueVariants)
            .where(
              and(
                eq(shopifyCatalogueVariants.accountId, accountId),
                eq(shopifyCatalogueVariants.shopifyProductId, gid),
              ),
            )
        )
          .filter((v) => named.includes(v.shopifyVariantId))
          .map((v) => ({
            id: v.shopifyVariantId,
            productId: gid,
            title: v.title,
            sku: v.sku,
            priceMinor: v.priceMinor,
            position: v.position,
          }))
      : [];
    if (!p.variant_gids) return `catalogue: ${gid} saved (the payload named no variants)`;
  }
  const removed = await replaceVariants(tx, accountId, [gid], variants);
  const unmapped = await unmapVariants(tx, accountId, removed);
  return `catalogue: ${gid} saved with ${variants.length} variants${
    removed.length ? `, ${removed.length} removed (${unmapped} mappings changed)` : ""
  }`;
}

/** products/delete: the product and its variants leave the catalogue and every mapping. */
export async function applyProductDelete(tx: Tx, webhook: StoredWebhook): Promise<string> {
  const gid = productGid(webhook.payload as { id?: unknown; admin_graphql_api_id?: unknown });
  if (!gid) return "ignored: the payload has no product id";
  const accountId = await linkedAccount(tx, webhook.shop);
  if (!accountId) return "ignored: the shop is not linked to a company";
  await lockCatalogue(tx, accountId);
  const removed = await deleteProducts(tx, accountId, [gid]);
  // Mapped variants of a product the catalogue never had (mapped before the first sync) go too.
  const mapped = await tx
    .select({ id: shopifyMappedVariants.shopifyVariantId })
    .from(shopifyMappedVariants)
    .where(
      and(eq(shopifyMappedVariants.accountId, accountId), eq(shopifyMappedVariants.shopifyProductId, gid)),
    );
  const unmapped = await unmapVariants(tx, accountId, [...new Set([...removed, ...mapped.map((r) => r.id)])]);
  return `catalogue: ${gid} deleted with ${removed.length} variants (${unmapped} mappings changed)`;
}

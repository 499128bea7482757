import { moneyV2 } from "./shopify-charges";
import { type GqlArgs, GqlFieldError, type GqlObject } from "./shopify-graphql";
import type { StoredProduct } from "./shopify-store";

/** Products as the Admin GraphQL API shows them, Relay connections, and the product search syntax. */

const cursorOf = (index: number) => Buffer.from(`cursor:${index}`).toString("base64");
const indexOf = (cursor: unknown) => {
  if (typeof cursor !== "string" || !cursor) return undefined;
  const m = /^cursor:(\d+)$/.exec(Buffer.from(cursor, "base64").toString("utf8"));
  if (!m) throw new GqlFieldError(`Invalid cursor for current pagination sort.`, { code: "BAD_REQUEST" });
  return Number(m[1]);
};

/** A Relay connection over a list: first/after, last/before, reverse; nodes, edges, pageInfo. */
export function connection(typeName: string, items: GqlObject[], args: GqlArgs): GqlObject {
  if (args.first == null && args.last == null)
    throw new GqlFieldError("you must provide one of first or last", {
      code: "argumentLiteralsIncompatible",
    });
  const ordered = args.reverse ? [...items].reverse() : items;
  let start = 0;
  let end = ordered.length;
  const after = indexOf(args.after);
  const before = indexOf(args.before);
  if (after !== undefined) start = after + 1;
  if (before !== undefined) end = Math.min(end, before);
  if (typeof args.first === "number") end = Math.min(end, start + args.first);
  if (typeof args.last === "number") start = Math.max(start, end - args.last);
  const slice = ordered.slice(start, end).map((node, i) => ({ node, cursor: cursorOf(start + i) }));
  return {
    __typename: `${typeName}Connection`,
    nodes: slice.map((e) => e.node),
    edges: slice.map((e) => ({ __typename: `${typeName}Edge`, node: e.node, cursor: e.cursor })),
    pageInfo: {
      __typename: "PageInfo",
      hasNextPage: end < ordered.length,
      hasPreviousPage: start > 0,
      startCursor: slice[0]?.cursor ?? null,
      endCursor: slice.at(-1)?.cursor ?? null,
    },
  };
}

function imageObject(url: string, alt: string, id: number): GqlObject {
  return {
    __typename: "Image",
    id: `gid://shopify/ProductImage/${id}`,
    url: () => url,
    src: url,
    originalSrc: url,
    transformedSrc: () => url,
    altText: alt,
    width: 200,
    height: 200,
  };
}

export function productObject(p: StoredProduct, currencyCode: string): GqlObject {
  const image = p.imageUrl ? imageObject(p.imageUrl, p.title, p.legacyId) : null;
  const prices = p.variants.map((v) => Number(v.price));
  const media: GqlObject | null = image && {
    __typename: "MediaImage",
    __implements: ["Media", "Node"],
    id: `gid://shopify/MediaImage/${p.legacyId}`,
    alt: p.title,
    mediaContentType: "IMAGE",
    status: "READY",
    preview: { __typename: "MediaPreviewImage", image, status: "READY" },
    image,
  };
  const variants = p.variants.map((v, i) => ({
    __typename: "ProductVariant",
    __implements: ["Node"],
    id: v.id,
    title: v.title,
    position: i + 1,
    displayName: `${p.title} - ${v.title}`,
    sku: v.sku,
    price: v.price,
    compareAtPrice: null,
    inventoryQuantity: v.inventoryQuantity,
    availableForSale: true,
    image,
  }));
  return {
    __typename: "Product",
    __implements: ["Node"],
    id: p.id,
    legacyResourceId: String(p.legacyId),
    title: p.title,
    handle: p.handle,
    productType: p.productType,
    status: p.status,
    vendor: p.vendor,
    description: () => p.description,
    descriptionHtml: `<p>${p.description}</p>`,
    tags: p.tags,
    createdAt: p.createdAt,
    updatedAt: p.createdAt,
    publishedAt: p.status === "ACTIVE" ? p.createdAt : null,
    onlineStoreUrl: null,
    onlineStorePreviewUrl: null,
    totalInventory: p.variants.reduce((n, v) => n + v.inventoryQuantity, 0),
    hasOnlyDefaultVariant: p.variants.length === 1,
    featuredImage: image,
    featuredMedia: media,
    media: (args: GqlArgs) => connection("Media", media ? [media] : [], args),
    images: (args: GqlArgs) => connection("Image", image ? [image] : [], args),
    variants: (args: GqlArgs) => connection("ProductVariant", variants, args),
    variantsCount: { __typename: "Count", count: variants.length, precision: "EXACT" },
    priceRangeV2: {
      __typename: "ProductPriceRangeV2",
      minVariantPrice: moneyV2({ amount: Math.min(...prices), currencyCode }),
      maxVariantPrice: moneyV2({ amount: Math.max(...prices), currencyCode }),
    },
  };
}

/**
 * Shopify's product search syntax, the part tests use: free words match the title; field:value
 * terms for title, product_type, status, vendor, handle, tag (values may be quoted, * is a prefix).
 */
export function matchesProductQuery(p: StoredProduct, query: unknown): boolean {
  if (typeof query !== "string" || !query.trim()) return true;
  const terms = query.match(/(\w+:)?("[^"]*"|'[^']*'|\S+)/g) ?? [];
  return terms.every((term) => {
    if (/^(AND|OR)$/i.test(term)) return true;
    const m = /^(\w+):(.*)$/.exec(term);
    const raw = (m ? m[2]! : term).replace(/^["']|["']$/g, "").toLowerCase();
    const like = (value: string) =>
      raw.endsWith("*") ? value.toLowerCase().startsWith(raw.slice(0, -1)) : value.toLowerCase() === raw;
    if (!m) return p.title.toLowerCase().includes(raw.replace(/\*$/, ""));
    switch (m[1]) {
      case "title":
        return like(p.title) || p.title.toLowerCase().includes(raw.replace(/\*$/, ""));
      case "product_type":
        return like(p.productType);
      case "status":
        return like(p.status);
      case "vendor":
        return like(p.vendor);
      case "handle":
        return like(p.handle);
      case "tag":
        return p.tags.some(like);
      case "id":
        return String(p.legacyId) === raw;
      default:
        return true;
    }
  });
}

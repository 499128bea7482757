import {
  type BillingContext,
  billingMutations,
  moneyV2,
  purchaseObject,
  subscriptionObject,
} from "./shopify-billing";
import { type GqlArgs, GqlFieldError, type GqlObject } from "./shopify-graphql";
import type { StoredProduct, StoredShop } from "./shopify-store";

/**
 * The Admin GraphQL API's objects, built per request for one shop: the query root (shop, products,
 * product, productsCount, nodes/node, currentAppInstallation, app, webhookSubscriptions) and the
 * mutation root (billing mutations, webhookSubscriptionCreate/Delete).
 */

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
  const variants = p.variants.map((v) => ({
    __typename: "ProductVariant",
    __implements: ["Node"],
    id: v.id,
    title: v.title,
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
    featuredMedia: image
      ? {
          __typename: "MediaImage",
          __implements: ["Media"],
          id: image.id,
          alt: p.title,
          preview: { __typename: "MediaPreviewImage", image },
          image,
        }
      : null,
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

export function shopObject(shop: StoredShop, origin: string): GqlObject {
  const name = shop.domain.replace(/\.myshopify\.com$/, "");
  return {
    __typename: "Shop",
    __implements: ["Node"],
    id: shop.id,
    name: shop.name,
    email: shop.email,
    contactEmail: shop.contactEmail,
    myshopifyDomain: shop.domain,
    url: `https://${shop.domain}`,
    primaryDomain: {
      __typename: "Domain",
      host: shop.domain,
      url: `https://${shop.domain}`,
      sslEnabled: true,
    },
    currencyCode: shop.currencyCode,
    enabledPresentmentCurrencies: [shop.currencyCode],
    ianaTimezone: shop.ianaTimezone,
    timezoneAbbreviation: "EST",
    shopOwnerName: shop.shopOwnerName,
    description: null,
    plan: {
      __typename: "ShopPlan",
      displayName: shop.planDisplayName,
      partnerDevelopment: shop.planDisplayName === "Developer Preview",
      shopifyPlus: shop.planDisplayName === "Shopify Plus",
    },
    billingAddress: {
      __typename: "ShopAddress",
      countryCodeV2: shop.countryCode,
      country: shop.countryCode,
      phone: shop.phone,
      city: "Springfield",
      address1: "1 Main Street",
      zip: "00001",
    },
    // Not in Shopify's schema: the stand-in's answer for the checkout SMS-marketing checkbox
    // (Settings > Checkout > "Show a sign-up option at checkout" for SMS), kept per shop.
    smsMarketingEnabled: shop.smsMarketingEnabled,
    adminUrl: `${origin}/admin`,
    myshopifyAdminUrl: `https://admin.shopify.com/store/${name}`,
  };
}

export function adminRoots(
  shop: StoredShop,
  ctx: BillingContext,
  apiKey: string,
): { query: GqlObject; mutation: GqlObject } {
  const { store } = ctx;
  const products = () => shop.products.map((p) => productObject(p, shop.currencyCode));
  const subscriptions = () => store.subscriptions.filter((s) => s.shop === shop.domain);
  const nodeById = (id: unknown): GqlObject | null => {
    const product = shop.products.find((p) => p.id === id);
    if (product) return productObject(product, shop.currencyCode);
    const sub = subscriptions().find((s) => s.id === id);
    if (sub) return subscriptionObject(sub);
    if (id === shop.id) return shopObject(shop, ctx.shopOrigin);
    return null;
  };
  const webhookObject = (w: (typeof store.webhookSubscriptions)[number]): GqlObject => ({
    __typename: "WebhookSubscription",
    __implements: ["Node"],
    id: w.id,
    topic: w.topic,
    format: w.format,
    includeFields: w.includeFields,
    createdAt: w.createdAt,
    callbackUrl: w.callbackUrl,
    endpoint: { __typename: "WebhookHttpEndpoint", callbackUrl: w.callbackUrl },
  });
  const installation: GqlObject = {
    __typename: "AppInstallation",
    __implements: ["Node"],
    id: `gid://shopify/AppInstallation/${shop.legacyId}`,
    launchUrl: `https://admin.shopify.com/store/${shop.domain.replace(/\.myshopify\.com$/, "")}/apps/${apiKey}`,
    accessScopes: shop.grantedScopes.map((handle) => ({
      __typename: "AccessScope",
      handle,
      description: handle,
    })),
    activeSubscriptions: () =>
      subscriptions()
        .filter((s) => s.status === "ACTIVE")
        .map((s) => subscriptionObject(s)),
    allSubscriptions: (args: GqlArgs) =>
      connection(
        "AppSubscription",
        subscriptions().map((s) => subscriptionObject(s)),
        args,
      ),
    oneTimePurchases: (args: GqlArgs) =>
      connection(
        "AppPurchaseOneTime",
        store.purchases.filter((p) => p.shop === shop.domain).map(purchaseObject),
        args,
      ),
  };
  const query: GqlObject = {
    __typename: "QueryRoot",
    shop: shopObject(shop, ctx.shopOrigin),
    products: (args: GqlArgs) =>
      connection(
        "Product",
        products().filter((_, i) => matchesProductQuery(shop.products[i]!, args.query)),
        args,
      ),
    productsCount: (args: GqlArgs) => ({
      __typename: "Count",
      count: shop.products.filter((p) => matchesProductQuery(p, args.query)).length,
      precision: "EXACT",
    }),
    product: (args: GqlArgs) => nodeById(args.id),
    productByHandle: (args: GqlArgs) => {
      const p = shop.products.find((x) => x.handle === args.handle);
      return p ? productObject(p, shop.currencyCode) : null;
    },
    productTypes: (args: GqlArgs) =>
      connection(
        "String",
        [...new Set(shop.products.map((p) => p.productType).filter(Boolean))] as unknown as GqlObject[],
        args,
      ),
    node: (args: GqlArgs) => nodeById(args.id),
    nodes: (args: GqlArgs) => ((args.ids ?? []) as unknown[]).map(nodeById),
    currentAppInstallation: installation,
    app: {
      __typename: "App",
      id: "gid://shopify/App/1",
      apiKey,
      handle: "stand-in-app",
      title: "Stand-in app",
      installation,
    },
    webhookSubscriptions: (args: GqlArgs) =>
      connection(
        "WebhookSubscription",
        store.webhookSubscriptions
          .filter(
            (w) => w.shop === shop.domain && (!args.topics || (args.topics as string[]).includes(w.topic)),
          )
          .map(webhookObject),
        args,
      ),
  };
  const mutation: GqlObject = {
    __typename: "Mutation",
    ...billingMutations(ctx),
    webhookSubscriptionCreate: (args: GqlArgs) => {
      const sub = (args.webhookSubscription ?? {}) as {
        callbackUrl?: string;
        uri?: string;
        format?: string;
        includeFields?: string[];
      };
      const created = {
        id: `gid://shopify/WebhookSubscription/${store.id()}`,
        shop: shop.domain,
        topic: String(args.topic),
        callbackUrl: String(sub.callbackUrl ?? sub.uri ?? ""),
        format: sub.format ?? "JSON",
        includeFields: sub.includeFields ?? [],
        createdAt: new Date().toISOString(),
      };
      store.webhookSubscriptions.push(created);
      return {
        __typename: "WebhookSubscriptionCreatePayload",
        webhookSubscription: webhookObject(created),
        userErrors: [],
      };
    },
    webhookSubscriptionDelete: (args: GqlArgs) => {
      const before = store.webhookSubscriptions.length;
      store.webhookSubscriptions = store.webhookSubscriptions.filter((w) => w.id !== args.id);
      const deleted = before !== store.webhookSubscriptions.length;
      return {
        __typename: "WebhookSubscriptionDeletePayload",
        deletedWebhookSubscriptionId: deleted ? args.id : null,
        userErrors: deleted
          ? []
          : [{ __typename: "UserError", field: ["id"], message: "Webhook subscription does not exist" }],
      };
    },
  };
  return { query, mutation };
}

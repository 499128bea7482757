import { randomBytes } from "node:crypto";

/**
 * The Shopify stand-in's state: the shops it knows (seeded by tests), the app's OAuth codes and
 * access tokens, and per shop the app's subscriptions, one-time purchases, usage records and
 * webhook subscriptions. Plain data, so the controls can hand it to specs as JSON.
 */

export type SeedProduct = {
  title: string;
  productType?: string;
  handle?: string;
  status?: "ACTIVE" | "DRAFT" | "ARCHIVED";
  vendor?: string;
  description?: string;
  tags?: string[];
  /** An image URL; omitted: the stand-in serves a generated picture (see imageUrl). null: no image. */
  imageUrl?: string | null;
  variants?: Array<{ title?: string; sku?: string; price?: string; inventoryQuantity?: number }>;
};

export type SeedShop = {
  /** demo-shop.myshopify.com (a bare "demo-shop" gets .myshopify.com). */
  domain: string;
  name?: string;
  email?: string;
  contactEmail?: string;
  currencyCode?: string;
  planDisplayName?: string;
  countryCode?: string;
  phone?: string;
  shopOwnerName?: string;
  ianaTimezone?: string;
  /** The store's checkout SMS-marketing checkbox (Settings > Checkout), read as shop.smsMarketingEnabled. */
  smsMarketingEnabled?: boolean;
  /** Staff members (ids, the id_token's sub) whose email Shopify has not verified (email_verified false). */
  unverifiedStaffIds?: number[];
  products?: SeedProduct[];
};

export type StoredVariant = {
  id: string;
  title: string;
  sku: string;
  price: string;
  inventoryQuantity: number;
};
export type StoredProduct = {
  id: string;
  legacyId: number;
  title: string;
  handle: string;
  productType: string;
  status: "ACTIVE" | "DRAFT" | "ARCHIVED";
  vendor: string;
  description: string;
  tags: string[];
  imageUrl: string | null;
  createdAt: string;
  variants: StoredVariant[];
};

export type Money = { amount: number; currencyCode: string };
export type StoredLineItem = {
  id: string;
  /** EVERY_30_DAYS / ANNUAL for recurring, usage otherwise. */
  kind: "recurring" | "usage";
  price?: Money;
  interval: "EVERY_30_DAYS" | "ANNUAL";
  cappedAmount?: Money;
  terms?: string;
  balanceUsed: number;
};
export type SubscriptionStatus = "PENDING" | "ACTIVE" | "DECLINED" | "CANCELLED" | "EXPIRED" | "FROZEN";
export type StoredSubscription = {
  id: string;
  legacyId: number;
  shop: string;
  name: string;
  status: SubscriptionStatus;
  test: boolean;
  trialDays: number;
  returnUrl: string;
  replacementBehavior: string;
  createdAt: string;
  currentPeriodEnd: string | null;
  lineItems: StoredLineItem[];
};
export type StoredUsageRecord = {
  id: string;
  shop: string;
  subscriptionId: string;
  subscriptionLineItemId: string;
  description: string;
  idempotencyKey: string | null;
  price: Money;
  createdAt: string;
};
export type StoredPurchase = {
  id: string;
  legacyId: number;
  shop: string;
  name: string;
  status: "PENDING" | "ACTIVE" | "DECLINED" | "EXPIRED";
  test: boolean;
  price: Money;
  returnUrl: string;
  createdAt: string;
};
export type StoredWebhookSubscription = {
  id: string;
  shop: string;
  topic: string;
  callbackUrl: string;
  format: string;
  includeFields: string[];
  metafieldNamespaces: string[];
  createdAt: string;
};
/** A metafield of any owner in a shop; `namespace` as stored (an app's `$app` expanded). */
export type StoredMetafield = {
  id: string;
  shop: string;
  ownerId: string;
  ownerType: string;
  namespace: string;
  key: string;
  value: string;
  type: string;
  createdAt: string;
  updatedAt: string;
};

/** A store customer's marketing consent (stand-ins/shopify-customers.ts serves them). */
export type SmsMarketingState = "SUBSCRIBED" | "NOT_SUBSCRIBED" | "UNSUBSCRIBED" | "PENDING" | "REDACTED";

export type MarketingConsent = {
  marketingState: SmsMarketingState;
  marketingOptInLevel: string | null;
  consentUpdatedAt: string | null;
  /** SHOPIFY (checkout, customer accounts) or OTHER (an app or an import). */
  consentCollectedFrom: "SHOPIFY" | "OTHER";
};

export type SeedCustomer = {
  firstName?: string;
  lastName?: string;
  email?: string | null;
  phone?: string | null;
  sms?: Partial<MarketingConsent>;
  emailMarketing?: Partial<MarketingConsent>;
};

export type StoredCustomer = {
  id: string;
  legacyId: number;
  shop: string;
  firstName: string;
  lastName: string;
  email: string | null;
  phone: string | null;
  sms: MarketingConsent;
  emailMarketing: MarketingConsent;
  createdAt: string;
  updatedAt: string;
};

export type StoredShop = Required<Omit<SeedShop, "products">> & {
  id: string;
  legacyId: number;
  products: StoredProduct[];
  /** Scopes granted to the app (the last install's). */
  grantedScopes: string[];
};
export type StoredToken = {
  token: string;
  shop: string;
  clientId: string;
  scope: string;
  online: boolean;
  userId?: number;
  expiresAt?: number;
  refreshToken?: string;
};

export function normaliseShop(domain: string): string {
  const d = domain
    .trim()
    .toLowerCase()
    .replace(/^https?:\/\//, "")
    .replace(/\/.*$/, "");
  return d.includes(".") ? d : `${d}.myshopify.com`;
}

export function shopName(domain: string): string {
  return normaliseShop(domain).replace(/\.myshopify\.com$/, "");
}

const titleCase = (s: string) =>
  s
    .split(/[-_]/)
    .map((w) => w.charAt(0).toUpperCase() + w.slice(1))
    .join(" ");

export const handleOf = (title: string) =>
  title
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");

export class ShopifyStore {
  shops = new Map<string, StoredShop>();
  tokens = new Map<string, StoredToken>();
  codes = new Map<
    string,
    { shop: string; clientId: string; scope: string; online: boolean; used: boolean }
  >();
  subscriptions: StoredSubscription[] = [];
  usageRecords: StoredUsageRecord[] = [];
  purchases: StoredPurchase[] = [];
  webhookSubscriptions: StoredWebhookSubscription[] = [];
  metafields: StoredMetafield[] = [];
  /** Store customers with their marketing consent (shopify-customers.ts). */
  customers: StoredCustomer[] = [];
  private nextId = 1000;

  id(): number {
    return this.nextId++;
  }

  /** Adds the shop, or replaces it (products included) when it exists. */
  seedShop(seed: SeedShop, imageBase: string): StoredShop {
    const domain = normaliseShop(seed.domain);
    const existing = this.shops.get(domain);
    const name = shopName(domain);
    const legacyId = existing?.legacyId ?? this.id();
    const shop: StoredShop = {
      domain,
      id: `gid://shopify/Shop/${legacyId}`,
      legacyId,
      name: seed.name ?? existing?.name ?? titleCase(name),
      email: seed.email ?? existing?.email ?? `owner@${name}.example`,
      contactEmail: seed.contactEmail ?? seed.email ?? existing?.contactEmail ?? `owner@${name}.example`,
      currencyCode: seed.currencyCode ?? existing?.currencyCode ?? "USD",
      planDisplayName: seed.planDisplayName ?? existing?.planDisplayName ?? "Basic",
      countryCode: seed.countryCode ?? existing?.countryCode ?? "US",
      phone: seed.phone ?? existing?.phone ?? "+15555550100",
      shopOwnerName: seed.shopOwnerName ?? existing?.shopOwnerName ?? "Ada Owner",
      ianaTimezone: seed.ianaTimezone ?? existing?.ianaTimezone ?? "America/New_York",
      smsMarketingEnabled: seed.smsMarketingEnabled ?? existing?.smsMarketingEnabled ?? false,
      unverifiedStaffIds: seed.unverifiedStaffIds ?? existing?.unverifiedStaffIds ?? [],
      grantedScopes: existing?.grantedScopes ?? [],
      products: existing?.products ?? [],
    };
    if (seed.products) shop.products = seed.products.map((p) => this.product(p, domain, imageBase));
    this.shops.set(domain, shop);
    return shop;
  }

  product(seed: SeedProduct, domain: string, imageBase: string): StoredProduct {
    const legacyId = this.id();
    const handle = seed.handle ?? handleOf(seed.title);
    return {
      id: `gid://shopify/Product/${legacyId}`,
      legacyId,
      title: seed.title,
      handle,
      productType: seed.productType ?? "",
      status: seed.status ?? "ACTIVE",
      vendor: seed.vendor ?? this.shops.get(domain)?.name ?? titleCase(shopName(domain)),
      description: seed.description ?? `${seed.title}, from the stand-in store.`,
      tags: seed.tags ?? [],
      imageUrl:
        seed.imageUrl === null
          ? null
          : (seed.imageUrl ?? `${imageBase}/cdn/shop/files/${encodeURIComponent(handle)}.svg`),
      createdAt: new Date().toISOString(),
      variants: (seed.variants ?? [{}]).map((v, i) => ({
        id: `gid://shopify/ProductVariant/${this.id()}`,
        title: v.title ?? "Default Title",
        sku: v.sku ?? `${handle.toUpperCase().slice(0, 12)}-${i + 1}`,
        price: v.price ?? "19.99",
        inventoryQuantity: v.inventoryQuantity ?? 10,
      })),
    };
  }

  issueToken(token: Omit<StoredToken, "token">): StoredToken {
    const stored = { ...token, token: `shpua_${randomBytes(16).toString("hex")}` };
    if (!token.online) stored.token = `shpat_${randomBytes(16).toString("hex")}`;
    this.tokens.set(stored.token, stored);
    return stored;
  }

  /** The shop, created with defaults if a test did not seed it (any store can install the app). */
  ensureShop(domain: string, imageBase: string): StoredShop {
    return this.shops.get(normaliseShop(domain)) ?? this.seedShop({ domain }, imageBase);
  }

  clear() {
    this.shops.clear();
    this.tokens.clear();
    this.codes.clear();
    this.subscriptions = [];
    this.usageRecords = [];
    this.purchases = [];
    this.webhookSubscriptions = [];
    this.metafields = [];
    this.customers = [];
  }
}

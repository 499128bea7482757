import { billingMutations, purchaseObject, subscriptionObject } from "./shopify-billing";
import { type BillingContext, moneyV2 } from "./shopify-charges";
import { customerMutations, customerQueries } from "./shopify-customers";
import type { GqlArgs, GqlObject } from "./shopify-graphql";
import { metafieldFields, metafieldsSet } from "./shopify-metafields";
import { connection, matchesProductQuery, productObject } from "./shopify-products";
import type { StoredShop, StoredWebhookSubscription } from "./shopify-store";

/**
 * The Admin GraphQL API's objects, built per request for one shop: the query root (shop, products,
 * product, productsCount, nodes/node, currentAppInstallation, app, webhookSubscriptions, customer,
 * customers; metafields on the shop and the installation) and the mutation root (billing mutations,
 * webhookSubscriptionCreate/Update/Delete, metafieldsSet, customerSmsMarketingConsentUpdate:
 * shopify-customers.ts).
 */

export function shopObject(shop: StoredShop): GqlObject {
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
    // The checkout SMS-marketing checkbox (Settings > Checkout > Marketing options > SMS), kept per
    // shop: Shopify's field is Shop.marketingSmsConsentEnabledAtCheckout (what /integration reads).
    marketingSmsConsentEnabledAtCheckout: shop.smsMarketingEnabled,
  };
}

type WebhookInput = {
  callbackUrl?: string;
  uri?: string;
  format?: string;
  includeFields?: string[];
  metafieldNamespaces?: string[];
};

function webhookFields(input: WebhookInput, current?: StoredWebhookSubscription) {
  return {
    callbackUrl: String(input.callbackUrl ?? input.uri ?? current?.callbackUrl ?? ""),
    format: input.format ?? current?.format ?? "JSON",
    includeFields: input.includeFields ?? current?.includeFields ?? [],
    metafieldNamespaces: input.metafieldNamespaces ?? current?.metafieldNamespaces ?? [],
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
  const installationId = `gid://shopify/AppInstallation/${shop.legacyId}`;
  const shopWithMetafields = (): GqlObject => ({
    ...shopObject(shop),
    ...metafieldFields(store, shop.domain, shop.id),
  });
  // AppSubscriptionLineItem.usageRecords, read through node(id: subscription) (the billing work's
  // reconciliation of usage records whose answer was lost), oldest first as Shopify keeps them.
  const withUsageRecords = (sub: GqlObject): GqlObject => ({
    ...sub,
    lineItems: (sub.lineItems as GqlObject[]).map((item) => ({
      ...item,
      usageRecords: (args: GqlArgs) =>
        connection(
          "AppUsageRecord",
          store.usageRecords
            .filter((r) => r.subscriptionLineItemId === item.id)
            .map((r) => ({
              __typename: "AppUsageRecord",
              __implements: ["Node"],
              id: r.id,
              description: r.description,
              idempotencyKey: r.idempotencyKey,
              price: moneyV2(r.price),
              createdAt: r.createdAt,
            })),
          args,
        ),
    })),
  });
  const nodeById = (id: unknown): GqlObject | null => {
    const product = shop.products.find((p) => p.id === id);
    if (product) return productObject(product, shop.currencyCode);
    const sub = subscriptions().find((s) => s.id === id);
    if (sub) return withUsageRecords(subscriptionObject(sub));
    if (id === shop.id) return shopWithMetafields();
    return null;
  };
  const ownerTypeOf = (id: string) => {
    if (id === shop.id) return "SHOP";
    if (id === installationId) return "API_PERMISSION";
    if (shop.products.some((p) => p.id === id)) return "PRODUCT";
    if (shop.products.some((p) => p.variants.some((v) => v.id === id))) return "PRODUCTVARIANT";
    return null;
  };
  const webhookObject = (w: (typeof store.webhookSubscriptions)[number]): GqlObject => ({
    __typename: "WebhookSubscription",
    __implements: ["Node"],
    id: w.id,
    topic: w.topic,
    format: w.format,
    includeFields: w.includeFields,
    metafieldNamespaces: w.metafieldNamespaces,
    filter: null,
    createdAt: w.createdAt,
    callbackUrl: w.callbackUrl,
    endpoint: { __typename: "WebhookHttpEndpoint", callbackUrl: w.callbackUrl },
  });
  const installation: GqlObject = {
    __typename: "AppInstallation",
    __implements: ["Node"],
    id: installationId,
    ...metafieldFields(store, shop.domain, installationId),
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
    shop: shopWithMetafields(),
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
    ...customerQueries(store, shop.domain),
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
      requestedAccessScopes: shop.grantedScopes.map((handle) => ({
        __typename: "AccessScope",
        handle,
        description: handle,
      })),
      optionalAccessScopes: [],
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
    metafieldsSet: metafieldsSet(store, shop.domain, ownerTypeOf),
    ...customerMutations(store, shop.domain, ctx.sendWebhook),
    webhookSubscriptionCreate: (args: GqlArgs) => {
      const input = (args.webhookSubscription ?? {}) as WebhookInput;
      const created = {
        id: `gid://shopify/WebhookSubscription/${store.id()}`,
        shop: shop.domain,
        topic: String(args.topic),
        ...webhookFields(input),
        createdAt: new Date().toISOString(),
      };
      store.webhookSubscriptions.push(created);
      return {
        __typename: "WebhookSubscriptionCreatePayload",
        webhookSubscription: webhookObject(created),
        userErrors: [],
      };
    },
    appRevokeAccessScopes: (args: GqlArgs) => {
      const revoke = ((args.scopes ?? []) as string[]).filter((scope) => shop.grantedScopes.includes(scope));
      shop.grantedScopes = shop.grantedScopes.filter((scope) => !revoke.includes(scope));
      return {
        __typename: "AppRevokeAccessScopesPayload",
        revoked: revoke.map((handle) => ({ __typename: "AccessScope", handle, description: handle })),
        userErrors: [],
      };
    },
    webhookSubscriptionUpdate: (args: GqlArgs) => {
      const found = store.webhookSubscriptions.find((w) => w.id === args.id && w.shop === shop.domain);
      const input = (args.webhookSubscription ?? {}) as WebhookInput;
      if (found) Object.assign(found, webhookFields(input, found));
      return {
        __typename: "WebhookSubscriptionUpdatePayload",
        webhookSubscription: found ? webhookObject(found) : null,
        userErrors: found
          ? []
          : [{ __typename: "UserError", field: ["id"], message: "Webhook subscription does not exist" }],
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

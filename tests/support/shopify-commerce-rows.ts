import { getDb } from "../../db/client.server";
import {
  journeys,
  products,
  shopifyCustomerConsents,
  shopifyMappedVariants,
  shopifyProductMappings,
  storeProfiles,
  touchpoints,
} from "../../db/schema";
import { createAccount } from "./factories";

/**
 * A store's commerce rows for the orders tests, the e2e fixture and the orders benchmark: a product
 * with its journey and touchpoints, mapped to store variants as the product-mapping screen leaves
 * them (shopify_product_mappings and one shopify_mapped_variants row per variant).
 */

export type TestTouchpoint = {
  name?: string;
  message?: string;
  wait?: number;
  channel?: "sms" | "email" | "whatsapp";
  commercial?: boolean;
};

export async function createMappedProduct(
  accountId: string,
  input: { name: string; variantIds: string[]; shopifyProductId?: string; touchpoints?: TestTouchpoint[] },
  db = getDb(),
) {
  const [product] = await db.insert(products).values({ accountId, name: input.name }).returning();
  const [journey] = await db
    .insert(journeys)
    .values({ accountId, productId: product.id, name: input.name })
    .returning();
  const steps = [];
  for (const [i, step] of (input.touchpoints ?? []).entries())
    steps.push(
      (
        await db
          .insert(touchpoints)
          .values({
            accountId,
            journeyId: journey.id,
            ordinal: i + 1,
            name: step.name ?? `Step ${i + 1}`,
            waitMinutes: step.wait ?? 0,
            waitUnit: "minutes",
            channel: step.channel ?? "sms",
            subject: step.channel === "email" ? "Your purchase" : null,
            message: step.message ?? `Hi {{first_name}}, step ${i + 1} for your ${input.name}`,
            commercial: step.commercial ?? true,
          })
          .returning()
      )[0],
    );
  const shopifyProductId =
    input.shopifyProductId ?? `gid://shopify/Product/${input.variantIds[0]?.split("/").pop()}0`;
  const [mapping] = await db
    .insert(shopifyProductMappings)
    .values({
      accountId,
      productId: product.id,
      shopifyProductIds: [shopifyProductId],
      shopifyProductVariants: { [shopifyProductId]: input.variantIds },
    })
    .returning();
  if (input.variantIds.length > 0)
    await db.insert(shopifyMappedVariants).values(
      input.variantIds.map((shopifyVariantId) => ({
        accountId,
        shopifyVariantId,
        shopifyProductId,
        productId: product.id,
        mappingId: mapping.id,
      })),
    );
  return { product, journey, touchpoints: steps, mapping };
}

/** A company linked to `shop` (its store profile), with one mapped product. */
export async function createMappedStore(input: {
  shop: string;
  automaticOptIn?: boolean;
  consentTitle?: string | null;
  consent?: string | null;
  product?: { name?: string; variantIds?: string[]; touchpoints?: TestTouchpoint[] };
}) {
  const account = await createAccount({ source: "shopify" });
  const [profile] = await getDb()
    .insert(storeProfiles)
    .values({
      shopDomain: input.shop,
      storeName: "Orders Test Shop",
      accountId: account.id,
      addContactsWithoutMarketingConsent: input.automaticOptIn ?? false,
      consentTitle: input.consentTitle ?? null,
      consent: input.consent ?? null,
    })
    .returning();
  const mapped = await createMappedProduct(account.id, {
    name: input.product?.name ?? "Espresso machine",
    variantIds: input.product?.variantIds ?? ["gid://shopify/ProductVariant/4201"],
    touchpoints: input.product?.touchpoints ?? [{ wait: 0 }],
  });
  return { account, profile, ...mapped };
}

/**
 * A store customer's SMS consent as customers_marketing_consent/update leaves it (for tests about
 * something else; shopify-consent-order.db.test.ts delivers the webhook itself).
 */
export async function recordShopifyConsent(
  store: { account: { id: string }; profile: { shopDomain: string } },
  customerId: number,
  state: "subscribed" | "not_subscribed" | "unsubscribed" = "subscribed",
  db = getDb(),
) {
  await db.insert(shopifyCustomerConsents).values({
    accountId: store.account.id,
    shop: store.profile.shopDomain,
    shopifyCustomerId: `gid://shopify/Customer/${customerId}`,
    state,
    optInLevel: "single_opt_in",
    consentUpdatedAt: new Date("2025-06-01T14:00:00Z"),
    collectedFrom: "shopify",
    learnedFrom: "customers_marketing_consent/update",
  });
}

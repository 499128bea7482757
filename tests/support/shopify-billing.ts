import { Session } from "@shopify/shopify-api";
import { eq } from "drizzle-orm";
import { SHOPIFY_SCOPES, shopifySessionStorage } from "../../app/services/shopify/shopify.server";
import { getDb } from "../../db/client.server";
import { accounts, type StorePlanDetails, storeProfiles } from "../../db/schema";
import { addMembership, createAccount, createUser } from "./factories";
import { SHOPIFY_TEST_SHOP } from "./shopify-test-env";
import type { ShopifyStandIn } from "./stand-ins/shopify";
import { memberContext } from "./team-factories";

/**
 * Store accounts for the Shopify billing tests (app/domain/billing/shopify-*.db.test.ts): a company
 * linked to a shop of the stand-in (source 'shopify', its store profile, and the offline session the
 * OAuth callback would have stored, with a token the stand-in accepts), and its company admin.
 */

export async function storeCompany(
  stand: ShopifyStandIn,
  options: {
    shop?: string;
    company?: string;
    account?: Partial<typeof accounts.$inferInsert>;
    planDetails?: StorePlanDetails | null;
  } = {},
) {
  const shop = options.shop ?? SHOPIFY_TEST_SHOP;
  const account = await createAccount({
    company: options.company ?? "Store Co",
    source: "shopify",
    accountStatus: "CREATED",
    ...options.account,
  });
  const admin = await createUser();
  await addMembership(admin.id, account.id, { isCompanyAdmin: true });
  const [profile] = await getDb()
    .insert(storeProfiles)
    .values({
      shopDomain: shop,
      storeName: "Demo Shop",
      accountId: account.id,
      showStepper: false,
      showWelcomePopUp: false,
      planDetails: options.planDetails ?? null,
    })
    .returning();
  const token = stand.store.issueToken({
    shop,
    clientId: "blusteam-test-api-key",
    scope: SHOPIFY_SCOPES.join(","),
    online: false,
  });
  const session = new Session({
    id: `offline_${shop}`,
    shop,
    state: "installed",
    isOnline: false,
    accessToken: token.token,
    scope: SHOPIFY_SCOPES.join(","),
  });
  await shopifySessionStorage.storeSession(session);
  return { account, admin, profile, shop, context: () => memberContext(admin.id) };
}

export async function accountRow(id: string) {
  const [row] = await getDb().select().from(accounts).where(eq(accounts.id, id));
  return row;
}

export async function profileRow(shop: string) {
  const [row] = await getDb().select().from(storeProfiles).where(eq(storeProfiles.shopDomain, shop));
  return row;
}

import { Session } from "@shopify/shopify-api";
import { eq } from "drizzle-orm";
import { selectPlan } from "../../app/domain/billing/checkout.server";
import { confirmStoreCharge } from "../../app/domain/billing/shopify-charge-return.server";
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
  stand.store.ensureShop(shop, stand.url);
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

/** Approve (or decline) on the stand-in's confirmation page; answers the return URL with its charge_id. */
export async function answerConfirmation(stand: ShopifyStandIn, confirmationUrl: string, approve: boolean) {
  const url = new URL(confirmationUrl);
  const response = await stand.control("POST", "/charges/answer", {
    shop: url.pathname.split("/")[1],
    id: Number(url.searchParams.get("id")),
    approve,
  });
  return new URL((response.body as { redirectTo: string }).redirectTo);
}

/** A store company on an approved Shopify subscription to `planId` (Select Plan, Approve, the return). */
export async function subscribedStoreCompany(
  stand: ShopifyStandIn,
  planId: string,
  options: { shop?: string } = {},
) {
  const store = await storeCompany(stand, options);
  const outcome = await selectPlan(await store.context(), planId);
  if (outcome.kind !== "store_confirmation") throw new Error(`Select Plan answered ${outcome.kind}`);
  const back = await answerConfirmation(stand, outcome.url, true);
  const chargeId = back.searchParams.get("charge_id") ?? "";
  if ((await confirmStoreCharge(store, chargeId)) !== "active") throw new Error("the charge is not active");
  const subscription = stand.store.subscriptions.find((s) => s.legacyId === Number(chargeId));
  if (!subscription) throw new Error("no subscription at the stand-in");
  return { ...store, subscription };
}

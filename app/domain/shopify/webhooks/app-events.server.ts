import { and, eq } from "drizzle-orm";
import { z } from "zod";
import type { Tx } from "#db/client.server";
import { shopifySessions, storeProfiles } from "#db/schema";
import { recordSystemAudit } from "~/domain/admin/audit.server";
import { applyShopifySubscriptionUpdate } from "~/domain/billing/shopify-subscriptions.server";
import { findStoreProfileByShop, type StoreProfile } from "../store-profiles.server";
import { happenedAt, type StoredWebhook } from "./stored-webhook.server";

/**
 * The app's own lifecycle topics: uninstall, granted scopes, the shop's name and email, and the
 * app subscription (billing). Each is harmless for a shop we know nothing of (never linked, or
 * already purged): it says so in its outcome and changes nothing.
 */

const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? "" : "s"}`;

/** The store took the app back after this event happened: a late delivery must not undo that. */
function reinstalledSince(profile: StoreProfile, webhook: StoredWebhook) {
  return profile.enabled && profile.installedAt.getTime() > happenedAt(webhook).getTime();
}

/**
 * app/uninstalled: the shop's Shopify sessions (its Admin API token among them) are deleted and its
 * profile disabled; its company, consent texts, flags and link stay, so a reinstall picks up where
 * it was (Shopify ends the app subscription itself and says so in app_subscriptions/update).
 */
export async function applyAppUninstalled(tx: Tx, webhook: StoredWebhook): Promise<string> {
  const profile = await findStoreProfileByShop(webhook.shop, tx);
  if (profile && reinstalledSince(profile, webhook))
    return "skipped: the store installed the app again after this uninstall";
  const sessions = await tx
    .delete(shopifySessions)
    .where(eq(shopifySessions.shop, webhook.shop))
    .returning({ id: shopifySessions.id });
  const deleted = plural(sessions.length, "session");
  if (!profile) return `no store profile: ${deleted} deleted`;
  if (!profile.enabled) return `already uninstalled: ${deleted} deleted`;

  const uninstalledAt = happenedAt(webhook);
  await tx
    .update(storeProfiles)
    .set({ enabled: false, uninstalledAt, updatedAt: new Date() })
    .where(eq(storeProfiles.id, profile.id));
  if (profile.accountId)
    await recordSystemAudit(tx, "shopify", {
      action: "shopify.app_uninstalled",
      targetType: "account",
      targetId: profile.accountId,
      before: { shop: webhook.shop, enabled: true },
      after: { shop: webhook.shop, enabled: false, uninstalledAt, sessionsDeleted: sessions.length },
    });
  return `uninstalled: store disabled, ${deleted} deleted`;
}

const scopesPayload = z.object({ current: z.array(z.string()) });

/** app/scopes_update: the scopes the merchant now grants, on the offline session and the profile. */
export async function applyAppScopesUpdate(tx: Tx, webhook: StoredWebhook): Promise<string> {
  const parsed = scopesPayload.safeParse(webhook.payload);
  if (!parsed.success) return "ignored: the payload has no current scopes";
  const scope = parsed.data.current.join(",");
  const sessions = await tx
    .update(shopifySessions)
    .set({ scope })
    .where(and(eq(shopifySessions.shop, webhook.shop), eq(shopifySessions.isOnline, false)))
    .returning({ id: shopifySessions.id });
  const profiles = await tx
    .update(storeProfiles)
    .set({ scopes: scope, updatedAt: new Date() })
    .where(eq(storeProfiles.shopDomain, webhook.shop))
    .returning({ id: storeProfiles.id });
  if (sessions.length === 0 && profiles.length === 0) return "no store profile or session: nothing to update";
  return `scopes set to "${scope}" on ${plural(sessions.length, "session")} and ${plural(profiles.length, "profile")}`;
}

const shopPayload = z.object({
  id: z.union([z.number(), z.string()]).nullish(),
  name: z.string().nullish(),
  email: z.string().nullish(),
});

/** shop/update: the store's name and owner email as Shopify now reports them. */
export async function applyShopUpdate(tx: Tx, webhook: StoredWebhook): Promise<string> {
  const parsed = shopPayload.safeParse(webhook.payload);
  if (!parsed.success) return "ignored: the payload is not a shop";
  const { id, name, email } = parsed.data;
  const changes = {
    ...(name?.trim() ? { storeName: name.trim() } : {}),
    ...(email !== undefined ? { shopEmail: email?.trim() || null } : {}),
    ...(id !== undefined && id !== null ? { shopifyStoreId: String(id) } : {}),
  };
  if (Object.keys(changes).length === 0) return "ignored: no name, email or id in the payload";
  const updated = await tx
    .update(storeProfiles)
    .set({ ...changes, updatedAt: new Date() })
    .where(eq(storeProfiles.shopDomain, webhook.shop))
    .returning({ id: storeProfiles.id });
  if (updated.length === 0) return "no store profile: nothing to update";
  return `store profile updated: ${Object.keys(changes).join(", ")}`;
}

/** app_subscriptions/update: the billing module moves the company's plan and status. */
export async function applyAppSubscriptionUpdate(webhook: StoredWebhook): Promise<string> {
  return applyShopifySubscriptionUpdate(webhook.shop, webhook.payload);
}

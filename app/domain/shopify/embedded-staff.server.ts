import { RequestedTokenType, type Session } from "@shopify/shopify-api";
import { and, eq, isNotNull, sql } from "drizzle-orm";
import { getDb } from "#db/client.server";
import { accounts, memberships, shopifySessions, storeProfiles, users } from "#db/schema";
import { normalizeEmail } from "~/domain/auth/identity.server";
import { shopifyApiOrNull, shopifySessionStorage } from "~/services/shopify/shopify.server";
import type { EmbeddedAuth } from "./embedded-auth.server";
import { createStoreCompany, ensureStoreProfile } from "./embedded-store.server";

/** The staff member of a shop as one of our users, working in the account linked to the shop. */
export type StaffIdentity = {
  userId: string;
  account: typeof accounts.$inferSelect;
  isCompanyAdmin: boolean;
};

/**
 * Marks a user created by the embedded app: no password was ever set, and no hash matches it, so
 * the standalone sign-in form refuses every password until they choose one through 'Reset password'.
 */
export const NO_PASSWORD = "shopify-staff:no-password";

/**
 * Every embedded request: the user and account /app recorded for this staff member of this shop.
 * The online session (id `{shop}_{sub}`) names their email; the shop's store profile names the
 * account; the membership says they belong to it. Null until /app has set them up (or after the
 * app was uninstalled, which deletes the sessions and disables the profile). The online session is
 * read for who the staff member is even once its own access token has expired: the request's
 * session token, just verified, is what proves they may use the store's admin now.
 */
export async function findEmbeddedStaff(auth: Pick<EmbeddedAuth, "shop" | "staffId">) {
  const api = shopifyApiOrNull();
  if (!api) return null;
  const [row] = await getDb()
    .select({ userId: users.id, account: accounts, isCompanyAdmin: memberships.isCompanyAdmin })
    .from(shopifySessions)
    .innerJoin(users, eq(users.email, sql`lower(${shopifySessions.email})`))
    .innerJoin(
      storeProfiles,
      and(eq(storeProfiles.shopDomain, shopifySessions.shop), eq(storeProfiles.enabled, true)),
    )
    .innerJoin(accounts, eq(accounts.id, storeProfiles.accountId))
    .innerJoin(memberships, and(eq(memberships.userId, users.id), eq(memberships.accountId, accounts.id)))
    .where(
      and(
        eq(shopifySessions.id, api.session.getJwtSessionId(auth.shop, auth.staffId)),
        eq(shopifySessions.shop, auth.shop),
        isNotNull(shopifySessions.email),
      ),
    );
  return (row ?? null) satisfies StaffIdentity | null;
}

/**
 * The staff member's online session: the stored one while it lasts, otherwise a new one by token
 * exchange (Shopify answers with the associated user: id, name, email, email_verified, account_owner).
 */
export async function onlineSessionFor(auth: EmbeddedAuth): Promise<Session> {
  const api = shopifyApiOrNull();
  if (!api) throw new Error("Shopify is not configured");
  const stored = await shopifySessionStorage.loadSession(
    api.session.getJwtSessionId(auth.shop, auth.staffId),
  );
  if (stored?.isActive(undefined) && stored.onlineAccessInfo?.associated_user?.email) return stored;
  const { session } = await api.auth.tokenExchange({
    shop: auth.shop,
    sessionToken: auth.sessionToken,
    requestedTokenType: RequestedTokenType.OnlineAccessToken,
  });
  await shopifySessionStorage.storeSession(session);
  return session;
}

export type ProvisionOutcome =
  | {
      ok: true;
      identity: StaffIdentity;
      created: { user: boolean; account: boolean; membership: boolean };
    }
  | { ok: false; reason: "noEmail" | "emailUnverified" };

/**
 * The first open of /app by a staff member (and every open after, which changes nothing): records
 * or re-enables the store profile, maps the staff member to our user by their email (created without
 * a password when new), links an unlinked store to a company made for it, and makes them a member
 * of the shop's company, as its company admin when they own the store. One transaction, so two
 * tabs opening at once make one user, one company and one membership.
 */
export async function provisionEmbeddedStaff(auth: EmbeddedAuth): Promise<ProvisionOutcome> {
  const online = await onlineSessionFor(auth);
  const staff = online.onlineAccessInfo?.associated_user;
  if (!staff?.email) return { ok: false, reason: "noEmail" };
  const email = normalizeEmail(staff.email);
  const verified = staff.email_verified === true;
  const owner = staff.account_owner === true;
  const profile = await ensureStoreProfile(auth);

  return getDb().transaction(async (tx) => {
    const [existing] = await tx.select().from(users).where(eq(users.email, email));
    // Someone who opens a store's admin with an address Shopify has not verified must not become the
    // user who already owns that address with us (and see their companies).
    if (existing && !verified) return { ok: false as const, reason: "emailUnverified" as const };
    if (!existing) {
      // Another first open may be creating the same user: its row wins, and this one reads it.
      await tx
        .insert(users)
        .values({
          email,
          givenName: staff.first_name?.trim() || email.split("@")[0],
          familyName: staff.last_name?.trim() ?? "",
          passwordHash: NO_PASSWORD,
          emailVerifiedAt: verified ? new Date() : null,
        })
        .onConflictDoNothing({ target: users.email });
    }
    const [user] = existing ? [existing] : await tx.select().from(users).where(eq(users.email, email));

    // The profile row is locked so that two first opens link the store to one company only.
    const [locked] = await tx
      .select()
      .from(storeProfiles)
      .where(eq(storeProfiles.id, profile.id))
      .for("update");
    let accountId = locked?.accountId ?? null;
    const createdAccount = accountId === null;
    if (accountId === null) {
      accountId = await createStoreCompany(tx, { profile, ownerUserId: owner ? user.id : null });
    }

    const [membership] = await tx
      .insert(memberships)
      .values({ userId: user.id, accountId, isCompanyAdmin: owner })
      .onConflictDoNothing()
      .returning();
    // The store's owner is always a company admin of its company; nobody is ever demoted here.
    if (!membership && owner) {
      await tx
        .update(memberships)
        .set({ isCompanyAdmin: true })
        .where(and(eq(memberships.userId, user.id), eq(memberships.accountId, accountId)));
    }
    const [account] = await tx.select().from(accounts).where(eq(accounts.id, accountId));
    const [current] = await tx
      .select({ isCompanyAdmin: memberships.isCompanyAdmin })
      .from(memberships)
      .where(and(eq(memberships.userId, user.id), eq(memberships.accountId, accountId)));
    return {
      ok: true as const,
      identity: { userId: user.id, account, isCompanyAdmin: current?.isCompanyAdmin ?? false },
      created: { user: !existing, account: createdAccount, membership: Boolean(membership) },
    };
  });
}

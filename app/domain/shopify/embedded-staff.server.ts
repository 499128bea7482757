import { RequestedTokenType, type Session } from "@shopify/shopify-api";
import { and, eq, isNotNull, sql } from "drizzle-orm";
import { getDb } from "#db/client.server";
import { accounts, memberships, shopifySessions, storeProfiles, users } from "#db/schema";
import { normalizeEmail } from "~/domain/auth/identity.server";
import { clearRemoval, takeOpenInvitation, wasRemoved } from "~/domain/team/removals.server";
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
 * session token, just verified, is what proves they may use the store's admin now. Only an address
 * Shopify verified names a user, and only a membership its owner confirmed counts (see provision).
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
    .innerJoin(
      memberships,
      and(
        eq(memberships.userId, users.id),
        eq(memberships.accountId, accounts.id),
        eq(memberships.ownerConfirmed, true),
      ),
    )
    .where(
      and(
        eq(shopifySessions.id, api.session.getJwtSessionId(auth.shop, auth.staffId)),
        eq(shopifySessions.shop, auth.shop),
        isNotNull(shopifySessions.email),
        eq(shopifySessions.emailVerified, true),
      ),
    );
  return (row ?? null) satisfies StaffIdentity | null;
}

/**
 * The staff member's online session: the stored one while it lasts, otherwise a new one by token
 * exchange (Shopify answers with the associated user: id, name, email, email_verified, account_owner).
 * A stored one whose address was not verified yet is asked again: the staff member may have verified
 * it since, and was told to come back when they had.
 */
export async function onlineSessionFor(auth: EmbeddedAuth): Promise<Session> {
  const api = shopifyApiOrNull();
  if (!api) throw new Error("Shopify is not configured");
  const stored = await shopifySessionStorage.loadSession(
    api.session.getJwtSessionId(auth.shop, auth.staffId),
  );
  const storedStaff = stored?.onlineAccessInfo?.associated_user;
  if (stored?.isActive(undefined) && storedStaff?.email && storedStaff.email_verified === true) return stored;
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
  | { ok: false; reason: "noEmail" | "emailUnverified" | "removed" };

/**
 * The first open of /app by a staff member (and every open after, which changes nothing): records
 * or re-enables the store profile, maps the staff member to our user by their email (created without
 * a password when new), links an unlinked store to a company made for it, and makes them a member
 * of the shop's company, as its company admin when they own the store. One transaction, so two
 * tabs opening at once make one user, one company and one membership.
 *
 * Only an address Shopify has verified is taken: a store's staff account may carry any address, and
 * an unverified one would make (or join) the user who owns it with us, and put its real owner into
 * this store's company when she signs up (issue 32). A member removed from the team is not made one
 * again, unless the company invited them back (an open invitation, used up here).
 */
export async function provisionEmbeddedStaff(auth: EmbeddedAuth): Promise<ProvisionOutcome> {
  const online = await onlineSessionFor(auth);
  const staff = online.onlineAccessInfo?.associated_user;
  if (!staff?.email) return { ok: false, reason: "noEmail" };
  if (staff.email_verified !== true) return { ok: false, reason: "emailUnverified" };
  const email = normalizeEmail(staff.email);
  const owner = staff.account_owner === true;
  const profile = await ensureStoreProfile(auth);

  return getDb().transaction(async (tx) => {
    const [existing] = await tx.select().from(users).where(eq(users.email, email));
    if (!existing) {
      // Another first open may be creating the same user: its row wins, and this one reads it.
      await tx
        .insert(users)
        .values({
          email,
          givenName: staff.first_name?.trim() || email.split("@")[0],
          familyName: staff.last_name?.trim() ?? "",
          passwordHash: NO_PASSWORD,
          emailVerifiedAt: new Date(),
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
    const pair = { userId: user.id, accountId };
    const mine = and(eq(memberships.userId, user.id), eq(memberships.accountId, accountId));

    const [before] = await tx.select().from(memberships).where(mine);
    if (!before) {
      const invited = await takeOpenInvitation(tx, email, accountId);
      if (await wasRemoved(tx, pair)) {
        if (!invited) return { ok: false as const, reason: "removed" as const };
        await clearRemoval(tx, pair);
      }
    }
    const [membership] = await tx
      .insert(memberships)
      .values({ ...pair, isCompanyAdmin: owner })
      .onConflictDoNothing()
      .returning();
    // Shopify has verified the address now: a membership made for it before (when it was not) is
    // its owner's. The store's owner is always a company admin of its company; nobody is demoted here.
    if (before && (!before.ownerConfirmed || (owner && !before.isCompanyAdmin))) {
      await tx
        .update(memberships)
        .set({ ownerConfirmed: true, ...(owner ? { isCompanyAdmin: true } : {}) })
        .where(mine);
    }
    const [account] = await tx.select().from(accounts).where(eq(accounts.id, accountId));
    const [current] = await tx
      .select({ isCompanyAdmin: memberships.isCompanyAdmin })
      .from(memberships)
      .where(mine);
    return {
      ok: true as const,
      identity: { userId: user.id, account, isCompanyAdmin: current?.isCompanyAdmin ?? false },
      created: { user: !existing, account: createdAccount, membership: Boolean(membership) },
    };
  });
}

import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { Session } from "@shopify/shopify-api";
import { eq, sql } from "drizzle-orm";
import { expect, test } from "vitest";
import { getDb } from "#db/client.server";
import { inviteHistory, membershipRemovals, memberships, storeProfiles, users } from "#db/schema";
import { requireMember, requireViewer, requireViewerWith } from "~/domain/access/guard.server";
import { confirmSignUp, forgotPassword, resetPassword, signUp } from "~/domain/auth/identity.server";
import { sendInvitations } from "~/domain/team/invitations.server";
import { removeMember } from "~/domain/team/members.server";
import { shopifyApiOrNull, shopifySessionStorage } from "~/services/shopify/shopify.server";
import {
  bearerRequest,
  openApp,
  openAs,
  sessionToken,
  setUpEmbeddedShopify,
} from "../../../tests/support/embedded-shopify";
import {
  addMembership,
  createAccount,
  createUser,
  latestCodeFor,
  membershipOf,
  redirectTarget,
  signedInRequest,
  thrownBy,
} from "../../../tests/support/factories";
import { describeEachDatabase } from "../../../tests/support/test-database";
import { NO_PASSWORD } from "./embedded-staff.server";

/**
 * Issue 32, items 5 and 7: who the embedded app lets in. Only an address Shopify verified names a
 * user; memberships made for an address before its owner proved it are dropped when she does; a
 * session token carries no platform role; a member removed from the team stays removed.
 */

const SHOP = "demo-shop.myshopify.com";
const VICTIM = "victim@example.com";
const origin = { ip: "203.0.113.7", language: "en" as const };

const usersWithEmail = (email: string) => getDb().select().from(users).where(eq(users.email, email));

/** The owner of the address signs up with us and confirms it with the code mailed to her. */
async function ownerSignsUpAndConfirms(email: string) {
  await signUp({ email, givenName: "Vera", familyName: "Owner", password: "owners-password-1" }, origin);
  expect(await confirmSignUp(email, await latestCodeFor(email), origin)).toEqual({
    ok: true,
    value: "confirmed",
  });
}

/** The hand-written migration that marks the memberships the embedded app made from unverified addresses. */
async function runUnconfirmedMembershipsMigration() {
  const folder = path.resolve(__dirname, "../../../db/migrations");
  const file = readdirSync(folder).find((name) => name.endsWith("_unconfirmed_embedded_memberships.sql"));
  if (!file) throw new Error("no *_unconfirmed_embedded_memberships.sql migration");
  for (const statement of readFileSync(path.join(folder, file), "utf8").split("--> statement-breakpoint"))
    await getDb().execute(sql.raw(statement));
}

/**
 * What /app did before issue 32 for a staff member whose address Shopify had not verified: the
 * online session (email_verified false), a user without a password for that address, and a
 * membership in the store's company.
 */
async function legacyUnverifiedStaff(staffId: number, email: string) {
  const api = shopifyApiOrNull();
  if (!api) throw new Error("Shopify is not configured");
  const account = await createAccount({ company: "Attacker Co" });
  await getDb().insert(storeProfiles).values({ shopDomain: SHOP, storeName: "Demo", accountId: account.id });
  await shopifySessionStorage.storeSession(
    new Session({
      id: api.session.getJwtSessionId(SHOP, String(staffId)),
      shop: SHOP,
      state: "",
      isOnline: true,
      accessToken: `online-${staffId}`,
      scope: "read_orders",
      expires: new Date(Date.now() + 86_400_000),
      onlineAccessInfo: {
        expires_in: 86_400,
        associated_user_scope: "read_orders",
        associated_user: {
          id: staffId,
          first_name: "Mallory",
          last_name: "",
          email,
          email_verified: false,
          account_owner: true,
          locale: "en",
          collaborator: false,
        },
      },
    }),
  );
  const [user] = await getDb()
    .insert(users)
    .values({ email, givenName: "Mallory", familyName: "", passwordHash: NO_PASSWORD })
    .returning();
  await addMembership(user.id, account.id, {
    isCompanyAdmin: true,
    createdAt: new Date(Date.now() - 60_000),
  });
  return { account, user };
}

describeEachDatabase("who the embedded app lets in", () => {
  const shopify = setUpEmbeddedShopify();

  test("an address Shopify has not verified makes no user and joins no company; its owner signs up into no one else's", async () => {
    await createAccount();
    const opened = await openAs(shopify(), SHOP, {
      id: 9,
      email: VICTIM,
      email_verified: false,
      account_owner: true,
    });

    // The staff member is asked to verify the address in Shopify; nothing is made for it.
    expect(opened.shown).toEqual({ problem: "emailUnverified" });
    expect(await usersWithEmail(VICTIM)).toEqual([]);
    expect(await getDb().select().from(memberships)).toEqual([]);

    await ownerSignsUpAndConfirms(VICTIM);
    const [owner] = await usersWithEmail(VICTIM);
    expect(await getDb().select().from(memberships).where(eq(memberships.userId, owner.id))).toEqual([]);
    // The token of whoever typed her address into the store never acts as her.
    const token = await sessionToken(SHOP, { sub: "9" });
    expect(await redirectTarget(requireViewer(bearerRequest(token)))).toBe("/app/contacts");
  });

  test("once Shopify has verified the address, the next open asks Shopify again and the app opens", async () => {
    await createAccount();
    expect(
      (await openAs(shopify(), SHOP, { id: 9, email: "clerk@demo-shop.com", email_verified: false })).shown,
    ).toEqual({ problem: "emailUnverified" });

    const opened = await openAs(shopify(), SHOP, {
      id: 9,
      email: "clerk@demo-shop.com",
      email_verified: true,
    });

    expect(new URL(opened.location ?? "", "http://x").pathname).toBe("/");
    const member = await requireMember(bearerRequest(await sessionToken(SHOP, { sub: "9" })));
    expect(member.user.email).toBe("clerk@demo-shop.com");
  });

  test("made before the fix: the membership never opens the company, and confirming the address drops it", async () => {
    const { account, user } = await legacyUnverifiedStaff(9, VICTIM);
    await runUnconfirmedMembershipsMigration();
    expect(await membershipOf(user.id, account.id)).toMatchObject({ ownerConfirmed: false });

    // The session token of whoever chose the address no longer resolves to that user.
    const token = await sessionToken(SHOP, { sub: "9" });
    expect(await redirectTarget(requireViewer(bearerRequest(token)))).toBe("/app/contacts");

    await ownerSignsUpAndConfirms(VICTIM);

    expect(await membershipOf(user.id, account.id)).toBeUndefined();
    const viewer = await requireViewer(await signedInRequest(user.id));
    expect(viewer.memberships).toEqual([]);
    // Nor does /app add her back while Shopify still has the address unverified.
    shopify().staff(SHOP, { id: 9, email: VICTIM, email_verified: false });
    expect((await openApp(SHOP, token)).shown).toEqual({ problem: "emailUnverified" });
    expect(await membershipOf(user.id, account.id)).toBeUndefined();
  });

  test("made before the fix: a password reset proves the address too, and drops it as well", async () => {
    const { account, user } = await legacyUnverifiedStaff(9, VICTIM);
    await runUnconfirmedMembershipsMigration();

    await forgotPassword(VICTIM, origin);
    const code = await latestCodeFor(VICTIM);
    expect(await resetPassword({ email: VICTIM, code, newPassword: "owners-password-1" }, origin)).toEqual({
      ok: true,
      value: undefined,
    });

    expect(await membershipOf(user.id, account.id)).toBeUndefined();
  });

  test("made before the fix for a staff member whose address Shopify has since verified: the next open confirms it", async () => {
    const { account, user } = await legacyUnverifiedStaff(9, "clerk@demo-shop.com");
    await runUnconfirmedMembershipsMigration();

    const opened = await openAs(shopify(), SHOP, {
      id: 9,
      email: "clerk@demo-shop.com",
      email_verified: true,
    });

    expect(new URL(opened.location ?? "", "http://x").pathname).toBe("/");
    expect(await membershipOf(user.id, account.id)).toMatchObject({ ownerConfirmed: true });
    const member = await requireMember(bearerRequest(await sessionToken(SHOP, { sub: "9" })));
    expect(member.account.id).toBe(account.id);
  });

  test("the migration drops a membership the owner's confirmation came after, and keeps one she joined later", async () => {
    const { account, user } = await legacyUnverifiedStaff(9, VICTIM);
    // She confirmed her address before this release: the membership was made before that.
    await getDb().update(users).set({ emailVerifiedAt: new Date() }).where(eq(users.id, user.id));
    const invitedLater = await createUser({ email: "invited@demo.example" });
    await shopifySessionStorage.storeSession(
      new Session({
        id: `${SHOP}_10`,
        shop: SHOP,
        state: "",
        isOnline: true,
        accessToken: "online-10",
        onlineAccessInfo: {
          expires_in: 1,
          associated_user_scope: "",
          associated_user: {
            id: 10,
            first_name: "",
            last_name: "",
            email: "invited@demo.example",
            email_verified: false,
            account_owner: false,
            locale: "en",
            collaborator: false,
          },
        },
      }),
    );
    await addMembership(invitedLater.id, account.id);

    await runUnconfirmedMembershipsMigration();

    expect(await membershipOf(user.id, account.id)).toBeUndefined();
    expect(await membershipOf(invitedLater.id, account.id)).toMatchObject({ ownerConfirmed: true });
  });

  test("a session token carries no platform role: the admin areas need the cookie app", async () => {
    await createAccount();
    const admin = await createUser({ email: "ops@demo.example", roles: ["admin", "beta", "internal"] });
    await openAs(shopify(), SHOP, { id: 7, email: "ops@demo.example", account_owner: true });
    const token = await sessionToken(SHOP, { sub: "7" });

    const embedded = await requireViewer(bearerRequest(token, "/admin"));
    expect(embedded.roles).toEqual([]);
    const refused = await thrownBy(requireViewerWith(bearerRequest(token, "/admin"), "admin.view"));
    expect((refused as Response).headers.get("Location")).toBe("/");
    const member = await requireMember(bearerRequest(token));
    expect(member.roles).toEqual([]);

    // The same user signed in to our own app keeps them.
    const standalone = await requireViewerWith(
      await signedInRequest(admin.id, "http://localhost:3000/admin"),
      "admin.view",
    );
    expect(standalone.roles.sort()).toEqual(["admin", "beta", "internal"]);
  });

  test("a staff member removed from the team is not added back at their next open, until invited again", async () => {
    await createAccount();
    await openAs(shopify(), SHOP, { id: 7, email: "owner@demo.example", account_owner: true });
    await openAs(shopify(), SHOP, { id: 8, email: "clerk@demo-shop.com" });
    const owner = await requireMember(bearerRequest(await sessionToken(SHOP, { sub: "7" })));
    const [clerk] = await usersWithEmail("clerk@demo-shop.com");
    expect(await removeMember(owner, clerk.id)).toBe("done");
    const [removal] = await getDb().select().from(membershipRemovals);
    expect(removal).toMatchObject({
      userId: clerk.id,
      accountId: owner.account.id,
      removedByUserId: owner.user.id,
    });

    const clerkToken = await sessionToken(SHOP, { sub: "8" });
    expect((await openApp(SHOP, clerkToken)).shown).toEqual({ problem: "removed" });
    expect(await membershipOf(clerk.id, owner.account.id)).toBeUndefined();
    expect(await redirectTarget(requireViewer(bearerRequest(clerkToken)))).toBe("/app/contacts");

    // A company admin invites them again, on purpose: their next open joins and uses the invitation.
    expect(await sendInvitations(owner, "clerk@demo-shop.com", "en")).toMatchObject({
      sent: ["clerk@demo-shop.com"],
    });
    expect(new URL((await openApp(SHOP, clerkToken)).location ?? "", "http://x").pathname).toBe("/");
    expect(await membershipOf(clerk.id, owner.account.id)).toMatchObject({ isCompanyAdmin: false });
    expect(await getDb().select().from(inviteHistory)).toEqual([]);
    expect(await getDb().select().from(membershipRemovals)).toEqual([]);
  });

  test("a member who left is not added back either; the others open as before", async () => {
    await createAccount();
    await openAs(shopify(), SHOP, { id: 7, email: "owner@demo.example", account_owner: true });
    await openAs(shopify(), SHOP, { id: 8, email: "clerk@demo-shop.com" });
    const clerk = await requireMember(bearerRequest(await sessionToken(SHOP, { sub: "8" })));
    expect(await removeMember(clerk, clerk.user.id)).toBe("done");

    expect((await openApp(SHOP, await sessionToken(SHOP, { sub: "8" }))).shown).toEqual({
      problem: "removed",
    });
    // Others are unaffected.
    expect(
      new URL((await openApp(SHOP, await sessionToken(SHOP, { sub: "7" }))).location ?? "", "http://x")
        .pathname,
    ).toBe("/");
  });
});

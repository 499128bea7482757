import { eq } from "drizzle-orm";
import { expect, test } from "vitest";
import { accountRequests, accounts, legalDocuments, memberships } from "#db/schema";
import { seedDemoData, seedReferenceData } from "#db/seed";
import { DEMO_ACCOUNT_ID } from "~/domain/demo/demo-account";
import {
  addMembership,
  createAccount,
  createUser,
  membershipOf,
  signedInRequest,
} from "../../../tests/support/factories";
import { describeEachDatabase } from "../../../tests/support/test-database";
import { loadViewer, requireMember, type Viewer } from "../access/guard.server";
import {
  acceptTerms,
  createCompany,
  latestAccessRequest,
  requestAccess,
  switchActiveAccount,
  termsAcceptanceNeeded,
} from "./accounts.server";

const newCompany = {
  company: "Acme",
  url: "www.acme.test",
  linkShortenerSubdomain: "acme-links",
  chatstreamSubdomain: "acme-chat",
  country: "US",
};

async function viewerOf(userId: string): Promise<Viewer> {
  const viewer = await loadViewer(userId);
  if (!viewer) throw new Error(`no user ${userId}`);
  return viewer;
}

const memberContext = async (userId: string) => requireMember(await signedInRequest(userId));

describeEachDatabase("accounts", (getDb) => {
  const accountRow = async (id: string) =>
    (await getDb().select().from(accounts).where(eq(accounts.id, id)))[0];

  test("createCompany makes the creator its company admin and the new company active", async () => {
    await seedReferenceData(getDb());
    const user = await createUser();
    const existing = await createAccount({ company: "First Co" });
    await addMembership(user.id, existing.id, { activatedAt: new Date(Date.now() - 60_000) });

    const result = await createCompany(await viewerOf(user.id), newCompany);

    expect(result.ok).toBe(true);
    const accountId = result.ok ? result.accountId : "";
    expect(await accountRow(accountId)).toMatchObject({
      company: "Acme",
      companyLowercased: "acme",
      ownerUserId: user.id,
      accountStatus: "CREATED",
      linkShortenerSubdomain: "acme-links",
      chatstreamSubdomain: "acme-chat",
    });
    expect(await membershipOf(user.id, accountId)).toMatchObject({ isCompanyAdmin: true });
    const viewer = await viewerOf(user.id);
    expect(viewer.memberships.map((m) => m.company)).toEqual(["Acme", "First Co"]);
    expect((await memberContext(user.id)).account.id).toBe(accountId);
  });

  test("taken subdomains are refused per field, and no other company changes", async () => {
    await seedReferenceData(getDb());
    await seedDemoData(getDb());
    const user = await createUser();
    const demoBefore = await accountRow(DEMO_ACCOUNT_ID);
    const demoMembersBefore = await getDb().$count(memberships, eq(memberships.accountId, DEMO_ACCOUNT_ID));
    const viewer = await viewerOf(user.id);

    const both = await createCompany(viewer, {
      ...newCompany,
      linkShortenerSubdomain: "demo-links",
      chatstreamSubdomain: "demo-chat",
    });
    const chatOnly = await createCompany(viewer, { ...newCompany, chatstreamSubdomain: "demo-chat" });

    expect(both).toEqual({
      ok: false,
      fieldErrors: {
        linkShortenerSubdomain: ["validation.subdomainTaken"],
        chatstreamSubdomain: ["validation.subdomainTaken"],
      },
    });
    expect(chatOnly).toEqual({
      ok: false,
      fieldErrors: { chatstreamSubdomain: ["validation.subdomainTaken"] },
    });
    expect(await getDb().$count(accounts)).toBe(1);
    expect(await getDb().$count(memberships, eq(memberships.userId, user.id))).toBe(0);
    expect(await accountRow(DEMO_ACCOUNT_ID)).toEqual(demoBefore);
    expect(await getDb().$count(memberships, eq(memberships.accountId, DEMO_ACCOUNT_ID))).toBe(
      demoMembersBefore,
    );
  });

  test("two people racing for the same subdomains: one company is created, the other is told it is taken", async () => {
    await seedReferenceData(getDb());
    const alice = await viewerOf((await createUser()).id);
    const bob = await viewerOf((await createUser()).id);

    const results = await Promise.all([createCompany(alice, newCompany), createCompany(bob, newCompany)]);

    expect(results.filter((r) => r.ok)).toHaveLength(1);
    // Refused by the lookup or, when both got past it, by the unique index: either way a field error.
    const refused = results.find((r) => !r.ok);
    const messages = refused && !refused.ok ? Object.values(refused.fieldErrors).flat() : [];
    expect(messages.length).toBeGreaterThan(0);
    expect(new Set(messages)).toEqual(new Set(["validation.subdomainTaken"]));
    expect(await getDb().$count(accounts)).toBe(1);
  });

  test("switchActiveAccount switches between the user's own companies only", async () => {
    const user = await createUser();
    const mine = await createAccount({ company: "Mine" });
    const alsoMine = await createAccount({ company: "Also Mine" });
    const theirs = await createAccount({ company: "Theirs" });
    const stranger = await createUser();
    await addMembership(user.id, mine.id, { activatedAt: new Date(Date.now() - 60_000) });
    await addMembership(user.id, alsoMine.id);
    await addMembership(stranger.id, theirs.id);
    const theirMembershipBefore = await membershipOf(stranger.id, theirs.id);

    expect(await switchActiveAccount(user.id, mine.id)).toBe(true);
    expect((await memberContext(user.id)).account.id).toBe(mine.id);

    expect(await switchActiveAccount(user.id, theirs.id)).toBe(false);
    expect((await memberContext(user.id)).account.id).toBe(mine.id);
    expect(await membershipOf(user.id, theirs.id)).toBeUndefined();
    expect(await membershipOf(stranger.id, theirs.id)).toEqual(theirMembershipBefore);
  });

  test("requestAccess: not found, already a member, requested, already requested", async () => {
    const user = await createUser({ email: "asker@example.com" });
    const own = await createAccount();
    const wanted = await createAccount({ company: "Wanted Co" });
    await addMembership(user.id, own.id);
    const viewer = await viewerOf(user.id);

    expect(await requestAccess(viewer, "00000000-0000-4000-8000-000000000000")).toBe("not_found");
    expect(await requestAccess(viewer, own.id)).toBe("already_member");
    expect(await requestAccess(viewer, wanted.id)).toBe("requested");
    expect(await requestAccess(viewer, wanted.id)).toBe("already_requested");

    const rows = await getDb().select().from(accountRequests);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      accountId: wanted.id,
      ownerEmail: "asker@example.com",
      userId: user.id,
      status: "PENDING",
    });
  });

  test("latestAccessRequest shows the user's newest request and how it ended", async () => {
    const user = await createUser({ email: "asker@example.com" });
    const other = await createUser({ email: "other@example.com" });
    const first = await createAccount({ company: "First Co" });
    const second = await createAccount({ company: "Second Co" });
    const viewer = await viewerOf(user.id);
    expect(await latestAccessRequest(viewer)).toBeNull();

    await requestAccess(viewer, first.id);
    await getDb()
      .update(accountRequests)
      .set({ status: "DENIED", decidedAt: new Date(), createdAt: new Date(Date.now() - 60_000) });
    await requestAccess(viewer, second.id);
    await requestAccess(await viewerOf(other.id), first.id);

    expect(await latestAccessRequest(viewer)).toMatchObject({
      accountId: second.id,
      company: "Second Co",
      status: "PENDING",
      decidedAt: null,
    });
    // A denied request can be made again.
    expect(await requestAccess(viewer, first.id)).toBe("requested");
  });

  test("termsAcceptanceNeeded compares the company's acceptance with the terms' version", async () => {
    await seedReferenceData(getDb());
    await getDb()
      .update(legalDocuments)
      .set({ updatedAt: new Date("2026-01-01T00:00:00Z") })
      .where(eq(legalDocuments.kind, "terms"));
    const cases = [
      { metadata: {}, needed: true },
      { metadata: { TnCAcceptedAt: "2025-12-31T23:59:59.000Z" }, needed: true },
      { metadata: { TnCAcceptedAt: "2026-01-01T00:00:01.000Z" }, needed: false },
    ];
    for (const { metadata, needed } of cases) {
      const user = await createUser();
      await addMembership(user.id, (await createAccount({ metadata })).id);
      expect(await termsAcceptanceNeeded(await memberContext(user.id)), JSON.stringify(metadata)).toBe(
        needed,
      );
    }
  });

  test("platform admins never need to accept the terms", async () => {
    await seedReferenceData(getDb());
    for (const role of ["admin", "roadmin"] as const) {
      const staff = await createUser({ roles: [role] });
      await addMembership(staff.id, (await createAccount()).id);
      expect(await termsAcceptanceNeeded(await memberContext(staff.id)), role).toBe(false);
    }
  });

  test("acceptTerms records the acceptance on the active company only", async () => {
    await seedReferenceData(getDb());
    const user = await createUser();
    const account = await createAccount({ metadata: { favouriteColour: "blue" } });
    const other = await createAccount({ metadata: {} });
    await addMembership(user.id, account.id);
    await addMembership(user.id, other.id, { activatedAt: new Date(Date.now() - 60_000) });
    const otherBefore = await accountRow(other.id);
    const context = await memberContext(user.id);
    expect(await termsAcceptanceNeeded(context)).toBe(true);

    const before = Date.now();
    await acceptTerms(context);

    const { metadata } = await accountRow(account.id);
    expect(metadata.favouriteColour).toBe("blue");
    expect(new Date(metadata.TnCAcceptedAt ?? 0).getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect(await accountRow(other.id)).toEqual(otherBefore);
    expect(await termsAcceptanceNeeded(await memberContext(user.id))).toBe(false);
  });
});

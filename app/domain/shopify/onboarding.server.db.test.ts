import { eq } from "drizzle-orm";
import { beforeEach, expect, test } from "vitest";
import { getDb as appDb } from "#db/client.server";
import { accountRequests, accounts, memberships, storeProfiles } from "#db/schema";
import { seedReferenceData } from "#db/seed";
import { addMembership, createAccount, createUser } from "../../../tests/support/factories";
import { companyWithAdmin, createAccessRequest, viewerOf } from "../../../tests/support/team-factories";
import { describeEachDatabase } from "../../../tests/support/test-database";
import {
  createCompanyForStore,
  dismissWelcome,
  linkStoreToCompany,
  onboardingProfile,
  onboardingStep,
  requestStoreAccess,
  shopFromStoreDetails,
  storeDetailsValue,
} from "./onboarding.server";
import { recordInstalledStore, type StoreProfile } from "./store-profiles.server";

const SHOP = "glow-shop.myshopify.com";

async function store(
  overrides: Partial<typeof storeProfiles.$inferInsert> = {},
  shop = SHOP,
): Promise<StoreProfile> {
  const profile = await recordInstalledStore({ shop, storeName: "Glow Shop" });
  if (Object.keys(overrides).length === 0) return profile;
  const [row] = await appDb()
    .update(storeProfiles)
    .set(overrides)
    .where(eq(storeProfiles.id, profile.id))
    .returning();
  return row;
}

test("storeDetails keeps only a valid shop domain", () => {
  expect(shopFromStoreDetails(storeDetailsValue(SHOP))).toBe(SHOP);
  expect(shopFromStoreDetails(JSON.stringify({ shop: "evil.example.com" }))).toBeNull();
  expect(shopFromStoreDetails("not json")).toBeNull();
  expect(shopFromStoreDetails(undefined)).toBeNull();
});

describeEachDatabase("store onboarding", (getDb) => {
  beforeEach(async () => {
    await seedReferenceData(getDb());
  });
  const row = async (id: string) =>
    (await getDb().select().from(storeProfiles).where(eq(storeProfiles.id, id)))[0];
  const account = async (id: string) => (await getDb().select().from(accounts).where(eq(accounts.id, id)))[0];

  test("an unlinked store asks to link: companies without a store first, by name, linked ones ticked", async () => {
    const user = await createUser();
    const zeta = await createAccount({ company: "Zeta" });
    const alpha = await createAccount({ company: "alpha" });
    const linked = await createAccount({ company: "Aardvark" });
    await addMembership(user.id, zeta.id, { isCompanyAdmin: true });
    await addMembership(user.id, alpha.id);
    await addMembership(user.id, linked.id, { isCompanyAdmin: true });
    await store({ accountId: linked.id }, "other-shop.myshopify.com");
    const profile = await store();

    const step = await onboardingStep(await viewerOf(user.id), profile);

    expect(step.step).toBe("LINK_STORE");
    if (step.step !== "LINK_STORE") return;
    expect(step.store).toEqual({
      id: profile.id,
      shop: SHOP,
      storeName: "Glow Shop",
      url: `https://${SHOP}`,
    });
    expect(step.organisations).toEqual([
      { accountId: alpha.id, company: "alpha", linked: false, isCompanyAdmin: false },
      { accountId: zeta.id, company: "Zeta", linked: false, isCompanyAdmin: true },
      { accountId: linked.id, company: "Aardvark", linked: true, isCompanyAdmin: true },
    ]);
  });

  test("a store of a company the user is not in asks for access, and follows the request", async () => {
    const owner = await companyWithAdmin("Owner Co");
    const outsider = await createUser();
    const profile = await store({ accountId: owner.account.id });
    let viewer = await viewerOf(outsider.id);

    let step = await onboardingStep(viewer, profile);
    expect(step).toMatchObject({
      step: "REQUEST_ACCESS",
      owner: { accountId: owner.account.id, company: "Owner Co" },
      request: "none",
      canSkip: false,
    });

    expect(await requestStoreAccess(viewer, profile)).toBe("requested");
    expect(await requestStoreAccess(viewer, profile)).toBe("already_requested");
    step = await onboardingStep(viewer, profile);
    expect(step).toMatchObject({ step: "REQUEST_ACCESS", request: "pending" });

    await getDb().delete(accountRequests);
    await createAccessRequest({ accountId: owner.account.id, email: outsider.email, status: "DENIED" });
    // With a company of their own, the user may skip.
    await addMembership(outsider.id, (await createAccount()).id);
    viewer = await viewerOf(outsider.id);
    expect(await onboardingStep(viewer, profile)).toMatchObject({ request: "denied", canSkip: true });
  });

  test("linked and a member: the stepper, then the thank-you while locked, the welcome once, then done", async () => {
    const { account, admin } = await companyWithAdmin();
    const viewer = await viewerOf(admin.id);
    const profile = await store({ accountId: account.id });
    expect(await onboardingStep(viewer, profile)).toMatchObject({
      step: "SHOW_STEPPERS",
      accountId: account.id,
      company: account.company,
      isCompanyAdmin: true,
    });
    const locked = await store({ showStepper: false, isProfileLock: true });
    expect(await onboardingStep(viewer, locked)).toMatchObject({ step: "LOCKED", accountId: account.id });
    const welcome = await store({ isProfileLock: false });
    expect(await onboardingStep(viewer, welcome)).toMatchObject({ step: "WELCOME" });

    expect(await dismissWelcome(viewer, welcome)).toBe(true);
    expect(await onboardingStep(viewer, await row(profile.id))).toEqual({
      step: "DONE",
      accountId: account.id,
    });
  });

  test("Continue links the store to a company the user administers and makes it active, leaving the company as it was", async () => {
    const { account: first, admin } = await companyWithAdmin();
    const other = await createAccount({ manualBilling: true, source: null });
    await addMembership(admin.id, other.id, {
      isCompanyAdmin: true,
      activatedAt: new Date(Date.now() - 60_000),
    });
    const profile = await store();

    expect(await linkStoreToCompany(await viewerOf(admin.id), SHOP, other.id)).toBe("linked");

    expect((await row(profile.id)).accountId).toBe(other.id);
    // It existed before the store: not marked as made for it, its billing untouched (issue 32 item 2).
    expect(await account(other.id)).toMatchObject({
      source: null,
      manualBilling: true,
      createdForStoreProfileId: null,
    });
    expect((await viewerOf(admin.id)).memberships[0].accountId).toBe(other.id);
    // The other company was not touched.
    expect((await account(first.id)).source).toBeNull();
  });

  test("Continue is refused for a company the user does not administer or belong to, or that has a store", async () => {
    const { account: owned, admin } = await companyWithAdmin();
    const plain = await createAccount();
    await addMembership(admin.id, plain.id);
    const stranger = await createAccount();
    await store({ accountId: owned.id }, "first-shop.myshopify.com");
    const profile = await store();
    const viewer = await viewerOf(admin.id);

    expect(await linkStoreToCompany(viewer, SHOP, plain.id)).toBe("not_admin");
    expect(await linkStoreToCompany(viewer, SHOP, stranger.id)).toBe("not_found");
    expect(await linkStoreToCompany(viewer, SHOP, "not-a-uuid")).toBe("not_found");
    expect(await linkStoreToCompany(viewer, SHOP, owned.id)).toBe("company_has_store");
    expect((await row(profile.id)).accountId).toBeNull();
    expect((await account(plain.id)).source).toBeNull();
  });

  test("a store someone linked meanwhile is not taken over", async () => {
    const first = await companyWithAdmin();
    const second = await companyWithAdmin();
    const profile = await store();
    expect(await linkStoreToCompany(await viewerOf(first.admin.id), SHOP, first.account.id)).toBe("linked");
    expect(await linkStoreToCompany(await viewerOf(second.admin.id), SHOP, second.account.id)).toBe(
      "store_taken",
    );
    expect((await row(profile.id)).accountId).toBe(first.account.id);
  });

  test("Create Organization makes a Shopify company, its creator company admin, linked to the store", async () => {
    const user = await createUser();
    const profile = await store();
    const created = await createCompanyForStore(await viewerOf(user.id), SHOP, {
      company: "Glow Shop",
      url: SHOP,
    });
    expect(created.ok).toBe(true);
    if (!created.ok) return;
    expect(await account(created.accountId)).toMatchObject({
      company: "Glow Shop",
      companyLowercased: "glow shop",
      url: SHOP,
      source: "shopify",
      manualBilling: false,
      accountStatus: "CREATED",
      ownerUserId: user.id,
      linkShortenerSubdomain: null,
      createdForStoreProfileId: profile.id,
    });
    const [membership] = await getDb().select().from(memberships).where(eq(memberships.userId, user.id));
    expect(membership).toMatchObject({ accountId: created.accountId, isCompanyAdmin: true });
    expect((await row(profile.id)).accountId).toBe(created.accountId);
  });

  test("Create Organization for a store linked meanwhile creates nothing", async () => {
    const owner = await companyWithAdmin();
    await store({ accountId: owner.account.id });
    const user = await createUser();
    const before = (await getDb().select().from(accounts)).length;

    expect(
      await createCompanyForStore(await viewerOf(user.id), SHOP, { company: "Late", url: SHOP }),
    ).toEqual({
      ok: false,
      reason: "store_taken",
    });
    expect(await getDb().select().from(accounts)).toHaveLength(before);
    expect(await getDb().select().from(memberships).where(eq(memberships.userId, user.id))).toEqual([]);
  });

  test("only a member of the store's company dismisses its welcome", async () => {
    const { account } = await companyWithAdmin();
    const outsider = await createUser();
    const profile = await store({ accountId: account.id });
    expect(await dismissWelcome(await viewerOf(outsider.id), profile)).toBe(false);
    expect((await row(profile.id)).showWelcomePopUp).toBe(true);
  });

  test("the tour's store: the hand-off's shop, else the store of the active company", async () => {
    const { account, admin } = await companyWithAdmin();
    const viewer = await viewerOf(admin.id);
    expect(await onboardingProfile(viewer, null)).toBeNull();
    const linked = await store({ accountId: account.id }, "linked-shop.myshopify.com");
    const handedOff = await store();
    expect((await onboardingProfile(viewer, null))?.id).toBe(linked.id);
    expect((await onboardingProfile(viewer, SHOP))?.id).toBe(handedOff.id);
    expect(await onboardingProfile(viewer, "gone-shop.myshopify.com")).toBeNull();
  });
});

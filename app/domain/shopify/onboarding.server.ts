import { and, desc, eq, inArray, isNull } from "drizzle-orm";
import { getDb } from "#db/client.server";
import { accountRequests, accounts, DEFAULT_DASHBOARD_ID, memberships, storeProfiles } from "#db/schema";
import type { Viewer } from "~/domain/access/guard.server";
import { requestAccess, switchActiveAccount, termsAcceptedAtSignUp } from "~/domain/accounts/accounts.server";
import { isUniqueViolation } from "~/domain/contacts/contacts.server";
import { isUuid } from "~/domain/kernel/ids";
import { findStoreProfileByShop, normaliseShopDomain, type StoreProfile } from "./store-profiles.server";

/**
 * Store onboarding, /unboxing-tour (spec 1 sections 2 and 4): which step a signed-in user is at for a
 * store, and the commands of each step. The store comes from the install hand-off (the session's
 * storeDetails, written only after a verified OAuth callback in this browser) or, without it, from
 * the user's active company (a locked profile sends its users here).
 */

/** The session's storeDetails: the shop whose install this browser completed. */
export function storeDetailsValue(shop: string): string {
  return JSON.stringify({ shop });
}

export function shopFromStoreDetails(raw: string | undefined): string | null {
  if (!raw) return null;
  try {
    return normaliseShopDomain((JSON.parse(raw) as { shop?: string }).shop);
  } catch {
    return null;
  }
}

export type OnboardingStore = { id: string; shop: string; storeName: string; url: string };
export type OrganisationChoice = {
  accountId: string;
  company: string;
  // Linked to a store already (a tick, not a choice).
  linked: boolean;
  // Only a company admin may connect the company to a store.
  isCompanyAdmin: boolean;
};
export type AccessRequestState = "none" | "pending" | "denied";

export type OnboardingStep =
  | { step: "LINK_STORE"; store: OnboardingStore; organisations: OrganisationChoice[] }
  | {
      step: "REQUEST_ACCESS";
      store: OnboardingStore;
      owner: { accountId: string; company: string };
      request: AccessRequestState;
      canSkip: boolean;
    }
  | {
      step: "SHOW_STEPPERS";
      store: OnboardingStore;
      accountId: string;
      company: string;
      isCompanyAdmin: boolean;
    }
  // Linked and authorized, stepper done: locked (thank-you modal), the welcome pop-up, or on to the app.
  | { step: "LOCKED"; store: OnboardingStore; accountId: string }
  | { step: "WELCOME"; store: OnboardingStore; accountId: string }
  | { step: "DONE"; accountId: string };

function storeOf(profile: StoreProfile): OnboardingStore {
  return {
    id: profile.id,
    shop: profile.shopDomain,
    storeName: profile.storeName,
    url: `https://${profile.shopDomain}`,
  };
}

/** The store the tour is about: the hand-off's shop, else the store linked to the active company. */
export async function onboardingProfile(
  viewer: Viewer,
  handOffShop: string | null,
): Promise<StoreProfile | null> {
  if (handOffShop) return findStoreProfileByShop(handOffShop);
  const active = viewer.memberships[0];
  if (!active) return null;
  const [profile] = await getDb()
    .select()
    .from(storeProfiles)
    .where(eq(storeProfiles.accountId, active.accountId));
  return profile ?? null;
}

/**
 * Spec 1 section 4, onboarding state: not linked → LINK_STORE; linked to a company the user is not in
 * → REQUEST_ACCESS (with the state of their request); linked and a member → the stepper while
 * showStepper, else the thank-you modal while locked, else the welcome pop-up once, else done.
 */
export async function onboardingStep(viewer: Viewer, profile: StoreProfile): Promise<OnboardingStep> {
  const store = storeOf(profile);
  if (!profile.accountId) return { step: "LINK_STORE", store, organisations: await organisationsOf(viewer) };
  const accountId = profile.accountId;
  const membership = viewer.memberships.find((m) => m.accountId === accountId);
  if (!membership) {
    const [owner] = await getDb()
      .select({ accountId: accounts.id, company: accounts.company })
      .from(accounts)
      .where(eq(accounts.id, accountId));
    return {
      step: "REQUEST_ACCESS",
      store,
      owner,
      request: await requestStateOf(viewer, accountId),
      canSkip: viewer.memberships.length > 0,
    };
  }
  if (profile.showStepper)
    return {
      step: "SHOW_STEPPERS",
      store,
      accountId,
      company: membership.company,
      isCompanyAdmin: membership.isCompanyAdmin,
    };
  if (profile.isProfileLock) return { step: "LOCKED", store, accountId };
  if (profile.showWelcomePopUp) return { step: "WELCOME", store, accountId };
  return { step: "DONE", accountId };
}

/** The user's companies, those without a store first (the choices), each group by name. */
async function organisationsOf(viewer: Viewer): Promise<OrganisationChoice[]> {
  const ids = viewer.memberships.map((m) => m.accountId);
  if (ids.length === 0) return [];
  const linkedRows = await getDb()
    .select({ accountId: storeProfiles.accountId })
    .from(storeProfiles)
    .where(inArray(storeProfiles.accountId, ids));
  const linked = new Set(linkedRows.map((r) => r.accountId));
  return viewer.memberships
    .map((m) => ({
      accountId: m.accountId,
      company: m.company,
      linked: linked.has(m.accountId),
      isCompanyAdmin: m.isCompanyAdmin,
    }))
    .sort(
      (a, b) =>
        Number(a.linked) - Number(b.linked) ||
        a.company.localeCompare(b.company, undefined, { sensitivity: "base" }),
    );
}

/** The user's latest request to join the company that owns the store. */
async function requestStateOf(viewer: Viewer, accountId: string): Promise<AccessRequestState> {
  const [latest] = await getDb()
    .select({ status: accountRequests.status })
    .from(accountRequests)
    .where(and(eq(accountRequests.accountId, accountId), eq(accountRequests.ownerEmail, viewer.user.email)))
    .orderBy(desc(accountRequests.createdAt))
    .limit(1);
  if (latest?.status === "PENDING") return "pending";
  if (latest?.status === "DENIED") return "denied";
  return "none";
}

export type LinkOutcome = "linked" | "not_admin" | "store_taken" | "company_has_store" | "not_found";

/**
 * Continue on the link step: connects the store to one of the user's companies where they are company
 * admin and makes it their active company. A store someone linked meanwhile is not taken over: the
 * tour then shows REQUEST_ACCESS or the stepper. The company is left as it was (source, manualBilling,
 * createdForStoreProfileId): it existed before the store, so a later shop/redact keeps it and its
 * contacts (spec 1 section 4 sets source shopify and manualBilling false on a company made for a store).
 */
export async function linkStoreToCompany(
  viewer: Viewer,
  shop: string,
  accountId: string,
): Promise<LinkOutcome> {
  if (!isUuid(accountId)) return "not_found";
  const membership = viewer.memberships.find((m) => m.accountId === accountId);
  if (!membership) return "not_found";
  if (!membership.isCompanyAdmin) return "not_admin";
  try {
    return await getDb().transaction(async (tx) => {
      const [linked] = await tx
        .update(storeProfiles)
        .set({ accountId, updatedAt: new Date() })
        .where(and(eq(storeProfiles.shopDomain, shop), isNull(storeProfiles.accountId)))
        .returning({ id: storeProfiles.id });
      if (!linked) return "store_taken";
      await tx
        .update(memberships)
        .set({ activatedAt: new Date() })
        .where(and(eq(memberships.userId, viewer.user.id), eq(memberships.accountId, accountId)));
      return "linked";
    });
  } catch (error) {
    // One store per company: the partial unique index on store_profiles.account_id decides.
    if (isUniqueViolation(error)) return "company_has_store";
    throw error;
  }
}

export type CreateForStoreOutcome = { ok: true; accountId: string } | { ok: false; reason: "store_taken" };

/**
 * 'Create a new Organization' (spec 1 section 4): the company (the creator its company admin, now
 * their active company), linked to the store, in one transaction, so a store someone else linked
 * meanwhile leaves no company behind. Like createCompany in app/domain/accounts, without the
 * subdomains: spec 1 section 5 asks for them in setup only.
 */
export async function createCompanyForStore(
  viewer: Viewer,
  shop: string,
  input: { company: string; url: string },
): Promise<CreateForStoreOutcome> {
  return getDb().transaction(async (tx) => {
    const [profile] = await tx
      .select({ id: storeProfiles.id })
      .from(storeProfiles)
      .where(and(eq(storeProfiles.shopDomain, shop), isNull(storeProfiles.accountId)))
      .for("update");
    if (!profile) return { ok: false, reason: "store_taken" } as const;
    const [account] = await tx
      .insert(accounts)
      .values({
        company: input.company,
        companyLowercased: input.company.toLowerCase(),
        url: input.url,
        accountStatus: "CREATED",
        dashboardId: DEFAULT_DASHBOARD_ID,
        ownerUserId: viewer.user.id,
        source: "shopify",
        manualBilling: false,
        createdForStoreProfileId: profile.id,
        // The terms ticked at sign-up count for it, as on /setup (no acceptance dialog right after).
        metadata: await termsAcceptedAtSignUp(viewer.user.id, tx),
      })
      .returning({ id: accounts.id });
    await tx.insert(memberships).values({
      userId: viewer.user.id,
      accountId: account.id,
      isCompanyAdmin: true,
      activatedAt: new Date(),
    });
    await tx
      .update(storeProfiles)
      .set({ accountId: account.id, updatedAt: new Date() })
      .where(eq(storeProfiles.id, profile.id));
    return { ok: true, accountId: account.id } as const;
  });
}

export type StoreAccessOutcome = "requested" | "already_requested" | "already_member" | "not_linked";

/** Request Access: a request to join the company that owns the store (the team's access requests). */
export async function requestStoreAccess(viewer: Viewer, profile: StoreProfile): Promise<StoreAccessOutcome> {
  if (!profile.accountId) return "not_linked";
  const outcome = await requestAccess(viewer, profile.accountId);
  return outcome === "not_found" ? "not_linked" : outcome;
}

/** Only a member of the store's company changes its onboarding flags. */
function memberOf(viewer: Viewer, profile: StoreProfile) {
  return profile.accountId ? viewer.memberships.find((m) => m.accountId === profile.accountId) : undefined;
}

/** Continue on 'Welcome to the product!': the pop-up shows once per store profile. */
export async function dismissWelcome(viewer: Viewer, profile: StoreProfile): Promise<boolean> {
  if (!memberOf(viewer, profile)) return false;
  const updated = await getDb()
    .update(storeProfiles)
    .set({ showWelcomePopUp: false, updatedAt: new Date() })
    .where(and(eq(storeProfiles.id, profile.id), eq(storeProfiles.accountId, profile.accountId as string)))
    .returning({ id: storeProfiles.id });
  return updated.length > 0;
}

/** Leaving the tour for the app: the store's company becomes the active one. */
export async function enterStoreCompany(viewer: Viewer, accountId: string) {
  if (viewer.memberships[0]?.accountId === accountId) return;
  await switchActiveAccount(viewer.user.id, accountId);
}

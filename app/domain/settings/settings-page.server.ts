import type { SubmissionResult } from "@conform-to/react";
import { redirect } from "react-router";
import type { MemberContext } from "~/domain/access/guard.server";
import { can } from "~/domain/access/permissions";
import { countryCodes } from "~/domain/accounts/country";
import type { Toast } from "~/domain/actions/toast";
import { loadBillingTab as loadBillingView } from "~/domain/billing/billing-tab.server";
import { listApiKeys } from "~/domain/keys/api-keys.server";
import { getAttributionWindowDays } from "~/domain/settings/attribution.server";
import { getMessagingSettings } from "~/domain/settings/messaging.server";
import { listMyInvitations, listPendingInvitations } from "~/domain/team/invitations.server";
import { listMembers } from "~/domain/team/members.server";
import { listAccessRequests } from "~/domain/team/requests.server";
import type { SettingsTab } from "./settings-tabs";

/** What every tab shows: who is signed in, the company, and which controls they may use. */
function settingsCommon(member: MemberContext) {
  return {
    user: member.user,
    account: {
      id: member.account.id,
      company: member.account.company,
      url: member.account.url,
      country: member.account.country,
    },
    can: {
      profileWrite: can(member, "profile.write"),
      companyWrite: can(member, "company.write"),
      teamManage: can(member, "team.manage"),
      teamLeave: can(member, "team.leave"),
      invitesAnswer: can(member, "invites.answer"),
      keysGenerate: can(member, "keys.generate"),
      keysManage: can(member, "keys.manage"),
    },
  };
}

// One loader per tab: the page reads only what the shown tab needs.
async function loadPersonalTab(member: MemberContext, _url: URL) {
  return { tab: "personal" as const, invitations: await listMyInvitations(member) };
}

/**
 * ?stripe_session= is a checkout coming back: the thank-you shows once Stripe confirms it paid.
 * ?charge_id= is a store account back from Shopify's confirmation: once Shopify was asked (and an
 * approved charge applied), the page loads again without it, so that every loader of the page (the
 * shell's status banner too) reads the company as it is now, and a reload asks nothing again.
 */
async function loadBillingTab(member: MemberContext, url: URL) {
  const stripeSession = url.searchParams.get("stripe_session");
  const shopifyChargeId = url.searchParams.get("charge_id");
  const billing = await loadBillingView(member, { stripeSession, shopifyChargeId });
  if (shopifyChargeId) {
    const clean = new URL(url);
    clean.searchParams.delete("charge_id");
    throw redirect(`${clean.pathname}${clean.search}`);
  }
  return { tab: "billing" as const, billing };
}

async function loadOrganizationTab(member: MemberContext, _url: URL) {
  const [apiKeys, messaging, attributionWindowDays] = await Promise.all([
    listApiKeys(member),
    getMessagingSettings(member),
    getAttributionWindowDays(member),
  ]);
  // The countries the edit-company drawer offers (named in the reader's language by the browser).
  const countries = countryCodes();
  return { tab: "organization" as const, apiKeys, messaging, attributionWindowDays, countries };
}

async function loadUsersTab(member: MemberContext, _url: URL) {
  const [members, requests, pendingInvitations] = await Promise.all([
    listMembers(member),
    listAccessRequests(member),
    listPendingInvitations(member),
  ]);
  return { tab: "users" as const, members, requests, pendingInvitations };
}

const tabLoaders = {
  personal: loadPersonalTab,
  billing: loadBillingTab,
  organization: loadOrganizationTab,
  users: loadUsersTab,
} satisfies Record<SettingsTab, (member: MemberContext, url: URL) => Promise<{ tab: SettingsTab }>>;

export async function loadSettingsTab<Tab extends SettingsTab>(member: MemberContext, tab: Tab, url: URL) {
  const common = settingsCommon(member);
  const shown = (await tabLoaders[tab](member, url)) as Awaited<ReturnType<(typeof tabLoaders)[Tab]>>;
  return { ...common, ...shown };
}

type Common = ReturnType<typeof settingsCommon>;
export type PersonalTabData = Common & Awaited<ReturnType<typeof loadPersonalTab>>;
export type OrganizationTabData = Common & Awaited<ReturnType<typeof loadOrganizationTab>>;
export type UsersTabData = Common & Awaited<ReturnType<typeof loadUsersTab>>;

/** The settings action's answer, read by the forms of the Personal and Organization tabs. */
export type SettingsAnswer =
  | { intent: string; result: SubmissionResult<string[]>; toast: Toast | null }
  | undefined;

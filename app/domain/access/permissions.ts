import type { PlatformRole } from "#db/schema";

/** What the permission map needs to know about the caller (on the server and in the UI). */
export type PermissionSubject = {
  roles: readonly PlatformRole[];
  isCompanyAdmin: boolean;
  readOnly: boolean;
};

type Rule = (s: PermissionSubject) => boolean;

const isStaff = (s: PermissionSubject) => s.roles.includes("admin") || s.roles.includes("roadmin");
const writable = (s: PermissionSubject) => !s.readOnly;

/**
 * Who may do what. Every server check and every disabled button asks this one map, so the UI and
 * the server never disagree. Later areas add their actions here.
 */
export const permissionRules = {
  "terms.accept": (s) => writable(s) && !s.roles.includes("admin"),
  // Opening the terms or privacy policy records which version the user saw.
  "legal.acknowledge": writable,
  "account.switch": () => true,
  "admin.view": isStaff,
  "admin.write": (s) => s.roles.includes("admin"),
  "beta.view": (s) => s.roles.includes("beta"),
  "chat.view": (s) => s.roles.includes("admin"),
  "company.write": (s) => writable(s) && s.isCompanyAdmin,
  "profile.write": writable,
  "team.manage": (s) => writable(s) && s.isCompanyAdmin,
  "team.leave": writable,
  "invites.answer": writable,
  // /setup: a signed-in user without a company creates one or asks to join one.
  "companies.create": writable,
  "access.request": writable,
  // /unboxing-tour: connecting a store, picking its products (the domain also checks company admin).
  "store.onboard": writable,
  "keys.generate": (s) => writable(s) && s.isCompanyAdmin,
  "keys.manage": (s) => writable(s) && s.isCompanyAdmin,
  "support.write": writable,
  // Select Plan, plan changes and the billing portal: any member who is not read-only (spec 2
  // section 6; the price rule for members outside the admin group is in app/domain/billing/plans.ts).
  "billing.write": writable,
  // Contacts, attributes and product links: any member who is not read-only.
  "contacts.write": writable,
  "contacts.import": writable,
  "attributes.write": writable,
  "products.write": writable,
  // Creating, renaming and deleting products (beyond the spec): company admins only.
  "products.manage": (s) => writable(s) && s.isCompanyAdmin,
  // /product-mapping: Sync Now and the mapping edit (spec 2 section 6: read-only admins change nothing).
  "products.map": writable,
  // Journeys: company admins build touchpoints and change a journey's state; any member who is not
  // read-only may send a touchpoint with Test now and record a contact's SMS consent.
  "journeys.manage": (s) => writable(s) && s.isCompanyAdmin,
  "touchpoints.test": writable,
  "consent.record": writable,
  // /integration (spec 3 section 6): read-only admins change nothing. Connecting a store: any member.
  // Disconnecting cancels the store's plan and deletes its mappings: company admins only (beyond the
  // spec). The 'Automatic Opt-in for Non-Commercial Messages' toggle: the admin group (platform admins).
  "integrations.connect": writable,
  "integrations.disconnect": (s) => writable(s) && s.isCompanyAdmin,
  "integrations.aocm": (s) => writable(s) && s.roles.includes("admin"),
  // The consent text at checkout (spec 1 section 2): any member who is not read-only.
  "integrations.consentText": writable,
  // Tri-Tech (spec 3 section 6): revealing and generating the secret key, company admins only (the
  // spec's self-admin groups check: the user is an admin of the company they act for); editing the
  // transaction statuses and the Tri-Tech product mapping, any member who is not read-only.
  "tritech.secret": (s) => writable(s) && s.isCompanyAdmin,
  "tritech.configure": writable,
  // The WhatsApp view (issue 16): its credentials, webhook check and template sync. Any member who is
  // not read-only, as the spec's integrations are.
  "integrations.whatsapp": writable,
  // Hiding the home page's first-run checklist (issue 20): any member who is not read-only.
  "firstRun.dismiss": writable,
  // Sign-up forms (spec 3 section 6): any member may build, copy, delete and publish; read-only admins
  // change nothing.
  "forms.write": writable,
  // Public form submissions the apply job gave up on (beyond the spec): company admins see them on
  // /contact-form (read-only admins too, Retry disabled); Retry puts them back in the queue.
  "forms.submissions.view": (s) => s.isCompanyAdmin,
  "forms.submissions.retry": (s) => writable(s) && s.isCompanyAdmin,
  // The web chat editors (spec 3 section 6) and the company's chat inbox (issue 17): the beta group,
  // and platform admins viewing a company; read-only admins load them with everything disabled.
  "webchat.view": (s) => s.roles.includes("beta") || isStaff(s),
  "webchat.write": (s) => writable(s) && (s.roles.includes("beta") || s.roles.includes("admin")),
} satisfies Record<string, Rule>;

export type Permission = keyof typeof permissionRules;

export function can(subject: PermissionSubject, permission: Permission): boolean {
  return permissionRules[permission](subject);
}

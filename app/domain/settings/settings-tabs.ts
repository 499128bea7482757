/** The tabs of /settings, in their order; ?tab= names the shown one. */
export const settingsTabs = ["personal", "billing", "organization", "users"] as const;
export type SettingsTab = (typeof settingsTabs)[number];

/**
 * The tab ?tab= names; a return from Stripe's checkout (?stripe_session=) is the Billing tab's
 * thank-you; anything else shows the first (Personal), as the screen always did.
 */
export function settingsTabOf(url: URL): SettingsTab {
  const tab = url.searchParams.get("tab") ?? (url.searchParams.has("stripe_session") ? "billing" : null);
  return settingsTabs.find((known) => known === tab) ?? "personal";
}

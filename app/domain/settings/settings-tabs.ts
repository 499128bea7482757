/** The tabs of /settings, in their order; ?tab= names the shown one. */
export const settingsTabs = ["personal", "billing", "organization", "users"] as const;
export type SettingsTab = (typeof settingsTabs)[number];

/** The tab ?tab= names; anything else shows the first (Personal), as the screen always did. */
export function settingsTabOf(url: URL): SettingsTab {
  const tab = url.searchParams.get("tab");
  return settingsTabs.find((known) => known === tab) ?? "personal";
}

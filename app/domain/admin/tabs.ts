/**
 * The tabs of /admin, chosen with ?tab=. The audit log and the platform overview (issue 18) are ours,
 * beyond the spec.
 */
export const adminTabs = ["companies", "users", "terms", "audit", "overview"] as const;
export type AdminTab = (typeof adminTabs)[number];

export function adminTabOf(url: URL): AdminTab {
  const tab = url.searchParams.get("tab");
  return adminTabs.includes(tab as AdminTab) ? (tab as AdminTab) : "companies";
}

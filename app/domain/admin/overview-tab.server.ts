import { loadPlatformOverview } from "~/domain/analytics/analytics.server";
import {
  type Period,
  type RangeChoice,
  type RangeProblem,
  rangeChoiceFromSearch,
  resolvePeriod,
} from "~/domain/analytics/period";
import type { PlatformOverview } from "~/domain/analytics/report";
import type { Queryable } from "~/domain/kernel/scope";

export type PlatformOverviewData =
  | { choice: RangeChoice; period: Period; overview: PlatformOverview }
  | { choice: RangeChoice; problem: RangeProblem };

/**
 * /admin?tab=overview: the range the admin chose (?range=, as on the analytics page), as days of
 * UTC (the companies' own days are each company's, so no single zone is theirs), and the overview.
 */
export async function loadPlatformOverviewTab(db: Queryable, url: URL): Promise<PlatformOverviewData> {
  const choice = rangeChoiceFromSearch(url.searchParams);
  const resolved = resolvePeriod(choice, "UTC");
  if (!resolved.ok) return { choice, problem: resolved.problem };
  const { from, to } = resolved.period;
  return { choice, period: resolved.period, overview: await loadPlatformOverview(db, { from, to }) };
}

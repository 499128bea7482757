import type { Queryable } from "~/domain/kernel/scope";
import type { RangeChoice } from "./period";
import type { AnalyticsOptions, AnalyticsResult, PlatformOverview } from "./report";

/**
 * The analytics loaders (issue 18). They read only the rollup tables (db/schema/analytics.ts).
 * CONTRACT COMMIT: the signatures are final; the bodies land with the rollups.
 */

/** One company's report for a range in its own time zone, compared with the period before. */
export async function loadCompanyAnalytics(
  _db: Queryable,
  _accountId: string,
  _choice: RangeChoice,
  _options: AnalyticsOptions = {},
): Promise<AnalyticsResult> {
  throw new Error("loadCompanyAnalytics: rollups not built yet on this branch");
}

/** /admin's platform overview: messages per day across all companies, top companies by volume. */
export async function loadPlatformOverview(
  _db: Queryable,
  _range: { from: string; to: string; limit?: number },
): Promise<PlatformOverview> {
  throw new Error("loadPlatformOverview: rollups not built yet on this branch");
}

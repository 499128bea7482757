import { getDb } from "#db/client.server";
import { requireMember } from "~/domain/access/guard.server";
import { loadCompanyAnalytics } from "~/domain/analytics/analytics.server";
import { MAX_RANGE_DAYS, rangeChoiceFromSearch } from "~/domain/analytics/period";
import { reportCsvRows } from "~/domain/analytics/report-csv";
import { attachmentDisposition } from "~/domain/kernel/attachment";
import { csvDownloadLine } from "~/domain/kernel/csv-writer";
import { getI18n } from "~/i18n/i18n.server";
import type { Route } from "./+types/export-csv";

/**
 * The analytics page's current view as a CSV file: the same ?range= (and custom dates) as the page,
 * for the company being worked in. Journey, touchpoint and link texts are the company's own, so
 * csvDownloadLine neutralises formulas. A refused range answers 400 in words.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const member = await requireMember({ request, context });
  const choice = rangeChoiceFromSearch(new URL(request.url).searchParams);
  const result = await loadCompanyAnalytics(getDb(), member.account.id, choice);
  const t = getI18n(context).t;
  if (!result.ok)
    return new Response(t(`analytics.range.problems.${result.problem}`, { max: MAX_RANGE_DAYS }), {
      status: result.problem === "not_found" ? 404 : 400,
      headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
    });
  const { period } = result.report;
  const title = t("analytics.export.title", { from: period.from, to: period.to });
  const body = [[title], [], ...reportCsvRows(result.report, t)].map(csvDownloadLine).join("");
  // A BOM, so that spreadsheet programs read the file as UTF-8 (accents in French texts and names).
  return new Response(`\uFEFF${body}`, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": attachmentDisposition(`analytics-${period.from}-to-${period.to}.csv`),
      "Cache-Control": "no-store",
    },
  });
}

import type { TFunction } from "i18next";
import { requireMember } from "~/domain/access/guard.server";
import { readErrorReport } from "~/domain/contacts/csv-import-queries.server";
import { parseCsvRecord } from "~/domain/contacts/csv-parser";
import type { RowReason } from "~/domain/contacts/csv-rows";
import { attachmentDisposition } from "~/domain/kernel/attachment";
import { csvDownloadLine } from "~/domain/kernel/csv-writer";
import { getI18n } from "~/i18n/i18n.server";
import { translateRuntimeKey } from "~/i18n/keys";
import type { Route } from "./+types/csv-import-errors";

/**
 * The error report of one of the company's imports, as CSV: the row number, the reasons in the
 * user's language, then the row as the file had it (so it can be fixed and imported again).
 * Streamed page by page; the file's cells are user data, so csvDownloadLine neutralises formulas.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const member = await requireMember({ request, context });
  const id = new URL(request.url).searchParams.get("id") ?? "";
  const report = await readErrorReport(member, id);
  if (!report) throw new Response("Not found", { status: 404 });
  const t = getI18n(context).t;
  const encoder = new TextEncoder();
  const head = csvDownloadLine([
    t("csvImport.report.row"),
    t("csvImport.report.reason"),
    ...parseCsvRecord(report.header),
  ]);
  const lines = report.lines;
  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      // A BOM, so that spreadsheet programs read the file as UTF-8.
      controller.enqueue(encoder.encode(`\uFEFF${head}`));
    },
    async pull(controller) {
      const next = await lines.next();
      if (next.done) return controller.close();
      let text = "";
      for (const line of next.value) {
        text += csvDownloadLine([
          String(line.row),
          describeReasons(t, line.reasons),
          ...parseCsvRecord(line.raw),
        ]);
      }
      controller.enqueue(encoder.encode(text));
    },
    async cancel() {
      await lines.return(undefined);
    },
  });
  return new Response(stream, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": attachmentDisposition(`import-errors-${id.slice(0, 8)}.csv`),
      "Cache-Control": "no-store",
    },
  });
}

function describeReasons(t: TFunction, reasons: RowReason[]) {
  return reasons
    .map(([key, values = {}]) => {
      const filled = values.message ? { ...values, message: translateRuntimeKey(t, values.message) } : values;
      return translateRuntimeKey(t, `csvImport.reasons.${key}`, filled);
    })
    .join(" ");
}

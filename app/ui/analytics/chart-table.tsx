import { useTranslation } from "react-i18next";
import type { ChartRow, ChartSeries } from "./daily-series-chart";
import { TableScroll } from "./table-scroll";

/**
 * The accessible twin of a chart: the same rows and series as a table, with a total per column, in a
 * disclosure under the chart (native <details>: keyboard and screen readers know it, no script needed).
 */
export function ChartTable({
  id,
  caption,
  rows,
  series,
  formatDay,
  formatValue,
  totals,
}: {
  id: string;
  caption: string;
  rows: ChartRow[];
  series: ChartSeries[];
  formatDay: (day: string) => string;
  formatValue: (value: number) => string;
  /** The column totals to show; by default each column's sum (a running total passes its last value). */
  totals?: Record<string, number>;
}) {
  const { t } = useTranslation();
  const totalOf = (key: string) => totals?.[key] ?? rows.reduce((sum, row) => sum + Number(row[key] ?? 0), 0);
  return (
    <details className="analytics-table-toggle">
      <summary>{t("analytics.table.show")}</summary>
      <TableScroll label={caption}>
        <table className="analytics-table" data-testid={id}>
          <caption className="analytics-visually-hidden">{caption}</caption>
          <thead>
            <tr>
              <th scope="col">{t("analytics.table.day")}</th>
              {series.map((s) => (
                <th key={s.key} scope="col" className="analytics-number">
                  {s.label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.day}>
                <th scope="row">
                  <time dateTime={row.day}>{formatDay(row.day)}</time>
                </th>
                {series.map((s) => (
                  <td key={s.key} className="analytics-number">
                    {formatValue(Number(row[s.key] ?? 0))}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr>
              <th scope="row">{t("analytics.table.total")}</th>
              {series.map((s) => (
                <td key={s.key} className="analytics-number" data-testid={`${id}-total-${s.key}`}>
                  {formatValue(totalOf(s.key))}
                </td>
              ))}
            </tr>
          </tfoot>
        </table>
      </TableScroll>
    </details>
  );
}

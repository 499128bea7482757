import { lazy, Suspense } from "react";
import { useHydrated } from "~/ui/use-hydrated";
import type { DailySeriesChartProps } from "./daily-series-chart";

/**
 * Recharts measures the page to draw, which the server cannot do; and it is the heaviest library on
 * the page. So charts are drawn in the browser only, from a chunk loaded once the page is live; until
 * then (and on the server) a box of the chart's fixed height keeps the layout from jumping. The data
 * table beside each chart carries the same numbers for everyone, scripts or not.
 */
const DailySeriesChart = lazy(() => import("./daily-series-chart"));

export const CHART_HEIGHT = 260;

export function ChartFrame(props: DailySeriesChartProps) {
  const inBrowser = useHydrated();
  const placeholder = <div className="analytics-chart-placeholder" style={{ height: CHART_HEIGHT }} />;
  return (
    <div className="analytics-chart" style={{ height: CHART_HEIGHT }} aria-hidden="true">
      {inBrowser ? (
        <Suspense fallback={placeholder}>
          <DailySeriesChart {...props} />
        </Suspense>
      ) : (
        placeholder
      )}
    </div>
  );
}

import { Bar, BarChart, CartesianGrid, Legend, Line, LineChart, Tooltip, XAxis, YAxis } from "recharts";

/** One line or bar of a chart: its key in the rows, its name in the legend and its colour. */
export type ChartSeries = { key: string; label: string; color: string };

/** One day of a chart: its date (YYYY-MM-DD, in the company's time zone) and a number per series. */
export type ChartRow = { day: string } & Record<string, number | string>;

export type DailySeriesChartProps = {
  kind: "line" | "bar";
  rows: ChartRow[];
  series: ChartSeries[];
  /** How a day is written on the axis and in the tooltip, in the reader's language. */
  formatDay: (day: string) => string;
  formatValue: (value: number) => string;
};

/**
 * A chart of numbers per day (loaded in the browser only: see chart-frame.tsx). The keyboard and
 * screen-reader layer is off because the data table beside the chart is the accessible version.
 */
export default function DailySeriesChart({
  kind,
  rows,
  series,
  formatDay,
  formatValue,
}: DailySeriesChartProps) {
  const common = {
    data: rows,
    responsive: true,
    accessibilityLayer: false,
    style: { width: "100%", height: "100%" },
    margin: { top: 8, right: 8, bottom: 0, left: 0 },
  };
  const axes = [
    <CartesianGrid key="grid" strokeDasharray="3 3" vertical={false} />,
    <XAxis key="x" dataKey="day" tickFormatter={formatDay} minTickGap={24} tick={{ fontSize: 12 }} />,
    <YAxis key="y" allowDecimals={false} width={44} tickFormatter={formatValue} tick={{ fontSize: 12 }} />,
    <Tooltip
      key="tooltip"
      labelFormatter={(day) => formatDay(String(day))}
      formatter={(value) => formatValue(Number(value))}
    />,
    <Legend key="legend" wrapperStyle={{ fontSize: 12 }} />,
  ];
  if (kind === "bar")
    return (
      <BarChart {...common}>
        {axes}
        {series.map((s) => (
          <Bar key={s.key} dataKey={s.key} name={s.label} fill={s.color} isAnimationActive={false} />
        ))}
      </BarChart>
    );
  return (
    <LineChart {...common}>
      {axes}
      {series.map((s) => (
        <Line
          key={s.key}
          type="monotone"
          dataKey={s.key}
          name={s.label}
          stroke={s.color}
          strokeWidth={2}
          dot={rows.length <= 14}
          isAnimationActive={false}
        />
      ))}
    </LineChart>
  );
}

import { BlockStack, Card, InlineStack, Text } from "@shopify/polaris";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { ChartFrame } from "./chart-frame";
import { ChartTable } from "./chart-table";
import type { ChartRow, ChartSeries } from "./daily-series-chart";
import { formatCount, formatDay } from "./figures";

/**
 * A card with a chart of numbers per day and its data table. The chart may draw fewer series than
 * the table lists (contacts growth draws the running total; the table also has each day's new ones).
 */
export function DailyCard({
  id,
  title,
  caption,
  kind,
  rows,
  chartSeries,
  tableSeries = chartSeries,
  totals,
  controls,
}: {
  id: string;
  title: string;
  caption: string;
  kind: "line" | "bar";
  rows: ChartRow[];
  chartSeries: ChartSeries[];
  tableSeries?: ChartSeries[];
  totals?: Record<string, number>;
  controls?: ReactNode;
}) {
  const { i18n } = useTranslation();
  const locale = i18n.language;
  const day = (value: string) => formatDay(value, locale);
  const value = (n: number) => formatCount(n, locale);
  return (
    <Card>
      <section aria-labelledby={`${id}-title`}>
        <BlockStack gap="300">
          <InlineStack align="space-between" blockAlign="center" gap="200">
            <Text as="h2" variant="headingMd" id={`${id}-title`}>
              {title}
            </Text>
            {controls}
          </InlineStack>
          <ChartFrame kind={kind} rows={rows} series={chartSeries} formatDay={day} formatValue={value} />
          <ChartTable
            id={`${id}-table`}
            caption={caption}
            rows={rows}
            series={tableSeries}
            formatDay={(d) => formatDay(d, locale, "long")}
            formatValue={value}
            totals={totals}
          />
        </BlockStack>
      </section>
    </Card>
  );
}

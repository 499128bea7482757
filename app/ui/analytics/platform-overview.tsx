import { BlockStack, Box, Card, Text } from "@shopify/polaris";
import { useTranslation } from "react-i18next";
import type { PlatformOverviewData } from "~/domain/admin/overview-tab.server";
import { ANALYTICS_CHANNELS, type PlatformOverview } from "~/domain/analytics/report";
import { RangeProblem } from "./analytics-view";
import { DailyCard } from "./daily-card";
import { formatCount, formatDay } from "./figures";
import { RangePicker } from "./range-picker";
import { CHANNEL_COLOURS } from "./report-charts";
import { TableScroll } from "./table-scroll";

/**
 * /admin's platform overview (issue 18 item 4): messages of every company per day and channel, and
 * the companies that sent the most. Platform staff only (the admin page's guard); it changes nothing.
 */
export function PlatformOverviewTab({ data }: { data: PlatformOverviewData }) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  return (
    <BlockStack gap="400">
      <Card>
        <BlockStack gap="300">
          <Text as="h2" variant="headingMd">
            {t("analytics.platform.title")}
          </Text>
          <RangePicker choice={data.choice} keep={{ tab: "overview" }} />
          {"period" in data ? (
            <Text as="p" tone="subdued" variant="bodySm">
              <span data-testid="platform-period">
                {t("analytics.range.period", {
                  from: formatDay(data.period.from, locale, "long"),
                  to: formatDay(data.period.to, locale, "long"),
                })}
              </span>
              {" · "}
              {t("analytics.platform.help")}
            </Text>
          ) : null}
        </BlockStack>
      </Card>
      {"problem" in data ? <RangeProblem problem={data.problem} /> : <Overview overview={data.overview} />}
    </BlockStack>
  );
}

function Overview({ overview }: { overview: PlatformOverview }) {
  const { t, i18n } = useTranslation();
  const count = (n: number) => formatCount(n, i18n.language);
  const totals = overview.totals;
  const tiles = [
    ["sent", totals.sent],
    ["delivered", totals.delivered],
    ["failed", totals.failed],
    ["clicks", totals.clicks],
    ["companies", totals.companies],
  ] as const;
  const channels = ANALYTICS_CHANNELS.map((channel) => ({
    key: channel,
    label: t(`analytics.channels.${channel}`),
    color: CHANNEL_COLOURS[channel],
  }));
  const rows = overview.messagesByDay.map((d) => ({
    day: d.date,
    sms: d.sms,
    whatsapp: d.whatsapp,
    email: d.email,
    all: d.sent,
  }));
  return (
    <BlockStack gap="400">
      <div className="analytics-tiles">
        {tiles.map(([key, value]) => (
          <Box
            key={key}
            borderWidth="025"
            borderColor="border"
            borderRadius="200"
            padding="300"
            background="bg-surface"
          >
            <BlockStack gap="100">
              <Text as="h3" variant="bodySm" tone="subdued" id={`platform-${key}-label`}>
                {t(`analytics.platform.${key}`)}
              </Text>
              <Text as="p" variant="headingLg">
                <span data-testid={`platform-${key}`} aria-describedby={`platform-${key}-label`}>
                  {count(value)}
                </span>
              </Text>
            </BlockStack>
          </Box>
        ))}
      </div>
      <DailyCard
        id="platform-chart"
        title={t("analytics.platform.perDay")}
        caption={t("analytics.platform.perDayCaption")}
        kind="bar"
        rows={rows}
        chartSeries={channels}
        tableSeries={[...channels, { key: "all", label: t("analytics.messages.total"), color: "" }]}
      />
      <Card>
        <section aria-labelledby="top-companies-title">
          <BlockStack gap="300">
            <Text as="h2" variant="headingMd" id="top-companies-title">
              {t("analytics.platform.topCompanies")}
            </Text>
            {overview.topCompanies.length === 0 ? (
              <Text as="p" tone="subdued">
                {t("analytics.platform.empty")}
              </Text>
            ) : (
              <TableScroll labelledBy="top-companies-title">
                <table
                  className="analytics-table"
                  aria-labelledby="top-companies-title"
                  data-testid="top-companies"
                >
                  <thead>
                    <tr>
                      <th scope="col">{t("analytics.platform.company")}</th>
                      {(["sent", "delivered", "failed", "clicks"] as const).map((key) => (
                        <th key={key} scope="col" className="analytics-number">
                          {t(`analytics.platform.${key}`)}
                        </th>
                      ))}
                    </tr>
                  </thead>
                  <tbody>
                    {overview.topCompanies.map((company) => (
                      <tr key={company.accountId}>
                        <th scope="row" className="analytics-wrap">
                          {company.company}
                        </th>
                        <td className="analytics-number">{count(company.sent)}</td>
                        <td className="analytics-number">{count(company.delivered)}</td>
                        <td className="analytics-number">{count(company.failed)}</td>
                        <td className="analytics-number">{count(company.clicks)}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </TableScroll>
            )}
          </BlockStack>
        </section>
      </Card>
    </BlockStack>
  );
}

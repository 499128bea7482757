import { Button, ButtonGroup } from "@shopify/polaris";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { ANALYTICS_CHANNELS, type AnalyticsReport, type ChannelDayCounts } from "~/domain/analytics/report";
import { DailyCard } from "./daily-card";
import type { ChartSeries } from "./daily-series-chart";

/** Colours told apart by people with the common colour-vision deficiencies; each series is also named. */
export const CHANNEL_COLOURS = { sms: "#2c6ecb", whatsapp: "#008060", email: "#b95000" } as const;
const METRICS = ["sent", "delivered", "clicks"] as const satisfies readonly (keyof ChannelDayCounts)[];
type Metric = (typeof METRICS)[number];

/** Sent, delivered or clicked messages per day, a line per channel, and a table with a column per channel and their sum. */
export function MessagesChart({ report }: { report: AnalyticsReport }) {
  const { t } = useTranslation();
  const [metric, setMetric] = useState<Metric>("sent");
  const channels: ChartSeries[] = ANALYTICS_CHANNELS.map((channel) => ({
    key: channel,
    label: t(`analytics.channels.${channel}`),
    color: CHANNEL_COLOURS[channel],
  }));
  const rows = report.messagesByDay.map((day) => {
    const row: Record<string, number | string> = { day: day.date, all: 0 };
    for (const channel of ANALYTICS_CHANNELS) {
      row[channel] = day[channel][metric];
      row.all = Number(row.all) + day[channel][metric];
    }
    return row as { day: string } & Record<string, number | string>;
  });
  const metricLabel = t(`analytics.messages.${metric}`);
  return (
    <DailyCard
      id="messages-chart"
      title={t("analytics.messages.title")}
      caption={t("analytics.messages.caption", { metric: metricLabel })}
      kind="line"
      rows={rows}
      chartSeries={channels}
      tableSeries={[...channels, { key: "all", label: t("analytics.messages.total"), color: "" }]}
      controls={
        <fieldset className="analytics-fieldset">
          <legend className="analytics-visually-hidden">{t("analytics.messages.metric")}</legend>
          <ButtonGroup variant="segmented">
            {METRICS.map((m) => (
              <Button key={m} pressed={metric === m} onClick={() => setMetric(m)} size="slim">
                {t(`analytics.messages.${m}`)}
              </Button>
            ))}
          </ButtonGroup>
        </fieldset>
      }
    />
  );
}

/** The company's contacts over the period: the running total drawn, each day's new contacts in the table. */
export function ContactsChart({ report }: { report: AnalyticsReport }) {
  const { t } = useTranslation();
  const rows = report.contactsByDay.map((d) => ({
    day: d.date,
    newContacts: d.newContacts,
    totalContacts: d.totalContacts,
  }));
  const total: ChartSeries = {
    key: "totalContacts",
    label: t("analytics.contacts.totalContacts"),
    color: "#6d4fc2",
  };
  return (
    <DailyCard
      id="contacts-chart"
      title={t("analytics.contacts.title")}
      caption={t("analytics.contacts.caption")}
      kind="line"
      rows={rows}
      chartSeries={[total]}
      tableSeries={[{ key: "newContacts", label: t("analytics.contacts.newContacts"), color: "" }, total]}
      // A running total's "total" is where it ends, not the sum of its days.
      totals={{ totalContacts: rows.at(-1)?.totalContacts ?? 0 }}
    />
  );
}

/** Opt-outs (and opt-ins beside them) per day. */
export function ConsentChart({ report }: { report: AnalyticsReport }) {
  const { t } = useTranslation();
  const rows = report.consentByDay.map((d) => ({ day: d.date, optOuts: d.optOuts, optIns: d.optIns }));
  return (
    <DailyCard
      id="consent-chart"
      title={t("analytics.consent.title")}
      caption={t("analytics.consent.caption")}
      kind="bar"
      rows={rows}
      chartSeries={[
        { key: "optOuts", label: t("analytics.consent.optOuts"), color: "#c5280c" },
        { key: "optIns", label: t("analytics.consent.optIns"), color: "#2c6ecb" },
      ]}
    />
  );
}

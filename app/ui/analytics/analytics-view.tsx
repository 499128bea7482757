import { Banner, BlockStack, Card } from "@shopify/polaris";
import { useTranslation } from "react-i18next";
import { MAX_RANGE_DAYS } from "~/domain/analytics/period";
import type { AnalyticsReport, AnalyticsResult } from "~/domain/analytics/report";
import { EmptyMessage } from "~/ui/empty-message";
import { HeadlineTiles } from "./headline-tiles";
import { JourneyFunnel } from "./journey-funnel";
import { ConsentChart, ContactsChart, MessagesChart } from "./report-charts";
import { NotSentReasons, TopLinks } from "./report-lists";

/** The figures of one period, once loaded: or why the range was refused, or the empty state of a new company. */
export function AnalyticsResultView({ result }: { result: AnalyticsResult }) {
  if (!result.ok) return <RangeProblem problem={result.problem} />;
  return <AnalyticsReportView report={result.report} />;
}

export function RangeProblem({ problem }: { problem: Extract<AnalyticsResult, { ok: false }>["problem"] }) {
  const { t } = useTranslation();
  return (
    <Banner tone="critical">
      <p>{t(`analytics.range.problems.${problem}`, { max: MAX_RANGE_DAYS })}</p>
    </Banner>
  );
}

export function AnalyticsReportView({ report }: { report: AnalyticsReport }) {
  const { t } = useTranslation();
  if (report.empty)
    return (
      <Card>
        <EmptyMessage heading={t("analytics.empty.title")}>{t("analytics.empty.body")}</EmptyMessage>
      </Card>
    );
  return (
    <BlockStack gap="400">
      <HeadlineTiles report={report} />
      <MessagesChart report={report} />
      <div className="analytics-charts">
        <ContactsChart report={report} />
        <ConsentChart report={report} />
      </div>
      <JourneyFunnel report={report} />
      <div className="analytics-charts">
        <TopLinks report={report} />
        <NotSentReasons report={report} />
      </div>
    </BlockStack>
  );
}

import { Badge, BlockStack, Card, InlineStack, Text } from "@shopify/polaris";
import { useTranslation } from "react-i18next";
import { funnelDropOffs } from "~/domain/analytics/funnel";
import type { AnalyticsReport, FunnelJourney } from "~/domain/analytics/report";
import { formatMoney } from "~/domain/kernel/money";
import { formatCount, formatPercent } from "./figures";
import { TableScroll } from "./table-scroll";

const stateTones = { live: "success", muted: "attention", paused: "warning", disabled: undefined } as const;

/**
 * Each product's journey as a funnel: its touchpoints in order with what each sent, got delivered
 * and clicked (and the revenue attributed to it when a store is connected), and the drop-off from
 * the touchpoint before. Messages of deleted touchpoints come last, outside the chain.
 */
export function JourneyFunnel({ report }: { report: AnalyticsReport }) {
  const { t } = useTranslation();
  return (
    <Card>
      <section aria-labelledby="funnel-title">
        <BlockStack gap="400">
          <BlockStack gap="100">
            <Text as="h2" variant="headingMd" id="funnel-title">
              {t("analytics.funnel.title")}
            </Text>
            <Text as="p" tone="subdued" variant="bodySm">
              {t("analytics.funnel.help")}
            </Text>
          </BlockStack>
          {report.funnel.length === 0 ? (
            <Text as="p" tone="subdued">
              {t("analytics.funnel.empty")}
            </Text>
          ) : (
            report.funnel.map((journey) => (
              <JourneyTable key={journey.journeyId} journey={journey} withRevenue={report.storeConnected} />
            ))
          )}
        </BlockStack>
      </section>
    </Card>
  );
}

function JourneyTable({ journey, withRevenue }: { journey: FunnelJourney; withRevenue: boolean }) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const count = (n: number) => formatCount(n, locale);
  const drops = funnelDropOffs(journey.touchpoints);
  const headingId = `funnel-${journey.journeyId}`;
  return (
    <BlockStack gap="200">
      <InlineStack gap="200" blockAlign="center">
        <Text as="h3" variant="headingSm" id={headingId}>
          {journey.journeyName}
        </Text>
        <Badge tone={stateTones[journey.state]}>{t(`analytics.funnel.states.${journey.state}`)}</Badge>
        {journey.journeyName !== journey.productName ? (
          <Text as="span" tone="subdued" variant="bodySm">
            {t("analytics.funnel.product", { name: journey.productName })}
          </Text>
        ) : null}
      </InlineStack>
      <TableScroll labelledBy={headingId}>
        <table
          className="analytics-table"
          aria-labelledby={headingId}
          data-testid={`funnel-${journey.productName}`}
        >
          <thead>
            <tr>
              <th scope="col">{t("analytics.funnel.touchpoint")}</th>
              <th scope="col" className="analytics-number">
                {t("analytics.funnel.sent")}
              </th>
              <th scope="col" className="analytics-number">
                {t("analytics.funnel.delivered")}
              </th>
              <th scope="col" className="analytics-number">
                {t("analytics.funnel.clicked")}
              </th>
              {withRevenue ? (
                <th scope="col" className="analytics-number">
                  {t("analytics.funnel.revenue")}
                </th>
              ) : null}
              <th scope="col" className="analytics-number">
                {t("analytics.funnel.dropOff")}
              </th>
            </tr>
          </thead>
          <tbody>
            {journey.touchpoints.map((tp, index) => (
              <tr key={tp.touchpointId ?? `deleted-${index}`}>
                <th scope="row" className="analytics-wrap">
                  {tp.touchpointId === null ? (
                    <Text as="span" tone="subdued">
                      {t("analytics.funnel.deleted")}
                    </Text>
                  ) : (
                    <>
                      {tp.name}
                      {tp.channel ? (
                        <Text as="span" tone="subdued" variant="bodySm">
                          {" · "}
                          {t(`analytics.channels.${tp.channel}`)}
                        </Text>
                      ) : null}
                    </>
                  )}
                </th>
                <td className="analytics-number">{count(tp.sent)}</td>
                <td className="analytics-number">{count(tp.delivered)}</td>
                <td className="analytics-number">{count(tp.clickedMessages)}</td>
                {withRevenue ? (
                  <td className="analytics-number">
                    {tp.attributedRevenue.length === 0
                      ? "–"
                      : tp.attributedRevenue
                          .map((r) => formatMoney(r.amountMinor, r.currency, locale))
                          .join(", ")}
                  </td>
                ) : null}
                <td className="analytics-number">{formatPercent(drops[index] ?? null, locale)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableScroll>
    </BlockStack>
  );
}

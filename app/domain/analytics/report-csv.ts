import type { TFunction } from "i18next";
import { currencyDigits, minorUnitsToDecimal } from "~/domain/kernel/money";
import { funnelDropOffs } from "./funnel";
import { ANALYTICS_CHANNELS, type AnalyticsReport, change, type Figure, type RateFigure } from "./report";

/**
 * The analytics page's current view as the rows of a CSV file (the export at /analytics/export.csv):
 * one section per part of the page, each under a title row, separated by an empty row. Numbers are
 * written plainly (no thousands separators; rates and changes as decimals, 0.25 for 25 %) so a
 * spreadsheet reads them as numbers; texts are in the reader's language. The caller neutralises
 * formulas (csvDownloadLine): journey, touchpoint and link texts are the company's own.
 */
export function reportCsvRows(report: AnalyticsReport, t: TFunction): string[][] {
  const rows: string[][] = [];
  const section = (title: string, header: string[], body: string[][]) => {
    if (rows.length > 0) rows.push([]);
    rows.push([title], header, ...body);
  };
  const h = report.headline;
  const count = (figure: Figure) => [
    String(figure.current),
    figure.previous === null ? "" : String(figure.previous),
    decimal(change(figure)),
  ];
  const ratio = (figure: RateFigure) => [
    decimal(figure.current),
    decimal(figure.previous),
    decimal(change(figure)),
  ];
  const headline: string[][] = [
    [t("analytics.tiles.sent"), ...count(h.sent)],
    [t("analytics.tiles.delivered"), ...count(h.delivered)],
    [t("analytics.tiles.failed"), ...count(h.failed)],
    [t("analytics.tiles.clicks"), ...count(h.clicks)],
    [t("analytics.export.clickRate"), ...ratio(h.clickRate)],
    [t("analytics.tiles.optOuts"), ...count(h.optOuts)],
    [t("analytics.tiles.newContacts"), ...count(h.newContacts)],
    [t("analytics.tiles.formSubmissions"), ...count(h.formSubmissions)],
    [t("analytics.export.formViews"), ...count(h.formViews)],
    [t("analytics.export.formConversion"), ...ratio(h.formConversion)],
  ];
  if (report.storeConnected) {
    headline.push([t("analytics.tiles.orders"), ...count(h.orders)]);
    headline.push([t("analytics.export.attributedOrders"), ...count(h.attributedOrders)]);
    for (const money of h.attributedRevenue)
      headline.push([
        `${t("analytics.tiles.revenue")} (${money.currency})`,
        amount(money.current, money.currency),
        money.previous === null ? "" : amount(money.previous, money.currency),
        decimal(change(money)),
      ]);
  } else {
    headline.push([t("analytics.tiles.orders"), t("analytics.tiles.noStore"), "", ""]);
  }
  section(
    t("analytics.export.sections.headline"),
    [
      t("analytics.export.figure"),
      t("analytics.export.current"),
      t("analytics.export.previous"),
      t("analytics.export.change"),
    ],
    headline,
  );

  section(
    t("analytics.export.sections.messages"),
    [
      t("analytics.export.date"),
      t("analytics.export.channel"),
      t("analytics.messages.sent"),
      t("analytics.messages.delivered"),
      t("analytics.messages.clicks"),
    ],
    report.messagesByDay.flatMap((day) =>
      ANALYTICS_CHANNELS.map((channel) => [
        day.date,
        t(`analytics.channels.${channel}`),
        String(day[channel].sent),
        String(day[channel].delivered),
        String(day[channel].clicks),
      ]),
    ),
  );
  section(
    t("analytics.export.sections.contacts"),
    [t("analytics.export.date"), t("analytics.contacts.newContacts"), t("analytics.contacts.totalContacts")],
    report.contactsByDay.map((d) => [d.date, String(d.newContacts), String(d.totalContacts)]),
  );
  section(
    t("analytics.export.sections.consent"),
    [t("analytics.export.date"), t("analytics.consent.optOuts"), t("analytics.consent.optIns")],
    report.consentByDay.map((d) => [d.date, String(d.optOuts), String(d.optIns)]),
  );

  const funnelHeader = [
    t("analytics.export.journey"),
    t("analytics.export.product"),
    t("analytics.export.touchpoint"),
    t("analytics.export.channel"),
    t("analytics.funnel.sent"),
    t("analytics.funnel.delivered"),
    t("analytics.funnel.clicked"),
    t("analytics.funnel.dropOff"),
  ];
  if (report.storeConnected)
    funnelHeader.push(t("analytics.export.attributedOrders"), t("analytics.funnel.revenue"));
  section(
    t("analytics.export.sections.funnel"),
    funnelHeader,
    report.funnel.flatMap((journey) => {
      const drops = funnelDropOffs(journey.touchpoints);
      return journey.touchpoints.map((tp, index) => {
        const row = [
          journey.journeyName,
          journey.productName,
          tp.touchpointId === null ? t("analytics.funnel.deleted") : (tp.name ?? ""),
          tp.channel ? t(`analytics.channels.${tp.channel}`) : "",
          String(tp.sent),
          String(tp.delivered),
          String(tp.clickedMessages),
          decimal(drops[index] ?? null),
        ];
        if (report.storeConnected)
          row.push(
            String(tp.attributedOrders),
            tp.attributedRevenue.map((r) => `${amount(r.amountMinor, r.currency)} ${r.currency}`).join("; "),
          );
        return row;
      });
    }),
  );
  section(
    t("analytics.export.sections.links"),
    [t("analytics.links.url"), t("analytics.links.clicks"), t("analytics.links.clickedMessages")],
    report.topLinks.map((link) => [link.url, String(link.clicks), String(link.clickedMessages)]),
  );
  section(
    t("analytics.export.sections.notSent"),
    [t("analytics.notSent.reason"), t("analytics.notSent.count"), t("analytics.notSent.previous")],
    report.notSent
      .filter((r) => r.count > 0 || (r.previous ?? 0) > 0)
      .map((r) => [
        t(`analytics.notSent.reasons.${r.reason}`),
        String(r.count),
        r.previous === null ? "" : String(r.previous),
      ]),
  );
  return rows;
}

/** A ratio as a plain decimal with at most 4 places ("0.25"), or empty when there is none. */
function decimal(value: number | null): string {
  return value === null ? "" : String(Math.round(value * 10_000) / 10_000);
}

/** Minor units as the currency's decimal amount ("1234.50"), exact. */
function amount(minor: number, currency: string): string {
  return minorUnitsToDecimal(minor, currencyDigits(currency));
}

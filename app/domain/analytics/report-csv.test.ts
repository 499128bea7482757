import i18next from "i18next";
import { beforeAll, expect, test } from "vitest";
import { csvDownloadLine } from "~/domain/kernel/csv-writer";
import { resources } from "~/i18n/resources";
import type { AnalyticsReport, FunnelTouchpoint } from "./report";
import { reportCsvRows } from "./report-csv";

const i18n = i18next.createInstance();
beforeAll(() => i18n.init({ lng: "en", resources, fallbackLng: false }));

const zero = { current: 0, previous: 0 };
function touchpoint(values: Partial<FunnelTouchpoint>): FunnelTouchpoint {
  return {
    touchpointId: "tp",
    ordinal: 1,
    name: "Welcome",
    channel: "sms",
    linkTarget: null,
    sent: 0,
    delivered: 0,
    failed: 0,
    clicks: 0,
    clickedMessages: 0,
    attributedOrders: 0,
    attributedRevenue: [],
    ...values,
  };
}

/** A report as loadCompanyAnalytics answers it: two days, one journey whose second touchpoint is a formula. */
function sampleReport(storeConnected: boolean): AnalyticsReport {
  const channelDay = (sent: number) => ({ sent, delivered: sent, clicks: 0 });
  return {
    accountId: "a",
    period: {
      from: "2026-03-01",
      to: "2026-03-02",
      days: 2,
      previous: { from: "2026-02-27", to: "2026-02-28" },
      timeZone: "UTC",
    },
    compared: true,
    storeConnected,
    empty: false,
    headline: {
      sent: { current: 150, previous: 100 },
      delivered: { current: 140, previous: 100 },
      failed: { current: 2, previous: 0 },
      clicks: { current: 30, previous: 20 },
      clickedMessages: { current: 25, previous: 20 },
      clickRate: { current: 25 / 150, previous: 0.2 },
      optOuts: zero,
      newContacts: { current: 4, previous: 8 },
      formViews: zero,
      formSubmissions: zero,
      formConversion: { current: null, previous: null },
      orders: { current: 3, previous: 1 },
      attributedOrders: { current: 2, previous: 1 },
      attributedRevenue: [{ currency: "USD", current: 123450, previous: 5000 }],
      revenue: [{ currency: "USD", current: 200000, previous: 5000 }],
    },
    messagesByDay: [
      { date: "2026-03-01", sms: channelDay(100), whatsapp: channelDay(0), email: channelDay(20) },
      { date: "2026-03-02", sms: channelDay(30), whatsapp: channelDay(0), email: channelDay(0) },
    ],
    contactsByDay: [
      { date: "2026-03-01", newContacts: 3, totalContacts: 53 },
      { date: "2026-03-02", newContacts: 1, totalContacts: 54 },
    ],
    consentByDay: [
      { date: "2026-03-01", optOuts: 0, optIns: 1 },
      { date: "2026-03-02", optOuts: 0, optIns: 0 },
    ],
    funnel: [
      {
        journeyId: "j",
        journeyName: "Glow Serum",
        productId: "p",
        productName: "Glow Serum",
        state: "live",
        touchpoints: [
          touchpoint({
            sent: 100,
            delivered: 95,
            clickedMessages: 20,
            attributedOrders: 2,
            attributedRevenue: [{ currency: "USD", amountMinor: 123450 }],
          }),
          touchpoint({ touchpointId: "tp2", name: '=HYPERLINK("http://evil")', channel: "email", sent: 25 }),
        ],
      },
    ],
    topLinks: [{ url: "https://shop.example/guide", clicks: 30, clickedMessages: 25 }],
    notSent: [
      { reason: "quiet_hours", waiting: true, count: 4, previous: 1 },
      { reason: "no_consent", waiting: false, count: 0, previous: 0 },
    ],
  };
}

function sectionOf(rows: string[][], title: string) {
  const start = rows.findIndex((row) => row.length === 1 && row[0] === title);
  expect(start, title).toBeGreaterThanOrEqual(0);
  const end = rows.findIndex((row, i) => i > start && row.length === 0);
  return rows.slice(start + 1, end === -1 ? undefined : end);
}

test("the headline section has this period, the previous one and the change as plain numbers", () => {
  const rows = reportCsvRows(sampleReport(true), i18n.t);
  const headline = sectionOf(rows, "Headline figures");
  expect(headline[0]).toEqual(["Figure", "This period", "Previous period", "Change"]);
  expect(headline).toContainEqual(["Messages sent", "150", "100", "0.5"]);
  expect(headline).toContainEqual(["Click rate", "0.1667", "0.2", "-0.1667"]);
  expect(headline).toContainEqual(["Failed", "2", "0", ""]);
  expect(headline).toContainEqual(["Form conversion", "", "", ""]);
  expect(headline).toContainEqual(["Attributed revenue (USD)", "1234.50", "50.00", "23.69"]);
});

test("without a store the export says so instead of orders and revenue", () => {
  const rows = reportCsvRows(sampleReport(false), i18n.t);
  expect(sectionOf(rows, "Headline figures")).toContainEqual(["Orders", "No store connected", "", ""]);
  expect(sectionOf(rows, "Journeys")[0]).not.toContain("Attributed revenue");
});

test("messages per day have a row per day and channel; the journey rows carry drop-off and revenue", () => {
  const rows = reportCsvRows(sampleReport(true), i18n.t);
  const messages = sectionOf(rows, "Messages per day");
  expect(messages).toHaveLength(1 + 2 * 3);
  expect(messages).toContainEqual(["2026-03-01", "Email", "20", "20", "0"]);
  const journeys = sectionOf(rows, "Journeys");
  expect(journeys[1]).toEqual([
    "Glow Serum",
    "Glow Serum",
    "Welcome",
    "SMS",
    "100",
    "95",
    "20",
    "",
    "2",
    "1234.50 USD",
  ]);
  expect(journeys[2]?.slice(2, 8)).toEqual(['=HYPERLINK("http://evil")', "Email", "25", "0", "0", "0.75"]);
  // Only reasons with messages in either period.
  expect(sectionOf(rows, "Messages not sent").slice(1)).toEqual([["Quiet hours", "4", "1"]]);
});

test("written out, a touchpoint name that is a formula reaches the file as text", () => {
  const file = reportCsvRows(sampleReport(true), i18n.t).map(csvDownloadLine).join("");
  expect(file).toContain(`"'=HYPERLINK(""http://evil"")"`);
  expect(file).not.toMatch(/(^|,)=HYPERLINK/m);
});

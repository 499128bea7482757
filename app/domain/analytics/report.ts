import type { Period } from "./period";

/**
 * The analytics contract (issue 18): what the page at / and the admin overview receive. Built by
 * loadCompanyAnalytics and loadPlatformOverview (analytics.server.ts), which read only the rollup
 * tables (db/schema/analytics.ts), never raw messages.
 *
 * How the figures are counted (the rule the rollups and the rebuild share):
 * - Days are the company's local days (accounts.time_zone). A message and everything that happens to
 *   it (delivery, failure, clicks on its tracked link) count on the day it was sent (sent_at), or
 *   created when it never was, so delivered and clicked never exceed sent within a day. Opt-outs, new
 *   contacts, form submissions and orders count on the day they happened. Form views are kept per UTC
 *   day by the form's own counter and show on that date.
 * - sent: messages that left for the provider (sent_at set), whatever happened next; delivered: with a
 *   delivery receipt; failed: failed or undelivered; clicks: every click of a message's tracked link;
 *   clickedMessages: messages clicked at least once.
 * - Test now messages count like any other (they were sent).
 * - Amounts of money are integers in minor units (cents) of their currency.
 */

export type AnalyticsChannel = "sms" | "whatsapp" | "email";
export const ANALYTICS_CHANNELS: readonly AnalyticsChannel[] = ["sms", "whatsapp", "email"];

/** A count now and in the previous period (null when no comparison was asked for). */
export type Figure = { current: number; previous: number | null };

/** A ratio from 0 to 1 (null when its denominator is 0), now and in the previous period. */
export type RateFigure = { current: number | null; previous: number | null };

/** An amount of one currency, in minor units, now and in the previous period. */
export type MoneyFigure = { currency: string; current: number; previous: number | null };

export type HeadlineFigures = {
  sent: Figure;
  delivered: Figure;
  failed: Figure;
  /** Every click of a tracked link. */
  clicks: Figure;
  /** Messages clicked at least once. */
  clickedMessages: Figure;
  /** clickedMessages / sent. */
  clickRate: RateFigure;
  optOuts: Figure;
  newContacts: Figure;
  formViews: Figure;
  formSubmissions: Figure;
  /** formSubmissions / formViews. */
  formConversion: RateFigure;
  /** Store orders placed (cancelled ones left out). */
  orders: Figure;
  /** Of orders, those attributed to a tracked-link click within the attribution window. */
  attributedOrders: Figure;
  /** Attributed revenue per currency (usually one: the store's). Empty when there is none. */
  attributedRevenue: MoneyFigure[];
  /** All orders' revenue per currency. */
  revenue: MoneyFigure[];
};

export type ChannelDayCounts = { sent: number; delivered: number; clicks: number };

/** One day of the messages chart; every day of the period is present (zeros included). */
export type MessagesDay = { date: string } & Record<AnalyticsChannel, ChannelDayCounts>;

/** Contacts growth: new contacts that day and the company's total at the end of it. */
export type ContactsDay = { date: string; newContacts: number; totalContacts: number };

export type ConsentDay = { date: string; optOuts: number; optIns: number };

export type FunnelTouchpoint = {
  /** Null: messages of a touchpoint since deleted (one row per journey). */
  touchpointId: string | null;
  ordinal: number | null;
  name: string | null;
  channel: AnalyticsChannel | null;
  /** Where the touchpoint's tracked links lead (null: no link). */
  linkTarget: string | null;
  sent: number;
  delivered: number;
  failed: number;
  clicks: number;
  clickedMessages: number;
  attributedOrders: number;
  attributedRevenue: { currency: string; amountMinor: number }[];
};

export type FunnelJourney = {
  journeyId: string;
  journeyName: string;
  productId: string;
  productName: string;
  state: "live" | "muted" | "paused" | "disabled";
  /** In the journey's order; touchpoints with nothing in the period are present with zeros. */
  touchpoints: FunnelTouchpoint[];
};

export type TopLink = { url: string; clicks: number; clickedMessages: number };

/**
 * Why messages were not sent. Codes are the journey engine's (dispatch/policy.ts, whatsapp
 * sending); the page words the known ones and shows any other as "other".
 */
export const NOT_SENT_REASONS = [
  "quiet_hours",
  "no_consent",
  "opted_out",
  "journey_muted",
  "journey_paused",
  "journey_disabled",
  "account_suspended",
  "enrollment_ended",
  "contact_inactive",
  "non_commercial_only",
  "no_address",
  "whatsapp_outside_window",
  "whatsapp_template_unusable",
  "customer_data_redacted",
  "other",
] as const;
export type NotSentReason = (typeof NOT_SENT_REASONS)[number];

/** Reasons that hold a message back rather than drop it: it still goes when they lift. */
export const WAITING_REASONS: readonly NotSentReason[] = ["quiet_hours", "journey_paused"];

export type NotSentCount = {
  reason: NotSentReason;
  /** True: these messages are waiting (quiet hours, paused) and may still go. */
  waiting: boolean;
  count: number;
  previous: number | null;
};

export type AnalyticsReport = {
  accountId: string;
  period: Period;
  /** False: the comparison was not asked for, every `previous` is null. */
  compared: boolean;
  /** The company has a store connected (orders and revenue are meaningful). */
  storeConnected: boolean;
  /** Nothing at all was ever counted for the company (a new company): the page's empty state. */
  empty: boolean;
  headline: HeadlineFigures;
  messagesByDay: MessagesDay[];
  contactsByDay: ContactsDay[];
  consentByDay: ConsentDay[];
  funnel: FunnelJourney[];
  topLinks: TopLink[];
  notSent: NotSentCount[];
};

export type AnalyticsOptions = {
  /** Comparison with the period before (default true). */
  compareToPrevious?: boolean;
  /** "Now" for the presets (tests). */
  now?: Date;
  /** How many top links (default 10). */
  topLinks?: number;
};

/** What loadCompanyAnalytics (analytics.server.ts) answers: the report, or why the range is refused. */
export type AnalyticsResult =
  | { ok: true; report: AnalyticsReport }
  | { ok: false; problem: "invalid_date" | "from_after_to" | "too_long" | "in_future" | "not_found" };

/** /admin's platform overview: every company, days as each company's own local days. */
export type PlatformDay = { date: string; sent: number } & Record<AnalyticsChannel, number>;
export type PlatformCompany = {
  accountId: string;
  company: string;
  sent: number;
  delivered: number;
  failed: number;
  clicks: number;
};
export type PlatformOverview = {
  from: string;
  to: string;
  totals: { sent: number; delivered: number; failed: number; clicks: number; companies: number };
  messagesByDay: PlatformDay[];
  /** Companies by messages sent in the range, most first. */
  topCompanies: PlatformCompany[];
};
// ---- pure helpers the page and the CSV export share ----

/** numerator / denominator, or null when the denominator is 0. */
export function rate(numerator: number, denominator: number): number | null {
  return denominator > 0 ? numerator / denominator : null;
}

/**
 * The change from previous to current as a ratio (0.25 = +25%); null when there is nothing to
 * compare (no previous period, or it was 0 while now is not).
 */
export function change(figure: { current: number | null; previous: number | null }): number | null {
  if (figure.previous === null || figure.current === null) return null;
  if (figure.previous === 0) return figure.current === 0 ? 0 : null;
  return (figure.current - figure.previous) / figure.previous;
}

/** The share lost from one step to the next (1 - to/from), or null when `from` is 0. */
export function dropOff(from: number, to: number): number | null {
  return from > 0 ? Math.max(0, 1 - to / from) : null;
}

/** A stored reason code as one of NOT_SENT_REASONS ("other" for anything else). */
export function notSentReasonOf(code: string | null): NotSentReason {
  const normalised = (code ?? "").trim().toLowerCase().replace(/\s+/g, "_");
  return (NOT_SENT_REASONS as readonly string[]).includes(normalised)
    ? (normalised as NotSentReason)
    : "other";
}

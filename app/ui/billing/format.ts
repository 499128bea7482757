import { useTranslation } from "react-i18next";

/**
 * Money, counts and days as the billing screens show them, in the visitor's language. Plan names keep
 * the spec's fixed format instead (planDisplayName: '{name}-{touchpoints}-${price}').
 */
export function useBillingFormat() {
  const { i18n } = useTranslation();
  const locale = i18n.language;
  const count = new Intl.NumberFormat(locale);
  const dollars = new Intl.NumberFormat(locale, {
    style: "currency",
    currency: "USD",
    maximumFractionDigits: 0,
  });
  const perMessage = new Intl.NumberFormat(locale, {
    style: "currency",
    currency: "USD",
    minimumFractionDigits: 2,
  });
  const day = new Intl.DateTimeFormat(locale, { dateStyle: "medium", timeZone: "UTC" });
  return {
    count: (n: number) => count.format(n),
    /** Whole dollars of a price in cents (the catalogue has no cents). */
    price: (cents: number) => dollars.format(cents / 100),
    /** A per-message cost kept in thousandths of a cent (0.13 USD is 13,000). */
    cost: (millicents: number) => perMessage.format(millicents / 100_000),
    /** A YYYY-MM-DD period boundary. */
    day: (isoDay: string) => day.format(new Date(`${isoDay}T00:00:00Z`)),
  };
}

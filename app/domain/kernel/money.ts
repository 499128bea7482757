/**
 * Amounts kept as integer minor units (house rule 9), shown in their currency. How many minor units
 * make one major unit depends on the currency (USD and EUR 2, JPY 0, KWD 3): Intl knows each
 * currency's digits, so we ask it instead of keeping our own table. Client-safe (no server imports).
 */

/** Digits after the decimal point of a currency's minor unit, as Intl knows it (USD 2, JPY 0, KWD 3). */
export function currencyDigits(currency: string): number {
  try {
    const options = new Intl.NumberFormat("en", { style: "currency", currency }).resolvedOptions();
    return options.maximumFractionDigits ?? 2;
  } catch {
    // A malformed code (Intl accepts any three letters, refuses the rest): cents, as most currencies.
    return 2;
  }
}

/**
 * A decimal amount as Shopify and Stripe write it ("25.00", "1299", 19.5) in integer minor units of
 * the currency, read from the digits, never through a float: "25.005" USD is 2501 (half up), "1299"
 * JPY is 1299. Null for nothing ("" or null) and for anything that is not a plain decimal number.
 */
export function toMinorUnits(amount: string | number | null | undefined, currency: string): number | null {
  if (amount === null || amount === undefined) return null;
  const match = /^(-?)(\d+)(?:\.(\d*))?$/.exec(String(amount).trim());
  if (!match) return null;
  const [, sign, whole, fraction = ""] = match;
  const digits = currencyDigits(currency);
  const kept = fraction.slice(0, digits).padEnd(digits, "0");
  let minor = Number(whole) * 10 ** digits + Number(kept || "0");
  if (Number(fraction.charAt(digits) || "0") >= 5) minor += 1;
  return sign ? -minor : minor;
}

/**
 * The exact decimal text of `minor` minor units ("1234" with 2 digits is "12.34"), built from the
 * digits rather than by dividing, so large amounts never pick up floating-point error.
 */
export function minorUnitsToDecimal(minor: number, digits: number): string {
  if (!Number.isSafeInteger(minor)) throw new RangeError(`Not a whole number of minor units: ${minor}`);
  const sign = minor < 0 ? "-" : "";
  const magnitude = String(Math.abs(minor));
  if (digits === 0) return `${sign}${magnitude}`;
  const padded = magnitude.padStart(digits + 1, "0");
  return `${sign}${padded.slice(0, -digits)}.${padded.slice(-digits)}`;
}

/**
 * `minor` minor units of `currency` (an ISO 4217 code, as Shopify sends it) in the reader's language:
 * formatMoney(123456, "USD", "en") is "$1,234.56", formatMoney(1234, "JPY", "en") "¥1,234",
 * formatMoney(1234, "KWD", "en") "KWD 1.234". A code Intl refuses is shown after the plain amount.
 */
export function formatMoney(minor: number, currency: string, locale = "en"): string {
  const code = currency.trim().toUpperCase();
  const digits = currencyDigits(code);
  const decimal = minorUnitsToDecimal(minor, digits);
  try {
    const format = new Intl.NumberFormat(locale, {
      style: "currency",
      currency: code,
      minimumFractionDigits: digits,
      maximumFractionDigits: digits,
    });
    // A decimal string is formatted exactly (Intl.NumberFormat v3), without a round trip through a float.
    return format.format(decimal as `${number}`);
  } catch {
    return `${decimal} ${code}`;
  }
}

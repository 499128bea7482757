/**
 * The SMS Opt-In checkbox status of a store's checkout (spec 3 section 4.5): LOADING while the store
 * is asked, then ENABLED or DISABLED from its answer, or ERROR when it could not answer.
 */
export const SMS_MARKETING_STATUSES = ["LOADING", "ENABLED", "DISABLED", "ERROR"] as const;
export type SmsMarketingStatus = (typeof SMS_MARKETING_STATUSES)[number];

/** What asking the store gave: its setting, or that the call failed. */
export type SmsMarketingAnswer = { ok: true; enabled: boolean } | { ok: false };

/** The status shown for an answer; no answer yet (the call is under way) is LOADING. */
export function smsMarketingStatusOf(answer: SmsMarketingAnswer | undefined): SmsMarketingStatus {
  if (!answer) return "LOADING";
  if (!answer.ok) return "ERROR";
  return answer.enabled ? "ENABLED" : "DISABLED";
}

/**
 * The Admin GraphQL field that answers it: Shop.marketingSmsConsentEnabledAtCheckout ("Whether SMS
 * marketing has been enabled on the shop's checkout configuration settings"), the GraphQL twin of the
 * REST shop's marketing_sms_consent_enabled_at_checkout, which the spec's
 * store_sms_marketing_enabled came from. It needs no scope beyond the app's own.
 */
export const SMS_MARKETING_QUERY = `#graphql
  query SmsMarketingAtCheckout {
    shop {
      marketingSmsConsentEnabledAtCheckout
    }
  }
`;

export type SmsMarketingQueryData = { shop?: { marketingSmsConsentEnabledAtCheckout?: unknown } | null };

/** The answer inside the query's data; anything but a boolean is a failed call, not a guess. */
export function smsMarketingAnswerOf(data: SmsMarketingQueryData): SmsMarketingAnswer {
  const enabled = data.shop?.marketingSmsConsentEnabledAtCheckout;
  return typeof enabled === "boolean" ? { ok: true, enabled } : { ok: false };
}

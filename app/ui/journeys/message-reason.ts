import type { TFunction } from "i18next";
import { asI18nKey } from "~/i18n/keys";

// A message's status reason is one of: an engine code (`no_consent`), a code with the id under which
// the provider's own answer was logged (`send_failed:1a2b3c4d`), or words we wrote for a provider's
// error code ("Twilio error 30003: ..."). Provider texts themselves are never stored or shown.
const REASON_CODE = /^([a-z_]+)(?::([0-9a-f]{8}))?$/;

/** The status reason of a message in the reader's words, with its error id when it has one. */
export function messageReasonText(t: TFunction, reason: string): string {
  const code = REASON_CODE.exec(reason);
  if (!code) return reason;
  const [, key, errorId] = code;
  const words = t([asI18nKey(`timeline.reasons.${key}`), asI18nKey(`journeys.detail.reasons.${key}`)], {
    defaultValue: key,
  });
  return errorId ? `${words} (${t("timeline.errorId", { errorId })})` : words;
}

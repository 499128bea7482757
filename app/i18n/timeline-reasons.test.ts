import i18next from "i18next";
import { expect, test } from "vitest";
import { resources } from "./resources";

/** The reasons the dispatcher records for messages that were not sent, as the contact timeline words them. */
const reasons = [
  "unknown_outcome",
  "account_suspended",
  "send_failed",
  "interrupted",
  "journey_muted",
  "opted_out",
];

test.each(["en", "fr"])("every reason a message was not sent has words on the timeline (%s)", async (lng) => {
  const i18n = i18next.createInstance();
  await i18n.init({ lng, resources, fallbackLng: false });
  for (const reason of reasons) {
    // The timeline's own lookup (app/ui/contacts/contact-timeline.tsx).
    const text = i18n.t([`timeline.reasons.${reason}`, `journeys.detail.reasons.${reason}`], {
      defaultValue: reason,
    });
    expect(text, reason).not.toBe(reason);
  }
});

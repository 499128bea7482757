import { expect, test } from "vitest";
import { companyWithAdmin } from "../../../tests/support/team-factories";
import { describeEachDatabase } from "../../../tests/support/test-database";
import { getMessagingSettings, updateMessagingSettings } from "./messaging.server";

describeEachDatabase("messaging settings", () => {
  test("a company starts on New York time with the default HELP reply, and saves its own", async () => {
    const a = await companyWithAdmin();
    expect(await getMessagingSettings(a.context)).toEqual({
      timeZone: "America/New_York",
      smsHelpText: null,
    });
    await updateMessagingSettings(a.context, { timeZone: "Europe/Paris", smsHelpText: "Call 555-0100" });
    expect(await getMessagingSettings(a.context)).toEqual({
      timeZone: "Europe/Paris",
      smsHelpText: "Call 555-0100",
    });
  });
});

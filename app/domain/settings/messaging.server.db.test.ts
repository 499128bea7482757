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
    // A new time zone asks for the company's analytics to be rebuilt on its new days.
    const rebuilt: string[] = [];
    const rebuild = async (accountId: string) => void rebuilt.push(accountId);
    await updateMessagingSettings(
      a.context,
      { timeZone: "Europe/Paris", smsHelpText: "Call 555-0100" },
      rebuild,
    );
    expect(await getMessagingSettings(a.context)).toEqual({
      timeZone: "Europe/Paris",
      smsHelpText: "Call 555-0100",
    });
    expect(rebuilt).toEqual([a.account.id]);
  });
});

import { expect, test } from "vitest";
import { supportMessages } from "#db/schema";
import { addMembership, mailsTo } from "../../../tests/support/factories";
import { companyWithAdmin, createMember, memberContext } from "../../../tests/support/team-factories";
import { describeEachDatabase } from "../../../tests/support/test-database";
import { submitSupportMessage } from "./support.server";

describeEachDatabase("support messages", (getDb) => {
  test("the message is stored with the member's active company and emailed to support", async () => {
    const a = await companyWithAdmin("Acme");
    const b = await companyWithAdmin("Bolt");
    const carol = await createMember(a.account.id, {
      email: "carol@acme.test",
      givenName: "Carol",
      familyName: "Jones",
    });
    await addMembership(carol.id, b.account.id, { activatedAt: new Date(Date.now() - 60_000) });
    const context = await memberContext(carol.id);

    await submitSupportMessage(context, { phone: "+33 6 12 34 56 78", message: "The export is stuck." });

    const rows = await getDb().select().from(supportMessages);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      accountId: a.account.id,
      userId: carol.id,
      givenName: "Carol",
      familyName: "Jones",
      email: "carol@acme.test",
      phone: "+33 6 12 34 56 78",
      message: "The export is stuck.",
    });
    const mails = await mailsTo("support@blusteam.dev");
    expect(mails).toHaveLength(1);
    expect(mails[0].subject).toBe("Support: Carol Jones");
    expect(mails[0].text).toContain("+33 6 12 34 56 78");
    expect(mails[0].text).toContain("The export is stuck.");
    expect(mails[0].text).toContain("Company: Acme");
    expect(mails[0].text).toContain("carol@acme.test");
    expect(await mailsTo("carol@acme.test")).toHaveLength(0);
  });
});

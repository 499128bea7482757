import { eq } from "drizzle-orm";
import { describe, expect, test } from "vitest";
import { inviteHistory } from "#db/schema";
import { mailsTo } from "../../../tests/support/factories";
import {
  companyWithAdmin,
  createInvite,
  createMember,
  daysFromNow,
  inviteRow,
} from "../../../tests/support/team-factories";
import { describeEachDatabase } from "../../../tests/support/test-database";
import {
  cancelInvitation,
  INVITATION_LIFETIME_DAYS,
  listPendingInvitations,
  parseInviteEmails,
  sendInvitations,
} from "./invitations.server";

describe("parseInviteEmails", () => {
  test("trims, lowercases and de-duplicates, setting invalid entries aside", () => {
    expect(
      parseInviteEmails(" Ann@Example.com, ann@example.com ,bob@example.org,, not-an-email, x@y"),
    ).toEqual({ valid: ["ann@example.com", "bob@example.org"], invalid: ["not-an-email", "x@y"] });
  });

  test("an empty entry gives nothing at all", () => {
    expect(parseInviteEmails(" , ,")).toEqual({ valid: [], invalid: [] });
  });
});

describeEachDatabase("sending and listing invitations", (getDb) => {
  const invitesTo = (email: string) =>
    getDb().select().from(inviteHistory).where(eq(inviteHistory.email, email));

  test("sendInvitations sends to new emails only and reports the rest", async () => {
    const a = await companyWithAdmin("Acme", { givenName: "Alice", familyName: "Admin" });
    const member = await createMember(a.account.id, { email: "member@example.com" });
    await createInvite({ accountId: a.account.id, email: "pending@example.com" });

    const outcome = await sendInvitations(
      a.context,
      `New@Example.com, ${member.email}, pending@example.com, broken@, new@example.com`,
      "en",
    );

    expect(outcome).toEqual({
      sent: ["new@example.com"],
      alreadyInvited: ["pending@example.com"],
      alreadyMembers: ["member@example.com"],
      invalid: ["broken@"],
    });
    expect(await invitesTo("new@example.com")).toHaveLength(1);
    expect(await invitesTo("pending@example.com")).toHaveLength(1);
    expect(await invitesTo(member.email)).toHaveLength(0);
    expect(await mailsTo("pending@example.com")).toHaveLength(0);
    expect(await mailsTo(member.email)).toHaveLength(0);
  });

  test("the invitation email links to /?requestid=<invite id> and tells when it expires", async () => {
    const a = await companyWithAdmin("Acme", { givenName: "Alice", familyName: "Admin" });

    await sendInvitations(a.context, "ann@example.com", "en");

    const [invite] = await invitesTo("ann@example.com");
    expect(invite).toMatchObject({ accountId: a.account.id, company: "Acme", invitedByName: "Alice Admin" });
    const lifetime = invite.expiresAt.getTime() - Date.now();
    expect(lifetime).toBeGreaterThan((INVITATION_LIFETIME_DAYS - 0.01) * 86_400_000);
    expect(lifetime).toBeLessThanOrEqual(INVITATION_LIFETIME_DAYS * 86_400_000);
    const mails = await mailsTo("ann@example.com");
    expect(mails).toHaveLength(1);
    expect(mails[0].subject).toContain("Alice Admin invited you to join Acme");
    expect(mails[0].text).toContain(`http://localhost:3000/?requestid=${invite.id}`);
    expect(mails[0].html).toContain(`/?requestid=${invite.id}`);
    const expiry = invite.expiresAt.toLocaleDateString("en", { dateStyle: "long", timeZone: "UTC" });
    expect(mails[0].text).toContain(`The invitation expires on ${expiry}.`);
  });

  test("an expired invitation does not block a new one; another company's invitation neither", async () => {
    const a = await companyWithAdmin();
    const b = await companyWithAdmin();
    await createInvite({ accountId: a.account.id, email: "ann@example.com", expiresAt: daysFromNow(-1) });
    await createInvite({ accountId: b.account.id, email: "ann@example.com" });

    const outcome = await sendInvitations(a.context, "ann@example.com", "en");

    expect(outcome.sent).toEqual(["ann@example.com"]);
    expect(outcome.alreadyInvited).toEqual([]);
    expect(await mailsTo("ann@example.com")).toHaveLength(1);
    expect(await listPendingInvitations(a.context)).toHaveLength(1);
  });

  test("someone who is a member of another company only is invited", async () => {
    const a = await companyWithAdmin();
    const b = await companyWithAdmin();
    const bMember = await createMember(b.account.id);

    const outcome = await sendInvitations(a.context, bMember.email, "en");

    expect(outcome).toMatchObject({ sent: [bMember.email], alreadyMembers: [] });
  });

  test("listPendingInvitations shows the company's unexpired invitations only, newest first", async () => {
    const a = await companyWithAdmin();
    const b = await companyWithAdmin();
    const older = await createInvite({
      accountId: a.account.id,
      email: "old@example.com",
      createdAt: daysFromNow(-2),
    });
    const newer = await createInvite({
      accountId: a.account.id,
      email: "new@example.com",
      createdAt: daysFromNow(-1),
    });
    await createInvite({ accountId: a.account.id, email: "gone@example.com", expiresAt: daysFromNow(-1) });
    await createInvite({ accountId: b.account.id, email: "theirs@example.com" });

    const list = await listPendingInvitations(a.context);

    expect(list.map((i) => i.id)).toEqual([newer.id, older.id]);
    expect((await listPendingInvitations(b.context)).map((i) => i.email)).toEqual(["theirs@example.com"]);
  });

  test("the search matches part of the email, ignoring case, and takes % and _ literally", async () => {
    const a = await companyWithAdmin();
    const b = await companyWithAdmin();
    for (const email of ["ann@example.com", "bob@example.org", "a_b@example.com", "a%c@example.com"])
      await createInvite({ accountId: a.account.id, email });
    await createInvite({ accountId: b.account.id, email: "annie@example.com" });

    const search = async (text: string) =>
      (await listPendingInvitations(a.context, text)).map((i) => i.email).sort();

    expect(await search(" ANN ")).toEqual(["ann@example.com"]);
    expect(await search("example.org")).toEqual(["bob@example.org"]);
    expect(await search("_")).toEqual(["a_b@example.com"]);
    expect(await search("%")).toEqual(["a%c@example.com"]);
    expect(await search("a_")).toEqual(["a_b@example.com"]);
    expect(await search("nobody")).toEqual([]);
    expect(await search("")).toHaveLength(4);
  });

  test("cancelInvitation deletes the company's own invitation", async () => {
    const a = await companyWithAdmin();
    const invite = await createInvite({ accountId: a.account.id, email: "ann@example.com" });

    expect(await cancelInvitation(a.context, invite.id)).toBe(true);
    expect(await inviteRow(invite.id)).toBeUndefined();
    expect(await cancelInvitation(a.context, invite.id)).toBe(false);
  });

  test("cancelling another company's invitation by its id fails and leaves it", async () => {
    const a = await companyWithAdmin();
    const b = await companyWithAdmin();
    const theirs = await createInvite({ accountId: b.account.id, email: "ann@example.com" });

    expect(await cancelInvitation(a.context, theirs.id)).toBe(false);
    expect(await inviteRow(theirs.id)).toEqual(theirs);
  });

  test("cancelling with an id that is not a uuid is refused, not an error", async () => {
    const a = await companyWithAdmin();

    expect(await cancelInvitation(a.context, "not-a-uuid")).toBe(false);
  });
});

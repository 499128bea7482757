import { eq } from "drizzle-orm";
import { expect, test } from "vitest";
import { inviteHistory, membershipRemovals, memberships } from "#db/schema";
import { addMembership, createUser, membershipOf } from "../../../tests/support/factories";
import {
  companyWithAdmin,
  createInvite,
  daysFromNow,
  inviteRow,
  memberContext,
  viewerOf,
} from "../../../tests/support/team-factories";
import { describeEachDatabase } from "../../../tests/support/test-database";
import { acceptInvitation, declineInvitation, listMyInvitations } from "./invitations.server";
import { removeMember } from "./members.server";

describeEachDatabase("answering invitations", (getDb) => {
  const membershipsOf = (userId: string) =>
    getDb().select().from(memberships).where(eq(memberships.userId, userId));

  test("listMyInvitations lists the user's unexpired invitations, newest first", async () => {
    const a = await companyWithAdmin("Acme");
    const b = await companyWithAdmin("Bolt");
    const ann = await createUser({ email: "ann@example.com" });
    const older = await createInvite({
      accountId: a.account.id,
      email: ann.email,
      company: "Acme",
      createdAt: daysFromNow(-2),
    });
    const newer = await createInvite({
      accountId: b.account.id,
      email: ann.email,
      company: "Bolt",
      createdAt: daysFromNow(-1),
    });
    await createInvite({ accountId: a.account.id, email: ann.email, expiresAt: daysFromNow(-1) });
    await createInvite({ accountId: a.account.id, email: "someone-else@example.com" });

    const mine = await listMyInvitations(await viewerOf(ann.id));

    expect(mine.map((i) => [i.id, i.company, i.accountId])).toEqual([
      [newer.id, "Bolt", b.account.id],
      [older.id, "Acme", a.account.id],
    ]);
  });

  test("a removed member is recorded as removed until they accept an invitation back", async () => {
    const a = await companyWithAdmin("Acme");
    const ann = await createUser({ email: "ann@example.com" });
    await addMembership(ann.id, a.account.id);
    const admin = await memberContext(a.admin.id);
    expect(await removeMember(admin, ann.id)).toBe("done");
    const removals = () => getDb().select().from(membershipRemovals);
    expect(await removals()).toMatchObject([
      { userId: ann.id, accountId: a.account.id, removedByUserId: a.admin.id },
    ]);

    const invite = await createInvite({ accountId: a.account.id, email: ann.email });
    expect(await acceptInvitation(await viewerOf(ann.id), invite.id)).toBe("joined");

    expect(await removals()).toEqual([]);
  });

  test("accepting joins the company as a plain member, uses up the invitation and makes it active", async () => {
    const home = await companyWithAdmin("Home Co");
    const a = await companyWithAdmin("Acme");
    const ann = await createUser({ email: "ann@example.com" });
    await addMembership(ann.id, home.account.id, { activatedAt: daysFromNow(-1) });
    const invite = await createInvite({ accountId: a.account.id, email: ann.email });

    expect(await acceptInvitation(await viewerOf(ann.id), invite.id)).toBe("joined");

    expect(await membershipOf(ann.id, a.account.id)).toMatchObject({ isCompanyAdmin: false });
    expect(await inviteRow(invite.id)).toBeUndefined();
    const viewer = await viewerOf(ann.id);
    expect(viewer.memberships.map((m) => m.company)).toEqual(["Acme", "Home Co"]);
    expect((await memberContext(ann.id)).account.id).toBe(a.account.id);
  });

  test("accepting twice: the second time the invitation is not found", async () => {
    const a = await companyWithAdmin();
    const ann = await createUser();
    const invite = await createInvite({ accountId: a.account.id, email: ann.email });
    const viewer = await viewerOf(ann.id);

    expect(await acceptInvitation(viewer, invite.id)).toBe("joined");
    expect(await acceptInvitation(viewer, invite.id)).toBe("not_found");
    expect(await membershipsOf(ann.id)).toHaveLength(1);
  });

  test("someone else's invitation is ineligible, and nothing changes", async () => {
    const a = await companyWithAdmin();
    const mallory = await createUser();
    const invite = await createInvite({ accountId: a.account.id, email: "ann@example.com" });

    expect(await acceptInvitation(await viewerOf(mallory.id), invite.id)).toBe("ineligible");

    expect(await membershipsOf(mallory.id)).toEqual([]);
    expect(await inviteRow(invite.id)).toEqual(invite);
  });

  test("a member of the inviting company cannot take an invitation meant for someone else", async () => {
    const a = await companyWithAdmin();
    const b = await companyWithAdmin();
    const invite = await createInvite({ accountId: b.account.id, email: "ann@example.com" });

    expect(await acceptInvitation(await viewerOf(a.admin.id), invite.id)).toBe("ineligible");
    expect(await membershipOf(a.admin.id, b.account.id)).toBeUndefined();
  });

  test("unknown and malformed ids are not found", async () => {
    const ann = await viewerOf((await createUser()).id);

    expect(await acceptInvitation(ann, "3f1c1b9e-8a43-4d39-9b8e-0d4b2f6a1c11")).toBe("not_found");
    expect(await acceptInvitation(ann, "garbage")).toBe("not_found");
    expect(await acceptInvitation(ann, "'; drop table invite_history; --")).toBe("not_found");
    expect(await acceptInvitation(ann, "")).toBe("not_found");
    expect(await getDb().$count(inviteHistory)).toBe(0);
  });

  test("an expired invitation is refused as expired and does not make a membership", async () => {
    const a = await companyWithAdmin();
    const ann = await createUser();
    const invite = await createInvite({
      accountId: a.account.id,
      email: ann.email,
      expiresAt: daysFromNow(-1),
    });

    expect(await acceptInvitation(await viewerOf(ann.id), invite.id)).toBe("expired");
    expect(await membershipsOf(ann.id)).toEqual([]);
  });

  test("accepting when already a member keeps the admin role and makes that company active", async () => {
    const a = await companyWithAdmin("Acme");
    const other = await companyWithAdmin("Other");
    await getDb()
      .update(memberships)
      .set({ activatedAt: daysFromNow(-2) })
      .where(eq(memberships.userId, a.admin.id));
    await addMembership(a.admin.id, other.account.id, { activatedAt: daysFromNow(-1) });
    const invite = await createInvite({ accountId: a.account.id, email: a.admin.email });
    expect((await memberContext(a.admin.id)).account.id).toBe(other.account.id);

    expect(await acceptInvitation(await viewerOf(a.admin.id), invite.id)).toBe("joined");

    expect(await membershipOf(a.admin.id, a.account.id)).toMatchObject({ isCompanyAdmin: true });
    expect(await inviteRow(invite.id)).toBeUndefined();
    expect((await memberContext(a.admin.id)).account.id).toBe(a.account.id);
  });

  test("only the invitee can decline", async () => {
    const a = await companyWithAdmin();
    const ann = await createUser();
    const invite = await createInvite({ accountId: a.account.id, email: ann.email });

    expect(await declineInvitation(await viewerOf(a.admin.id), invite.id)).toBe(false);
    expect(await inviteRow(invite.id)).toEqual(invite);

    expect(await declineInvitation(await viewerOf(ann.id), "garbage")).toBe(false);
    expect(await declineInvitation(await viewerOf(ann.id), invite.id)).toBe(true);
    expect(await inviteRow(invite.id)).toBeUndefined();
    expect(await membershipsOf(ann.id)).toEqual([]);
    expect(await declineInvitation(await viewerOf(ann.id), invite.id)).toBe(false);
  });
});

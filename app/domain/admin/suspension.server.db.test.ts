import { eq } from "drizzle-orm";
import { afterEach, expect, test } from "vitest";
import { accounts, auditLog, sessions, users } from "#db/schema";
import { type AppEvent, resetEventsForTests, subscribeToEvents } from "~/services/events/events.server";
import {
  addMembership,
  createAccount,
  createUser,
  redirectTarget,
  signedInRequest,
} from "../../../tests/support/factories";
import { viewerOf } from "../../../tests/support/team-factories";
import { describeEachDatabase } from "../../../tests/support/test-database";
import { requireMember, requireViewer } from "../access/guard.server";
import { setAccountDisabled, setUserSuspended } from "./suspension.server";

describeEachDatabase("user and company suspension", (getDb) => {
  const sessionsOf = async (userId: string) =>
    getDb().select().from(sessions).where(eq(sessions.userId, userId));
  const auditOf = async (targetId: string) =>
    getDb().select().from(auditLog).where(eq(auditLog.targetId, targetId));
  const userRow = async (id: string) => (await getDb().select().from(users).where(eq(users.id, id)))[0];

  test("suspending a user ends all their sessions at once and is audited; signing in again shows /suspended", async () => {
    const admin = await viewerOf((await createUser({ roles: ["admin"], email: "boss@example.com" })).id);
    const carol = await createUser({ email: "carol@example.com" });
    const laptop = await signedInRequest(carol.id);
    const phone = await signedInRequest(carol.id);
    const bystander = await createUser();
    await signedInRequest(bystander.id);
    expect(await sessionsOf(carol.id)).toHaveLength(2);

    expect(await setUserSuspended(admin, carol.id, true)).toBe("done");

    expect((await userRow(carol.id)).suspendedAt).toBeInstanceOf(Date);
    expect(await sessionsOf(carol.id)).toEqual([]);
    expect(await sessionsOf(bystander.id)).toHaveLength(1);
    // Her open browsers have no session any more: their next request goes to /signin.
    expect(await redirectTarget(requireViewer(laptop))).toBe("/signin");
    expect(await redirectTarget(requireViewer(phone))).toBe("/signin");
    // Signing in again gives a new session, which only reaches the suspended page.
    expect(await redirectTarget(requireViewer(await signedInRequest(carol.id)))).toBe("/suspended");

    const [entry] = await auditOf(carol.id);
    expect(entry).toMatchObject({
      actorUserId: admin.user.id,
      actorEmail: "boss@example.com",
      action: "user.suspend",
      targetType: "user",
      before: { email: "carol@example.com", suspendedAt: null },
      after: { email: "carol@example.com", suspendedAt: expect.any(String) },
    });
  });

  test("unsuspending restores access and is audited; repeating either changes nothing more", async () => {
    const admin = await viewerOf((await createUser({ roles: ["admin"] })).id);
    const carol = await createUser({ suspended: true });

    expect(await setUserSuspended(admin, carol.id, false)).toBe("done");

    expect((await userRow(carol.id)).suspendedAt).toBeNull();
    expect((await requireViewer(await signedInRequest(carol.id))).user.id).toBe(carol.id);
    expect((await auditOf(carol.id)).map((e) => e.action)).toEqual(["user.unsuspend"]);

    expect(await setUserSuspended(admin, carol.id, false)).toBe("done");
    expect(await auditOf(carol.id)).toHaveLength(1);

    expect(await setUserSuspended(admin, carol.id, true)).toBe("done");
    const suspendedAt = (await userRow(carol.id)).suspendedAt;
    await signedInRequest(carol.id);
    expect(await setUserSuspended(admin, carol.id, true)).toBe("done");
    // Already suspended: the first time is kept, and a session that slipped in is still ended.
    expect((await userRow(carol.id)).suspendedAt).toEqual(suspendedAt);
    expect(await sessionsOf(carol.id)).toEqual([]);
    expect((await auditOf(carol.id)).map((e) => e.action).sort()).toEqual(["user.suspend", "user.unsuspend"]);
  });

  test("a platform admin cannot suspend themselves; an unknown user is not found", async () => {
    const adminUser = await createUser({ roles: ["admin"] });
    const admin = await viewerOf(adminUser.id);
    await signedInRequest(adminUser.id);

    expect(await setUserSuspended(admin, adminUser.id, true)).toBe("self");
    expect(await setUserSuspended(admin, "5b0f6a2e-0000-4000-8000-000000000000", true)).toBe("not_found");

    expect((await userRow(adminUser.id)).suspendedAt).toBeNull();
    expect(await sessionsOf(adminUser.id)).toHaveLength(1);
    expect(await getDb().select().from(auditLog)).toEqual([]);
  });

  test("setAccountDisabled suspends a company: its members see /suspended, their sessions stay", async () => {
    const admin = await viewerOf((await createUser({ roles: ["admin"] })).id);
    const account = await createAccount({ company: "Acme" });
    const member = await createUser();
    await addMembership(member.id, account.id);
    const browser = await signedInRequest(member.id);

    expect(await setAccountDisabled(admin, account.id, true)).toBe("done");

    const [row] = await getDb().select().from(accounts).where(eq(accounts.id, account.id));
    expect(row.disabled).toBe(true);
    expect(await redirectTarget(requireMember(browser))).toBe("/suspended");
    expect((await requireViewer(browser)).user.id).toBe(member.id);
    expect(await sessionsOf(member.id)).toHaveLength(1);
    expect(await auditOf(account.id)).toMatchObject([
      {
        action: "account.disable",
        targetType: "account",
        before: { company: "Acme", disabled: false },
        after: { company: "Acme", disabled: true },
      },
    ]);

    expect(await setAccountDisabled(admin, account.id, false)).toBe("done");
    expect((await requireMember(browser)).account.id).toBe(account.id);
    expect((await auditOf(account.id)).map((e) => e.action).sort()).toEqual([
      "account.disable",
      "account.enable",
    ]);
    expect(await setAccountDisabled(admin, "5b0f6a2e-0000-4000-8000-000000000000", true)).toBe("not_found");
  });
});

describeEachDatabase(
  "suspension events",
  () => {
    afterEach(() => resetEventsForTests());

    test("open pages of a suspended user and of a disabled company's members are told at once", async () => {
      const received: AppEvent[] = [];
      const stop = await subscribeToEvents((event) => received.push(event));
      const admin = await viewerOf((await createUser({ roles: ["admin"] })).id);
      const carol = await createUser({ email: "carol@example.com" });
      const account = await createAccount();

      await setUserSuspended(admin, carol.id, true);
      await setAccountDisabled(admin, account.id, true);

      await expect.poll(() => received.length, { timeout: 3_000 }).toBe(2);
      expect(received).toEqual([
        { topic: "account", email: "carol@example.com" },
        { topic: "account", accountId: account.id },
      ]);
      stop();
    });
  },
  { freshPerTest: true },
);

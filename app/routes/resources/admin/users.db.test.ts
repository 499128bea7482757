import { eq } from "drizzle-orm";
import { expect, test } from "vitest";
import { accounts, auditLog, users } from "#db/schema";
import {
  addMembership,
  createAccount,
  createUser,
  signedInRequest,
  thrownBy,
} from "../../../../tests/support/factories";
import { describeEachDatabase } from "../../../../tests/support/test-database";
import { action as usersAction } from "./users";

type ActionArgs = Parameters<typeof usersAction>[0];
const callAction = (request: Request) => usersAction({ request } as ActionArgs);

/** A POST to /resources/admin/users from the user's own signed-in browser (a fetcher: no text/html). */
async function postAs(userId: string, fields: Record<string, string>) {
  return signedInRequest(userId, "http://localhost:3000/resources/admin/users", {
    method: "POST",
    body: new URLSearchParams(fields),
  });
}

type DataAnswer = {
  data: { toast?: { message: string; error?: boolean } };
  init: { status?: number } | null;
};

describeEachDatabase("/resources/admin/users: suspension", (getDb) => {
  const userRow = async (id: string) => (await getDb().select().from(users).where(eq(users.id, id)))[0];

  test("the resource route suspends and restores for an admin, and answers the spec's failure toast", async () => {
    const admin = await createUser({ roles: ["admin"] });
    const carol = await createUser();
    const account = await createAccount();

    const suspended = (await callAction(
      await postAs(admin.id, { intent: "suspend", userId: carol.id }),
    )) as unknown as DataAnswer;
    expect(suspended.data.toast).toEqual({ message: "adminUsers.toasts.suspended" });
    expect((await userRow(carol.id)).suspendedAt).not.toBeNull();

    const restored = (await callAction(
      await postAs(admin.id, { intent: "unsuspend", userId: carol.id }),
    )) as unknown as DataAnswer;
    expect(restored.data.toast).toEqual({ message: "adminUsers.toasts.unsuspended" });
    expect((await userRow(carol.id)).suspendedAt).toBeNull();

    const self = (await callAction(
      await postAs(admin.id, { intent: "suspend", userId: admin.id }),
    )) as unknown as DataAnswer;
    expect(self.init?.status).toBe(400);
    expect(self.data.toast).toEqual({ message: "adminUsers.toasts.self", error: true });

    for (const userId of ["not-a-uuid", "5b0f6a2e-0000-4000-8000-000000000000"]) {
      const failed = (await callAction(
        await postAs(admin.id, { intent: "suspend", userId }),
      )) as unknown as DataAnswer;
      expect(failed.data.toast).toEqual({ message: "adminUsers.toasts.failed", error: true });
      expect(failed.init?.status).toBeGreaterThanOrEqual(400);
    }

    const disabled = (await callAction(
      await postAs(admin.id, { intent: "disable-company", accountId: account.id }),
    )) as unknown as DataAnswer;
    expect(disabled.data.toast).toEqual({ message: "adminUsers.toasts.companyDisabled" });
    const enabled = (await callAction(
      await postAs(admin.id, { intent: "enable-company", accountId: account.id }),
    )) as unknown as DataAnswer;
    expect(enabled.data.toast).toEqual({ message: "adminUsers.toasts.companyEnabled" });
    const [row] = await getDb().select().from(accounts).where(eq(accounts.id, account.id));
    expect(row.disabled).toBe(false);
  });

  test("roadmins and everyone else get 403 from the resource route, and nothing changes", async () => {
    const roadmin = await createUser({ roles: ["roadmin"] });
    const member = await createUser();
    const carol = await createUser();
    const account = await createAccount();
    await addMembership(member.id, account.id, { isCompanyAdmin: true });

    for (const caller of [roadmin, member]) {
      const attempts: Record<string, string>[] = [
        { intent: "suspend", userId: carol.id },
        { intent: "unsuspend", userId: carol.id },
        { intent: "disable-company", accountId: account.id },
        { intent: "enable-company", accountId: account.id },
      ];
      for (const fields of attempts) {
        const thrown = (await thrownBy(callAction(await postAs(caller.id, fields)))) as DataAnswer;
        expect(thrown.init?.status).toBe(403);
      }
    }
    expect((await userRow(carol.id)).suspendedAt).toBeNull();
    const [row] = await getDb().select().from(accounts).where(eq(accounts.id, account.id));
    expect(row.disabled).toBe(false);
    expect(await getDb().select().from(auditLog)).toEqual([]);
  });
});

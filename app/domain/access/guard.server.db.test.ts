import { eq } from "drizzle-orm";
import { RouterContextProvider } from "react-router";
import { expect, test } from "vitest";
import { accounts, users } from "#db/schema";
import {
  addMembership,
  createAccount,
  createUser,
  grantRole,
  redirectTarget,
  signedInRequest,
  thrownBy,
} from "../../../tests/support/factories";
import { describeEachDatabase } from "../../../tests/support/test-database";
import {
  loadViewer,
  requireMember,
  requireMemberWith,
  requireViewer,
  viewerMiddleware,
} from "./guard.server";

const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000);

describeEachDatabase("access guard", (getDb) => {
  test("requireViewer without a cookie redirects to /signin with a 'please login' toast", async () => {
    const thrown = await thrownBy(requireViewer(new Request("http://localhost:3000/contacts")));

    expect(thrown).toBeInstanceOf(Response);
    const response = thrown as Response;
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/signin");
    expect(response.headers.get("Set-Cookie")).toMatch(/^__session=/);
  });

  test("requireViewer following an invitation without a cookie goes to sign-up, keeping the request id", async () => {
    const request = new Request("http://localhost:3000/requests?requestid=abc-123");

    expect(await redirectTarget(requireViewer(request))).toBe("/signup?requestid=abc-123");
  });

  test("requireViewer returns the signed-in user's roles and companies", async () => {
    const user = await createUser({ email: "vera@example.com", givenName: "Vera", roles: ["beta"] });
    const account = await createAccount({ company: "Vera Co" });
    await addMembership(user.id, account.id, { isCompanyAdmin: true });

    const viewer = await requireViewer(await signedInRequest(user.id));

    expect(viewer).toEqual({
      user: { id: user.id, email: "vera@example.com", givenName: "Vera", familyName: "User" },
      roles: ["beta"],
      memberships: [{ accountId: account.id, company: "Vera Co", isCompanyAdmin: true }],
      suspended: false,
    });
  });

  test("a suspended user is sent to /suspended", async () => {
    const user = await createUser({ suspended: true });

    expect(await redirectTarget(requireViewer(await signedInRequest(user.id)))).toBe("/suspended");
  });

  test("requireMember sends a user without a company to /setup and platform staff to /admin", async () => {
    const loner = await createUser();
    const admin = await createUser({ roles: ["admin"] });
    const roAdmin = await createUser({ roles: ["roadmin"] });
    const beta = await createUser({ roles: ["beta"] });

    expect(await redirectTarget(requireMember(await signedInRequest(loner.id)))).toBe("/setup");
    expect(await redirectTarget(requireMember(await signedInRequest(admin.id)))).toBe("/admin");
    expect(await redirectTarget(requireMember(await signedInRequest(roAdmin.id)))).toBe("/admin");
    expect(await redirectTarget(requireMember(await signedInRequest(beta.id)))).toBe("/setup");
    // A company's screen says why it did not open: the admin page shows a pick-a-company message.
    const contacts = await signedInRequest(admin.id, "http://localhost:3000/contacts");
    expect(await redirectTarget(requireMember(contacts))).toBe(
      "/admin?tab=companies&companyNeeded=%2Fcontacts",
    );
  });

  test("requireMember sends members of a disabled company to /suspended", async () => {
    const user = await createUser();
    const account = await createAccount({ disabled: true });
    await addMembership(user.id, account.id);

    expect(await redirectTarget(requireMember(await signedInRequest(user.id)))).toBe("/suspended");
  });

  test("requireMember works in the most recently activated company", async () => {
    const user = await createUser();
    const older = await createAccount({ company: "Older Co" });
    const newer = await createAccount({ company: "Newer Co" });
    const oldest = await createAccount({ company: "Oldest Co" });
    await addMembership(user.id, older.id, { activatedAt: minutesAgo(10) });
    await addMembership(user.id, newer.id, { activatedAt: minutesAgo(1), isCompanyAdmin: true });
    await addMembership(user.id, oldest.id, { activatedAt: minutesAgo(60) });

    const context = await requireMember(await signedInRequest(user.id));

    expect(context.account).toMatchObject({ id: newer.id, company: "Newer Co" });
    expect(context.isCompanyAdmin).toBe(true);
    expect(context.readOnly).toBe(false);
    expect(context.memberships.map((m) => m.company)).toEqual(["Newer Co", "Older Co", "Oldest Co"]);
  });

  test("requireMemberWith: a missing permission sends pages home and refuses writes with 403", async () => {
    const member = await createUser();
    const account = await createAccount();
    await addMembership(member.id, account.id, { isCompanyAdmin: false });

    const page = await signedInRequest(member.id, "http://localhost:3000/settings");
    expect(await redirectTarget(requireMemberWith(page, "company.write"))).toBe("/");

    const write = await signedInRequest(member.id, "http://localhost:3000/settings", { method: "POST" });
    const refused = (await thrownBy(requireMemberWith(write, "company.write"))) as {
      data: unknown;
      init: ResponseInit | null;
    };
    expect(refused.init?.status).toBe(403);
    expect(refused.data).toEqual({ error: "Forbidden" });

    // The same request passes once the permission holds: the guard does not refuse everyone.
    const reading = await requireMemberWith(write, "account.switch");
    expect(reading.account.id).toBe(account.id);
  });

  test("requireMemberWith lets a company admin write", async () => {
    const owner = await createUser();
    const account = await createAccount();
    await addMembership(owner.id, account.id, { isCompanyAdmin: true });
    const write = await signedInRequest(owner.id, "http://localhost:3000/settings", { method: "POST" });

    const context = await requireMemberWith(write, "company.write");

    expect(context.account.id).toBe(account.id);
  });

  test("roles, memberships and suspension are read fresh on every call", async () => {
    const user = await createUser();
    const request = await signedInRequest(user.id);
    expect((await loadViewer(user.id))?.roles).toEqual([]);

    await grantRole(user.id, "admin");
    expect((await loadViewer(user.id))?.roles).toEqual(["admin"]);
    expect(await redirectTarget(requireMember(request))).toBe("/admin");

    const account = await createAccount();
    await addMembership(user.id, account.id);
    expect((await requireMember(request)).account.id).toBe(account.id);

    await getDb().update(accounts).set({ disabled: true }).where(eq(accounts.id, account.id));
    expect(await redirectTarget(requireMember(request))).toBe("/suspended");

    await getDb().update(users).set({ suspendedAt: new Date() }).where(eq(users.id, user.id));
    expect(await redirectTarget(requireViewer(request))).toBe("/suspended");
  });

  test("loadViewer of an unknown user is null", async () => {
    expect(await loadViewer("00000000-0000-4000-8000-000000000000")).toBeNull();
  });

  test("within one request the layout's and the screen's guards share one viewer, read once", async () => {
    const user = await createUser();
    const account = await createAccount();
    await addMembership(user.id, account.id);
    const request = await signedInRequest(user.id);
    const context = new RouterContextProvider();
    await viewerMiddleware({ request, context, params: {} } as never, async () => new Response(null));

    const fromShell = await requireViewer({ request, context });
    // A change made after the viewer was read is seen by the next request, not by this one.
    await getDb().update(users).set({ givenName: "Renamed" }).where(eq(users.id, user.id));
    const fromScreen = await requireMember({ request, context });

    expect(fromScreen.user).toBe(fromShell.user);
    expect(fromScreen.user.givenName).toBe("Test");
    expect((await requireViewer(request)).user.givenName).toBe("Renamed");
  });
});

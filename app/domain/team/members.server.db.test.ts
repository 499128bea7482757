import { expect, test } from "vitest";
import { addMembership, createUser, membershipOf } from "../../../tests/support/factories";
import {
  companyWithAdmin,
  createMember,
  memberContext,
  viewerOf,
} from "../../../tests/support/team-factories";
import { describeEachDatabase } from "../../../tests/support/test-database";
import { listMembers, removeMember, setCompanyAdmin } from "./members.server";

describeEachDatabase("members", () => {
  test("listMembers lists the company's own members, sorted by email", async () => {
    const a = await companyWithAdmin(undefined, { email: "alice@acme.test" });
    const b = await companyWithAdmin(undefined, { email: "bob@bolt.test" });
    await createMember(a.account.id, { email: "carol@acme.test" });
    await createMember(b.account.id, { email: "dave@bolt.test" });

    const members = await listMembers(a.context);

    expect(members.map((m) => [m.email, m.isCompanyAdmin])).toEqual([
      ["alice@acme.test", true],
      ["carol@acme.test", false],
    ]);
    expect((await listMembers(b.context)).map((m) => m.email)).toEqual(["bob@bolt.test", "dave@bolt.test"]);
  });

  test("the search matches part of the email, ignoring case, within the company only", async () => {
    const a = await companyWithAdmin(undefined, { email: "alice@acme.test" });
    const b = await companyWithAdmin(undefined, { email: "carl@bolt.test" });
    await createMember(a.account.id, { email: "carol@acme.test" });
    await createMember(a.account.id, { email: "c_x@acme.test" });

    const search = async (text: string) => (await listMembers(a.context, text)).map((m) => m.email);

    expect(await search(" CAR ")).toEqual(["carol@acme.test"]);
    expect(await search("_")).toEqual(["c_x@acme.test"]);
    expect(await search("bolt")).toEqual([]);
    expect((await listMembers(b.context, "car")).map((m) => m.email)).toEqual(["carl@bolt.test"]);
  });

  test("removeMember removes a member, who loses the company on their next request", async () => {
    const a = await companyWithAdmin("Acme");
    const home = await companyWithAdmin("Home Co");
    const carol = await createMember(a.account.id);
    await addMembership(carol.id, home.account.id, { activatedAt: new Date(Date.now() - 60_000) });
    expect((await memberContext(carol.id)).account.id).toBe(a.account.id);

    expect(await removeMember(a.context, carol.id)).toBe("done");

    expect(await membershipOf(carol.id, a.account.id)).toBeUndefined();
    expect((await viewerOf(carol.id)).memberships.map((m) => m.company)).toEqual(["Home Co"]);
    expect((await memberContext(carol.id)).account.id).toBe(home.account.id);
    expect(await removeMember(a.context, carol.id)).toBe("not_found");
  });

  test("a member of another company cannot be removed through this company", async () => {
    const a = await companyWithAdmin();
    const b = await companyWithAdmin();
    const dave = await createMember(b.account.id);

    expect(await removeMember(a.context, dave.id)).toBe("not_found");
    expect(await removeMember(a.context, b.admin.id)).toBe("not_found");

    expect(await membershipOf(dave.id, b.account.id)).toBeDefined();
    expect(await membershipOf(b.admin.id, b.account.id)).toMatchObject({ isCompanyAdmin: true });
  });

  test("the last company admin cannot leave; with a second admin they can", async () => {
    const a = await companyWithAdmin();
    const carol = await createMember(a.account.id);

    expect(await removeMember(a.context, a.admin.id)).toBe("last_admin");
    expect(await membershipOf(a.admin.id, a.account.id)).toMatchObject({ isCompanyAdmin: true });

    expect(await setCompanyAdmin(a.context, carol.id, true)).toBe("done");
    expect(await removeMember(a.context, a.admin.id)).toBe("done");
    expect(await membershipOf(a.admin.id, a.account.id)).toBeUndefined();
    expect((await viewerOf(a.admin.id)).memberships).toEqual([]);
  });

  test("setCompanyAdmin grants and revokes the company admin role", async () => {
    const a = await companyWithAdmin();
    const carol = await createMember(a.account.id);

    expect(await setCompanyAdmin(a.context, carol.id, true)).toBe("done");
    expect(await membershipOf(carol.id, a.account.id)).toMatchObject({ isCompanyAdmin: true });
    expect((await memberContext(carol.id)).isCompanyAdmin).toBe(true);

    expect(await setCompanyAdmin(a.context, carol.id, false)).toBe("done");
    expect(await membershipOf(carol.id, a.account.id)).toMatchObject({ isCompanyAdmin: false });
  });

  test("the last company admin's role cannot be revoked", async () => {
    const a = await companyWithAdmin();

    expect(await setCompanyAdmin(a.context, a.admin.id, false)).toBe("last_admin");

    expect(await membershipOf(a.admin.id, a.account.id)).toMatchObject({ isCompanyAdmin: true });
  });

  test("another company's members cannot be made or unmade admins through this company", async () => {
    const a = await companyWithAdmin();
    const b = await companyWithAdmin();
    const dave = await createMember(b.account.id);

    expect(await setCompanyAdmin(a.context, dave.id, true)).toBe("not_found");
    expect(await setCompanyAdmin(a.context, b.admin.id, false)).toBe("not_found");

    expect(await membershipOf(dave.id, b.account.id)).toMatchObject({ isCompanyAdmin: false });
    expect(await membershipOf(b.admin.id, b.account.id)).toMatchObject({ isCompanyAdmin: true });
    expect(await membershipOf(dave.id, a.account.id)).toBeUndefined();
  });

  test("a user who belongs to no company at all is not found", async () => {
    const a = await companyWithAdmin();
    const stranger = await createUser();

    expect(await removeMember(a.context, stranger.id)).toBe("not_found");
    expect(await setCompanyAdmin(a.context, stranger.id, true)).toBe("not_found");
    expect(await membershipOf(stranger.id, a.account.id)).toBeUndefined();
  });

  test("malformed user ids are not_found, not a database error", async () => {
    const a = await companyWithAdmin();

    expect(await removeMember(a.context, "garbage")).toBe("not_found");
    expect(await setCompanyAdmin(a.context, "", true)).toBe("not_found");
    expect(await membershipOf(a.admin.id, a.account.id)).toMatchObject({ isCompanyAdmin: true });
  });

  test("two admins removing each other at once: one of them stays", async () => {
    const a = await companyWithAdmin();
    const carol = await createMember(a.account.id);
    await setCompanyAdmin(a.context, carol.id, true);
    const carolContext = await memberContext(carol.id);

    const outcomes = await Promise.all([
      removeMember(a.context, carol.id),
      removeMember(carolContext, a.admin.id),
    ]);

    expect(outcomes.sort()).toEqual(["done", "last_admin"]);
    const remaining = [
      await membershipOf(a.admin.id, a.account.id),
      await membershipOf(carol.id, a.account.id),
    ];
    expect(remaining.filter((m) => m?.isCompanyAdmin)).toHaveLength(1);
  });
});

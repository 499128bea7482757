import { expect, test } from "vitest";
import { getDb } from "#db/client.server";
import { membershipRemovals } from "#db/schema";
import { addMembership, createUser, mailsTo, membershipOf } from "../../../tests/support/factories";
import {
  accessRequestRow,
  companyWithAdmin,
  createAccessRequest,
  daysFromNow,
  memberContext,
} from "../../../tests/support/team-factories";
import { describeEachDatabase } from "../../../tests/support/test-database";
import { removeMember } from "./members.server";
import { decideAccessRequest, listAccessRequests } from "./requests.server";

describeEachDatabase("access requests", () => {
  test("listAccessRequests shows the company's pending requests only, newest first", async () => {
    const a = await companyWithAdmin();
    const b = await companyWithAdmin();
    const older = await createAccessRequest({
      accountId: a.account.id,
      email: "old@example.com",
      createdAt: daysFromNow(-2),
    });
    const newer = await createAccessRequest({
      accountId: a.account.id,
      email: "new@example.com",
      createdAt: daysFromNow(-1),
    });
    await createAccessRequest({ accountId: a.account.id, email: "yes@example.com", status: "APPROVED" });
    await createAccessRequest({ accountId: a.account.id, email: "no@example.com", status: "DENIED" });
    await createAccessRequest({ accountId: b.account.id, email: "theirs@example.com" });

    expect((await listAccessRequests(a.context)).map((r) => r.id)).toEqual([newer.id, older.id]);
    expect((await listAccessRequests(b.context)).map((r) => r.email)).toEqual(["theirs@example.com"]);
  });

  test("the search matches part of the email, ignoring case, and takes _ literally", async () => {
    const a = await companyWithAdmin();
    for (const email of ["ann@example.com", "bob@example.org", "a_b@example.com"])
      await createAccessRequest({ accountId: a.account.id, email });

    const search = async (text: string) =>
      (await listAccessRequests(a.context, text)).map((r) => r.email).sort();

    expect(await search(" ANN ")).toEqual(["ann@example.com"]);
    expect(await search("_")).toEqual(["a_b@example.com"]);
    expect(await search("%")).toEqual([]);
    expect(await search("")).toHaveLength(3);
  });

  test("approving adds the requester as a member of the company and emails them", async () => {
    const a = await companyWithAdmin("Acme");
    const ann = await createUser({ email: "ann@example.com" });
    const request = await createAccessRequest({ accountId: a.account.id, email: ann.email, userId: ann.id });

    expect(await decideAccessRequest(a.context, request.id, true, "en")).toBe("done");

    expect(await accessRequestRow(request.id)).toMatchObject({ status: "APPROVED" });
    expect((await accessRequestRow(request.id)).decidedAt).toBeInstanceOf(Date);
    expect(await membershipOf(ann.id, a.account.id)).toMatchObject({ isCompanyAdmin: false });
    expect((await memberContext(ann.id)).account.id).toBe(a.account.id);
    const mails = await mailsTo(ann.email);
    expect(mails).toHaveLength(1);
    expect(mails[0].subject).toContain("Acme");
    expect(mails[0].text).toContain("An admin of Acme approved your request to join the organization.");
  });

  test("approving the request of a removed member takes them back: the removal is over", async () => {
    const a = await companyWithAdmin("Acme");
    const ann = await createUser({ email: "ann@example.com" });
    await addMembership(ann.id, a.account.id);
    expect(await removeMember(a.context, ann.id)).toBe("done");
    expect(await getDb().select().from(membershipRemovals)).toHaveLength(1);
    const request = await createAccessRequest({ accountId: a.account.id, email: ann.email, userId: ann.id });

    expect(await decideAccessRequest(a.context, request.id, true, "en")).toBe("done");

    expect(await membershipOf(ann.id, a.account.id)).toBeDefined();
    expect(await getDb().select().from(membershipRemovals)).toEqual([]);
  });

  test("declining marks the request denied, adds no membership and sends the denial email", async () => {
    const a = await companyWithAdmin("Acme");
    const ann = await createUser({ email: "ann@example.com" });
    const request = await createAccessRequest({ accountId: a.account.id, email: ann.email, userId: ann.id });

    expect(await decideAccessRequest(a.context, request.id, false, "en")).toBe("done");

    expect(await accessRequestRow(request.id)).toMatchObject({ status: "DENIED" });
    expect(await membershipOf(ann.id, a.account.id)).toBeUndefined();
    const mails = await mailsTo(ann.email);
    expect(mails).toHaveLength(1);
    expect(mails[0].text).toContain("Admin denied your request to join organization Acme");
  });

  test("another company's request cannot be decided by passing its id", async () => {
    const a = await companyWithAdmin();
    const b = await companyWithAdmin();
    const ann = await createUser();
    const theirs = await createAccessRequest({ accountId: b.account.id, email: ann.email, userId: ann.id });

    expect(await decideAccessRequest(a.context, theirs.id, true, "en")).toBe("not_found");
    expect(await decideAccessRequest(a.context, theirs.id, false, "en")).toBe("not_found");

    expect(await accessRequestRow(theirs.id)).toEqual(theirs);
    expect(await membershipOf(ann.id, a.account.id)).toBeUndefined();
    expect(await membershipOf(ann.id, b.account.id)).toBeUndefined();
    expect(await mailsTo(ann.email)).toHaveLength(0);
  });

  test("deciding twice: the second decision finds nothing and sends nothing", async () => {
    const a = await companyWithAdmin();
    const ann = await createUser();
    const request = await createAccessRequest({ accountId: a.account.id, email: ann.email, userId: ann.id });

    expect(await decideAccessRequest(a.context, request.id, true, "en")).toBe("done");
    expect(await decideAccessRequest(a.context, request.id, false, "en")).toBe("not_found");

    expect(await accessRequestRow(request.id)).toMatchObject({ status: "APPROVED" });
    expect(await membershipOf(ann.id, a.account.id)).toBeDefined();
    expect(await mailsTo(ann.email)).toHaveLength(1);
  });

  test("unknown and malformed ids are not found", async () => {
    const a = await companyWithAdmin();

    expect(await decideAccessRequest(a.context, "3f1c1b9e-8a43-4d39-9b8e-0d4b2f6a1c11", true, "en")).toBe(
      "not_found",
    );
    expect(await decideAccessRequest(a.context, "garbage", true, "en")).toBe("not_found");
  });
});

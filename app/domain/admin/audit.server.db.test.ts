import { expect, test } from "vitest";
import { createUser, grantRole } from "../../../tests/support/factories";
import { describeEachDatabase } from "../../../tests/support/test-database";
import { loadViewer } from "../access/guard.server";
import { AUDIT_PAGE_SIZE, listAuditLog, recordAudit } from "./audit.server";

describeEachDatabase("audit log", (getDb) => {
  async function admin(email = "ada@example.com") {
    const user = await createUser({ email });
    await grantRole(user.id, "admin");
    return (await loadViewer(user.id))!;
  }

  test("records who did what to which record, before and after, newest first", async () => {
    const actor = await admin();
    await recordAudit(getDb(), actor, {
      action: "account.status",
      targetType: "account",
      targetId: "a-1",
      before: { accountStatus: "CREATED" },
      after: { accountStatus: "ACTIVE" },
    });
    await recordAudit(getDb(), actor, { action: "tag.link", targetType: "tag", targetId: "t-1" });

    const page = await listAuditLog({ page: 1 });
    expect(page.total).toBe(2);
    expect(page.rows.map((r) => r.action)).toEqual(["tag.link", "account.status"]);
    expect(page.rows[1]).toMatchObject({
      actorEmail: "ada@example.com",
      actorUserId: actor.user.id,
      targetType: "account",
      targetId: "a-1",
      before: { accountStatus: "CREATED" },
      after: { accountStatus: "ACTIVE" },
    });
  });

  test("searches by actor, action or exact target id, and pages in the database", async () => {
    const ada = await admin();
    const bob = await admin("bob@example.com");
    for (let i = 0; i < AUDIT_PAGE_SIZE + 3; i++) {
      await recordAudit(getDb(), i % 2 ? ada : bob, {
        action: `dashboard.update`,
        targetType: "dashboard",
        targetId: `d-${i}`,
      });
    }
    expect((await listAuditLog({ page: 1, search: "bob@" })).total).toBe(
      Math.ceil((AUDIT_PAGE_SIZE + 3) / 2),
    );
    expect((await listAuditLog({ page: 1, search: "d-7" })).rows.map((r) => r.targetId)).toEqual(["d-7"]);
    expect((await listAuditLog({ page: 1, search: "100%" })).total).toBe(0);
    const second = await listAuditLog({ page: 2 });
    expect(second.rows).toHaveLength(3);
    expect(second.total).toBe(AUDIT_PAGE_SIZE + 3);
  });
});

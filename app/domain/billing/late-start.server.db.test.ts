import { eq } from "drizzle-orm";
import { expect, test } from "vitest";
import { accounts, auditLog } from "#db/schema";
import { createAccount } from "../../../tests/support/factories";
import { describeEachDatabase } from "../../../tests/support/test-database";
import { endLateStarts } from "./late-start.server";

describeEachDatabase("late start end", (getDb) => {
  const accountOf = async (id: string) =>
    (await getDb().select().from(accounts).where(eq(accounts.id, id)))[0];
  const auditOf = (id: string) => getDb().select().from(auditLog).where(eq(auditLog.targetId, id));

  test("LATE_START companies past their date without a subscription move to LATE_START_END, audited", async () => {
    const now = new Date();
    const past = new Date(now.getTime() - 60_000);
    const due = await createAccount({ accountStatus: "LATE_START", lateStartDate: past });
    const future = await createAccount({
      accountStatus: "LATE_START",
      lateStartDate: new Date(now.getTime() + 60_000),
    });
    const subscribed = await createAccount({
      accountStatus: "LATE_START",
      lateStartDate: past,
      stripeSubscriptionId: "sub_ls",
    });
    const manual = await createAccount({
      accountStatus: "LATE_START",
      lateStartDate: past,
      manualBilling: true,
    });

    expect(await endLateStarts(now)).toBe(1);
    expect((await accountOf(due.id)).accountStatus).toBe("LATE_START_END");
    for (const other of [future, subscribed, manual])
      expect((await accountOf(other.id)).accountStatus).toBe("LATE_START");
    const audit = await auditOf(due.id);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      actorEmail: "system",
      action: "billing.late_start_end",
      before: { accountStatus: "LATE_START", lateStartDate: past.toISOString() },
      after: { accountStatus: "LATE_START_END", lateStartDate: past.toISOString() },
    });
    // A second run finds nothing more to do.
    expect(await endLateStarts(now)).toBe(0);
    expect(await auditOf(due.id)).toHaveLength(1);
  });
});

import { eq } from "drizzle-orm";
import { beforeEach, expect, test } from "vitest";
import { auditLog, storeProfiles } from "#db/schema";
import { seedReferenceData } from "#db/seed";
import { searchCompanies } from "~/domain/admin/companies.server";
import { parseCompaniesQuery } from "~/domain/admin/company-admin-schemas";
import { recordInstalledStore } from "~/domain/shopify/store-profiles.server";
import { createAccount, createUser, signedInRequest, thrownBy } from "../../../../tests/support/factories";
import { describeEachDatabase } from "../../../../tests/support/test-database";
import { action } from "./companies";

/** Store mode on /admin: the lock state on the Companies tab and the store-lock intent. */

async function post(userId: string, fields: Record<string, string>) {
  const request = await signedInRequest(userId, "http://localhost:3000/resources/admin/companies", {
    method: "POST",
    body: new URLSearchParams(fields),
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
  });
  return action({ request, params: {}, context: {} } as never) as Promise<{
    data: Record<string, unknown>;
    init?: ResponseInit;
  }>;
}

describeEachDatabase("admin store lock", (getDb) => {
  beforeEach(async () => {
    await seedReferenceData(getDb());
  });

  async function lockedStore(accountId: string) {
    const profile = await recordInstalledStore({ shop: "lock-shop.myshopify.com", storeName: "Lock Shop" });
    await getDb()
      .update(storeProfiles)
      .set({ accountId, isProfileLock: true })
      .where(eq(storeProfiles.id, profile.id));
    return profile;
  }
  const lockOf = async (id: string) =>
    (await getDb().select().from(storeProfiles).where(eq(storeProfiles.id, id)))[0].isProfileLock;

  test("the Companies tab knows which companies have a store and whether it is locked", async () => {
    const withStore = await createAccount({ company: "With store", source: "shopify" });
    const without = await createAccount({ company: "Without" });
    await lockedStore(withStore.id);
    const { rows } = await searchCompanies(parseCompaniesQuery(new URLSearchParams()));
    expect(rows.find((r) => r.id === withStore.id)?.storeLocked).toBe(true);
    expect(rows.find((r) => r.id === without.id)?.storeLocked).toBeNull();
  });

  test("an admin unlocks and locks again, each audited with the store", async () => {
    const admin = await createUser({ roles: ["admin"] });
    const account = await createAccount();
    const profile = await lockedStore(account.id);

    const unlocked = await post(admin.id, { intent: "store-lock", accountId: account.id, locked: "false" });
    expect(unlocked.data).toMatchObject({
      done: true,
      toast: { message: "shopifyOnboarding.admin.unlocked" },
    });
    expect(await lockOf(profile.id)).toBe(false);
    await post(admin.id, { intent: "store-lock", accountId: account.id, locked: "true" });
    expect(await lockOf(profile.id)).toBe(true);

    const audit = await getDb().select().from(auditLog).orderBy(auditLog.createdAt);
    expect(audit.map((a) => [a.action, a.targetId, a.actorUserId])).toEqual([
      ["store.unlock", account.id, admin.id],
      ["store.lock", account.id, admin.id],
    ]);
    expect(audit[0].before).toEqual({ shop: "lock-shop.myshopify.com", isProfileLock: true });
    expect(audit[0].after).toEqual({ shop: "lock-shop.myshopify.com", isProfileLock: false });
  });

  test("a roadmin's unlock is refused with 403 and changes nothing", async () => {
    const roadmin = await createUser({ roles: ["roadmin"] });
    const account = await createAccount();
    const profile = await lockedStore(account.id);
    const refused = (await thrownBy(
      post(roadmin.id, { intent: "store-lock", accountId: account.id, locked: "false" }),
    )) as { init: ResponseInit };
    expect(refused.init.status).toBe(403);
    expect(await lockOf(profile.id)).toBe(true);
    expect(await getDb().select().from(auditLog)).toEqual([]);
  });

  test("a company without a store answers 'something went wrong'", async () => {
    const admin = await createUser({ roles: ["admin"] });
    const account = await createAccount();
    const answer = await post(admin.id, { intent: "store-lock", accountId: account.id, locked: "false" });
    expect(answer.init?.status).toBe(404);
    expect(answer.data.toast).toEqual({ message: "shopifyOnboarding.admin.failed", error: true });
    const bad = await post(admin.id, { intent: "store-lock", accountId: "not-a-uuid", locked: "false" });
    expect(bad.init?.status).toBe(404);
  });
});

import { eq } from "drizzle-orm";
import { expect, test } from "vitest";
import { storeProfiles } from "#db/schema";
import { requireCaller, requireMember, requireViewer } from "~/domain/access/guard.server";
import { recordInstalledStore } from "~/domain/shopify/store-profiles.server";
import {
  addMembership,
  createAccount,
  createUser,
  redirectTarget,
  signedInRequest,
} from "../../../tests/support/factories";
import { describeEachDatabase } from "../../../tests/support/test-database";
import { roAdminViewCookie } from "../../../tests/support/view-as";

/** The guard hook: a locked store profile keeps its company's own users in /unboxing-tour. */

describeEachDatabase("locked store profile in requireMember", (getDb) => {
  async function storeOf(accountId: string, isProfileLock: boolean) {
    const profile = await recordInstalledStore({
      shop: `shop-${accountId.slice(0, 8)}.myshopify.com`,
      storeName: "S",
    });
    await getDb()
      .update(storeProfiles)
      .set({ accountId, isProfileLock })
      .where(eq(storeProfiles.id, profile.id));
  }

  test("a member of a company whose store is locked is sent to /unboxing-tour; unlocked, they work", async () => {
    const user = await createUser();
    const account = await createAccount();
    await addMembership(user.id, account.id);
    const request = await signedInRequest(user.id);
    expect((await requireMember(request)).account.id).toBe(account.id);

    await storeOf(account.id, true);
    expect(await redirectTarget(requireMember(request))).toBe("/unboxing-tour");
    // The tour itself and the pages open to users without a company are not locked away.
    expect((await requireViewer(request)).user.id).toBe(user.id);
    expect((await requireCaller(request)).member?.account.id).toBe(account.id);

    await getDb()
      .update(storeProfiles)
      .set({ isProfileLock: false })
      .where(eq(storeProfiles.accountId, account.id));
    expect((await requireMember(request)).account.id).toBe(account.id);
  });

  test("only the locked company's users: another active company, or staff viewing it, are let through", async () => {
    const user = await createUser();
    const locked = await createAccount();
    const open = await createAccount();
    await storeOf(locked.id, true);
    await addMembership(user.id, locked.id, { activatedAt: new Date(Date.now() - 60_000) });
    await addMembership(user.id, open.id);
    expect((await requireMember(await signedInRequest(user.id))).account.id).toBe(open.id);

    const staff = new Request("http://localhost:3000/", {
      headers: { Cookie: await roAdminViewCookie(locked.id) },
    });
    const viewing = await requireMember(staff);
    expect(viewing.account.id).toBe(locked.id);
    expect(viewing.viewAs).toBe("roadmin");
  });
});

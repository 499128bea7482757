import { eq } from "drizzle-orm";
import { expect, test } from "vitest";
import { accounts, contacts, journeys, messages, products, storeProfiles, touchpoints } from "#db/schema";
import { createAccount } from "../../../tests/support/factories";
import { createStoreProfile } from "../../../tests/support/shopify-store-rows";
import { describeEachDatabase } from "../../../tests/support/test-database";
import { dismissFirstRunChecklist, firstRunChecklist } from "./checklist.server";

describeEachDatabase("first-run checklist", (getDb) => {
  const done = async (accountId: string) =>
    (await firstRunChecklist({ account: { id: accountId } })).steps.filter((s) => s.done).map((s) => s.step);

  test("each step ticks itself from the company's own data, and only from it", async () => {
    const db = getDb();
    const account = await createAccount();
    const other = await createAccount();
    const scope = { account: { id: account.id } };

    const empty = await firstRunChecklist(scope);
    expect(empty).toMatchObject({ doneCount: 0, allDone: false, dismissed: false, show: true });
    expect(empty.steps.map((s) => s.step)).toEqual([
      "product",
      "touchpoint",
      "contacts",
      "test",
      "live",
      "shopify",
    ]);

    // Another company's data ticks nothing here.
    const [foreign] = await db.insert(products).values({ accountId: other.id, name: "Theirs" }).returning();
    await db.insert(journeys).values({ accountId: other.id, productId: foreign.id, name: "Theirs" });
    await db
      .insert(contacts)
      .values({ accountId: other.id, firstName: "T", lastName: "O", email: "t@o.test" });
    expect(await done(account.id)).toEqual([]);

    const [product] = await db.insert(products).values({ accountId: account.id, name: "Serum" }).returning();
    // A journey that is not live yet (the journeys-as-drafts work starts new ones paused).
    const [journey] = await db
      .insert(journeys)
      .values({ accountId: account.id, productId: product.id, name: "Serum", state: "paused" })
      .returning();
    expect(await done(account.id)).toEqual(["product"]);

    const [touchpoint] = await db
      .insert(touchpoints)
      .values({ accountId: account.id, journeyId: journey.id, ordinal: 1, name: "Welcome", message: "Hi" })
      .returning();
    // Paused with a touchpoint: written, not live.
    expect(await done(account.id)).toEqual(["product", "touchpoint"]);

    const [contact] = await db
      .insert(contacts)
      .values({ accountId: account.id, firstName: "Ann", lastName: "Lee", phone: "+33612345678" })
      .returning();
    expect(await done(account.id)).toEqual(["product", "touchpoint", "contacts"]);

    // A journey message is no test; a refused Test now is none either; a sent one is.
    const message = {
      accountId: account.id,
      contactId: contact.id,
      touchpointId: touchpoint.id,
      channel: "sms",
    } as const;
    await db.insert(messages).values({ ...message, idempotencyKey: "journey-1", status: "sent" });
    await db
      .insert(messages)
      .values({ ...message, idempotencyKey: "test-1", isTest: true, status: "suppressed" });
    expect(await done(account.id)).toEqual(["product", "touchpoint", "contacts"]);
    await db.insert(messages).values({ ...message, idempotencyKey: "test-2", isTest: true, status: "sent" });
    expect(await done(account.id)).toEqual(["product", "touchpoint", "contacts", "test"]);

    // Muted sends nothing either; live does.
    await db.update(journeys).set({ state: "muted" }).where(eq(journeys.id, journey.id));
    expect(await done(account.id)).not.toContain("live");
    await db.update(journeys).set({ state: "live" }).where(eq(journeys.id, journey.id));
    expect(await done(account.id)).toContain("live");

    // A store that was uninstalled is no connection.
    await createStoreProfile({
      shopDomain: "first-run-off.myshopify.com",
      accountId: account.id,
      enabled: false,
    });
    expect(await done(account.id)).not.toContain("shopify");
    await db.update(storeProfiles).set({ enabled: true });
    const all = await firstRunChecklist(scope);
    expect(all).toMatchObject({ doneCount: 6, allDone: true, show: false });
  });

  test("a live journey without any touchpoint is not 'live' yet", async () => {
    const db = getDb();
    const account = await createAccount();
    const [product] = await db.insert(products).values({ accountId: account.id, name: "Cream" }).returning();
    await db
      .insert(journeys)
      .values({ accountId: account.id, productId: product.id, name: "Cream", state: "live" });
    expect(await done(account.id)).toEqual(["product"]);
  });

  test("dismissing hides it for the whole company and keeps the rest of its metadata", async () => {
    const account = await createAccount({ metadata: { TnCAcceptedAt: "2026-01-02T00:00:00.000Z" } });
    const scope = { account: { id: account.id } };
    await dismissFirstRunChecklist(scope);
    expect(await firstRunChecklist(scope)).toMatchObject({ dismissed: true, show: false, allDone: false });
    const [row] = await getDb()
      .select({ metadata: accounts.metadata })
      .from(accounts)
      .where(eq(accounts.id, account.id));
    expect(row.metadata.TnCAcceptedAt).toBe("2026-01-02T00:00:00.000Z");
  });
});

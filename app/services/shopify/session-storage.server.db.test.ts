import { Session } from "@shopify/shopify-api";
import { eq } from "drizzle-orm";
import { expect, test, vi } from "vitest";
import { shopifySessions } from "#db/schema";
import { openSecret, SecretUnreadableError } from "~/services/crypto/data-encryption.server";
import { dataEncryptionKeysForTests, NEW_KEY, OLD_KEY } from "../../../tests/support/data-encryption-keys";
import { insertPlaintextSession } from "../../../tests/support/shopify-sessions";
import { describeEachDatabase } from "../../../tests/support/test-database";
import { shopifySessionStorage } from "./session-storage.server";

/**
 * Issue 32: the stores' Admin API tokens are sealed in shopify_sessions, so the database alone does
 * not open a store. Through the storage the Shopify libraries use, on the test database.
 */

const SHOP = "sealed-shop.myshopify.com";
const useKeys = dataEncryptionKeysForTests();

function offlineSession(accessToken: string) {
  return new Session({
    id: `offline_${SHOP}`,
    shop: SHOP,
    state: "state",
    isOnline: false,
    scope: "read_orders",
    accessToken,
  });
}

function onlineSession() {
  return new Session({
    id: `${SHOP}_42`,
    shop: SHOP,
    state: "state",
    isOnline: true,
    scope: "read_orders",
    expires: new Date(Date.now() + 3_600_000),
    accessToken: "shpua_online_token_0001",
    refreshToken: "shprt_refresh_token_0001",
    refreshTokenExpires: new Date(Date.now() + 86_400_000),
    onlineAccessInfo: {
      expires_in: 3600,
      associated_user_scope: "read_orders",
      associated_user: {
        id: 42,
        first_name: "Sam",
        last_name: "Staff",
        email: "sam@example.com",
        email_verified: true,
        account_owner: false,
        locale: "en",
        collaborator: false,
      },
    },
  });
}

describeEachDatabase("Shopify sessions sealed at rest", (getDb) => {
  const rawRow = async (id: string) =>
    (await getDb().select().from(shopifySessions).where(eq(shopifySessions.id, id)))[0];

  test("tokens are stored sealed and come back in clear, by id and by shop", async () => {
    useKeys(NEW_KEY);
    const offline = offlineSession("shpat_offline_token_0001");
    const online = onlineSession();
    await shopifySessionStorage.storeSession(offline);
    await shopifySessionStorage.storeSession(online);
    // The caller's session keeps its token: the library goes on using it.
    expect(offline.accessToken).toBe("shpat_offline_token_0001");

    const rows = await getDb().select().from(shopifySessions);
    const stored = JSON.stringify(rows);
    for (const token of ["shpat_offline_token_0001", "shpua_online_token_0001", "shprt_refresh_token_0001"])
      expect(stored).not.toContain(token);
    const onlineRow = await rawRow(online.id);
    expect(openSecret(onlineRow.accessToken, "shopify-access-token")).toBe("shpua_online_token_0001");
    expect(openSecret(onlineRow.refreshToken!, "shopify-refresh-token")).toBe("shprt_refresh_token_0001");
    // What the embedded guard joins on stays readable.
    expect(onlineRow.email).toBe("sam@example.com");

    expect((await shopifySessionStorage.loadSession(offline.id))?.accessToken).toBe(
      "shpat_offline_token_0001",
    );
    const loaded = await shopifySessionStorage.loadSession(online.id);
    expect(loaded).toMatchObject({
      accessToken: "shpua_online_token_0001",
      refreshToken: "shprt_refresh_token_0001",
    });
    expect(loaded?.onlineAccessInfo?.associated_user.email).toBe("sam@example.com");
    expect(loaded?.equals(online)).toBe(true);
    const byShop = await shopifySessionStorage.findSessionsByShop(SHOP);
    expect(byShop.map((s) => s.accessToken).sort()).toEqual([
      "shpat_offline_token_0001",
      "shpua_online_token_0001",
    ]);
  });

  test("a row written in clear before tokens were sealed is read, then sealed in place", async () => {
    useKeys(NEW_KEY);
    await insertPlaintextSession(`offline_${SHOP}`, SHOP, {
      accessToken: "shpat_legacy_plain_0001",
      refreshToken: "shprt_legacy_plain_0001",
    });
    const loaded = await shopifySessionStorage.loadSession(`offline_${SHOP}`);
    expect(loaded).toMatchObject({
      accessToken: "shpat_legacy_plain_0001",
      refreshToken: "shprt_legacy_plain_0001",
    });
    const row = await rawRow(`offline_${SHOP}`);
    expect(row.accessToken).not.toContain("shpat_legacy_plain_0001");
    expect(row.refreshToken).not.toContain("shprt_legacy_plain_0001");
    expect(openSecret(row.accessToken, "shopify-access-token")).toBe("shpat_legacy_plain_0001");
    expect(openSecret(row.refreshToken!, "shopify-refresh-token")).toBe("shprt_legacy_plain_0001");

    await getDb().update(shopifySessions).set({ accessToken: "shpat_legacy_plain_0002" });
    expect((await shopifySessionStorage.findSessionsByShop(SHOP))[0].accessToken).toBe(
      "shpat_legacy_plain_0002",
    );
    expect((await rawRow(`offline_${SHOP}`)).accessToken).not.toContain("shpat_legacy_plain_0002");
  });

  test("after a rotation, a token sealed under the previous key is read and sealed again under the new one", async () => {
    useKeys(OLD_KEY);
    await shopifySessionStorage.storeSession(offlineSession("shpat_rotated_0001"));
    const underOld = (await rawRow(`offline_${SHOP}`)).accessToken;

    useKeys(NEW_KEY, OLD_KEY);
    expect((await shopifySessionStorage.loadSession(`offline_${SHOP}`))?.accessToken).toBe(
      "shpat_rotated_0001",
    );
    const underNew = (await rawRow(`offline_${SHOP}`)).accessToken;
    expect(underNew).not.toBe(underOld);

    useKeys(OLD_KEY);
    expect(() => openSecret(underNew, "shopify-access-token")).toThrow(SecretUnreadableError);
    useKeys(NEW_KEY);
    expect((await shopifySessionStorage.loadSession(`offline_${SHOP}`))?.accessToken).toBe(
      "shpat_rotated_0001",
    );
  });

  test("a token no configured key opens gives no session (Shopify is asked again), and says why", async () => {
    useKeys(OLD_KEY);
    await shopifySessionStorage.storeSession(offlineSession("shpat_lost_key_0001"));
    useKeys(NEW_KEY);
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    expect(await shopifySessionStorage.loadSession(`offline_${SHOP}`)).toBeUndefined();
    expect(await shopifySessionStorage.findSessionsByShop(SHOP)).toEqual([]);
    expect(String(logged.mock.calls[0][0])).toMatch(
      /accessToken of session offline_sealed-shop.* DATA_ENCRYPTION_KEY_PREVIOUS/,
    );
  });
});

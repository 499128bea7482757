import { expect, test, vi } from "vitest";
import { shopifySessions, tritechProfiles, whatsappConfigs } from "#db/schema";
import { openSecret, SecretUnreadableError, sealSecret } from "~/services/crypto/data-encryption.server";
import { resealColumns, writeResealed } from "~/services/crypto/sealed-columns.server";
import { dataEncryptionKeysForTests, NEW_KEY, OLD_KEY } from "../../../tests/support/data-encryption-keys";
import { createAccount } from "../../../tests/support/factories";
import { insertPlaintextSession, storeOfflineSession } from "../../../tests/support/shopify-sessions";
import { describeEachDatabase } from "../../../tests/support/test-database";
import { TRITECH_SECRET_PURPOSE } from "../tritech/defaults";
import { APP_SECRET_PURPOSE, TOKEN_PURPOSE } from "../whatsapp/config.server";
import { resealSecretsAtRest, SEALED_COLUMNS } from "./secrets-at-rest.server";

/**
 * Issue 32: rotating DATA_ENCRYPTION_KEY. Every sealed column, written under the old key, is still
 * read once the old key is DATA_ENCRYPTION_KEY_PREVIOUS, and the start-up sweep seals it again under
 * the new key, after which the old key alone opens nothing.
 */

const useKeys = dataEncryptionKeysForTests();
const SHOP = "rotated-shop.myshopify.com";
const quiet = { log: () => {}, error: () => {} };

describeEachDatabase("sealing secrets at rest again after a rotation", (getDb) => {
  async function sealedTritechProfile(accountId: string, secret: string) {
    await getDb()
      .insert(tritechProfiles)
      .values({ accountId, secretSealed: sealSecret(secret, TRITECH_SECRET_PURPOSE) });
  }

  async function sealedRows() {
    const account = await createAccount();
    await sealedTritechProfile(account.id, "tritech-secret-0001");
    await getDb()
      .insert(whatsappConfigs)
      .values({
        accountId: account.id,
        originationPhone: "15555550100",
        phoneNumberId: `phone-${account.id}`,
        businessAccountId: "waba-1",
        authTokenSealed: sealSecret("EAAB-whatsapp-token-0001", TOKEN_PURPOSE),
        appSecretSealed: sealSecret("meta-app-secret-0001", APP_SECRET_PURPOSE),
        verifyToken: `verify-${account.id}`,
      });
    await storeOfflineSession(SHOP, "shpat_rotated_0001", null, "shprt_rotated_0001");
  }

  /** Every sealed value, as stored, with its column's purpose and what it should open to. */
  async function storedValues() {
    const [tritech] = await getDb().select().from(tritechProfiles);
    const [whatsapp] = await getDb().select().from(whatsappConfigs);
    const [shopify] = await getDb().select().from(shopifySessions);
    return [
      { stored: tritech.secretSealed!, purpose: TRITECH_SECRET_PURPOSE, plain: "tritech-secret-0001" },
      { stored: whatsapp.authTokenSealed, purpose: TOKEN_PURPOSE, plain: "EAAB-whatsapp-token-0001" },
      { stored: whatsapp.appSecretSealed, purpose: APP_SECRET_PURPOSE, plain: "meta-app-secret-0001" },
      { stored: shopify.accessToken, purpose: "shopify-access-token", plain: "shpat_rotated_0001" },
      { stored: shopify.refreshToken!, purpose: "shopify-refresh-token", plain: "shprt_rotated_0001" },
    ];
  }

  test("every sealed column: readable under the previous key, sealed again by the sweep, then closed to the old key", async () => {
    useKeys(OLD_KEY);
    await sealedRows();
    const before = await storedValues();
    expect(before).toHaveLength(SEALED_COLUMNS.length);

    useKeys(NEW_KEY, OLD_KEY);
    for (const { stored, purpose, plain } of before) expect(openSecret(stored, purpose)).toBe(plain);
    const outcomes = await resealSecretsAtRest(quiet);
    expect(outcomes.map((o) => o.resealed)).toEqual([1, 1, 1, 1, 1]);
    expect(outcomes.every((o) => o.unreadable === 0)).toBe(true);

    const after = await storedValues();
    useKeys(OLD_KEY);
    for (const { stored, purpose } of after)
      expect(() => openSecret(stored, purpose)).toThrow(SecretUnreadableError);
    useKeys(NEW_KEY);
    for (const { stored, purpose, plain } of after) expect(openSecret(stored, purpose)).toBe(plain);

    // Nothing left under an old key: a second start rewrites nothing.
    useKeys(NEW_KEY, OLD_KEY);
    expect((await resealSecretsAtRest(quiet)).map((o) => o.resealed)).toEqual([0, 0, 0, 0, 0]);
  });

  test("Shopify tokens kept in clear by an older version are sealed by the sweep", async () => {
    useKeys(NEW_KEY);
    await insertPlaintextSession(`offline_${SHOP}`, SHOP, { accessToken: "shpat_plain_0001" });
    const outcomes = await resealSecretsAtRest(quiet);
    expect(outcomes.find((o) => o.column === "shopify_sessions.accessToken")?.resealed).toBe(1);
    const [row] = await getDb().select().from(shopifySessions);
    expect(row.accessToken).not.toContain("shpat_plain_0001");
    expect(openSecret(row.accessToken, "shopify-access-token")).toBe("shpat_plain_0001");
  });

  test("a value no configured key opens is left as it is and named; the rest are sealed again", async () => {
    useKeys("a-key-nobody-has-anymore-01");
    await sealedRows();
    useKeys(OLD_KEY);
    await getDb().delete(whatsappConfigs);
    const account = await createAccount();
    await sealedTritechProfile(account.id, "tritech-secret-0002");

    useKeys(NEW_KEY, OLD_KEY);
    const log = { log: vi.fn(), error: vi.fn() };
    const outcomes = await resealSecretsAtRest(log);
    expect(outcomes[0]).toEqual({ column: "tritech_profiles.secret_sealed", resealed: 1, unreadable: 1 });
    expect(log.log).toHaveBeenCalledWith("secrets at rest: 1 sealed again under DATA_ENCRYPTION_KEY");
    expect(log.error.mock.calls[0][0]).toMatch(
      /^secrets at rest: 1 in tritech_profiles.secret_sealed, 1 in shopify_sessions.accessToken, 1 in shopify_sessions.refreshToken open with no configured key/,
    );
  });

  test("the sweep goes through every page of rows", async () => {
    useKeys(NEW_KEY);
    const ids = ["a", "b", "c", "d", "e"].map((letter) => `offline_${letter}-${SHOP}`);
    for (const id of ids) await insertPlaintextSession(id, SHOP, { accessToken: `shpat_${id}` });
    const column = SEALED_COLUMNS.find((c) => c.column === shopifySessions.accessToken)!;
    expect(await resealColumns([column], getDb(), 2)).toEqual([
      { column: "shopify_sessions.accessToken", resealed: 5, unreadable: 0 },
    ]);
    const rows = await getDb().select().from(shopifySessions);
    for (const row of rows)
      expect(openSecret(row.accessToken, "shopify-access-token")).toBe(`shpat_${row.id}`);
  });

  test("a row changed since it was read keeps its new value (a token stored meanwhile)", async () => {
    useKeys(NEW_KEY);
    await storeOfflineSession(SHOP, "shpat_new");
    const [{ accessToken: current }] = await getDb().select().from(shopifySessions);
    const column = SEALED_COLUMNS.find((c) => c.column === shopifySessions.accessToken)!;
    const written = await writeResealed(column, `offline_${SHOP}`, "shpat_what_was_read", "sealed-later");
    expect(written).toBe(false);
    expect((await getDb().select().from(shopifySessions))[0].accessToken).toBe(current);
  });
});

import { eq } from "drizzle-orm";
import { expect, test } from "vitest";
import { apiKeys } from "#db/schema";
import { companyWithAdmin } from "../../../tests/support/team-factories";
import { describeEachDatabase } from "../../../tests/support/test-database";
import type { MemberContext } from "../access/guard.server";
import {
  authenticateApiKey,
  deleteApiKey,
  generateApiKey,
  listApiKeys,
  MAX_API_KEYS,
  setApiKeyDisabled,
} from "./api-keys.server";

async function newKey(context: MemberContext): Promise<string> {
  const created = await generateApiKey(context);
  if (!created.ok) throw new Error("expected a new key");
  return created.key;
}

describeEachDatabase("API keys", (getDb) => {
  const keyRows = (accountId: string) =>
    getDb().select().from(apiKeys).where(eq(apiKeys.accountId, accountId));

  test("a new key is shown once: only a hash of its secret is stored, and it authenticates", async () => {
    const a = await companyWithAdmin();

    const key = await newKey(a.context);

    const [keyId, secret] = key.split(".");
    expect(keyId).toMatch(/^bsk_[0-9a-f]{12}$/);
    expect(secret.length).toBeGreaterThanOrEqual(40);
    const [row] = await keyRows(a.account.id);
    expect(row).toMatchObject({ keyId, disabled: false, createdByUserId: a.admin.id });
    expect(row.secretHash).not.toBe(secret);
    expect(row.secretHash).not.toContain(secret);
    expect(JSON.stringify(await listApiKeys(a.context))).not.toContain(secret);
    expect(await authenticateApiKey(key)).toEqual({ accountId: a.account.id });
  });

  test("wrong, partial and garbage keys do not authenticate", async () => {
    const a = await companyWithAdmin();
    const key = await newKey(a.context);
    const [keyId, secret] = key.split(".");

    expect(await authenticateApiKey(`${keyId}.${secret.slice(0, -1)}x`)).toBeNull();
    expect(await authenticateApiKey(keyId)).toBeNull();
    expect(await authenticateApiKey(`.${secret}`)).toBeNull();
    expect(await authenticateApiKey(`bsk_000000000000.${secret}`)).toBeNull();
    expect(await authenticateApiKey("")).toBeNull();
  });

  test(`a company has at most ${MAX_API_KEYS} keys; other companies have their own allowance`, async () => {
    const a = await companyWithAdmin();
    const b = await companyWithAdmin();

    await newKey(a.context);
    await newKey(a.context);
    expect(await generateApiKey(a.context)).toEqual({ ok: false });
    expect(await keyRows(a.account.id)).toHaveLength(MAX_API_KEYS);

    expect((await generateApiKey(b.context)).ok).toBe(true);
    expect(await listApiKeys(a.context)).toHaveLength(MAX_API_KEYS);
    expect(await listApiKeys(b.context)).toHaveLength(1);
  });

  test("five generate calls at once on an empty company create exactly two keys", async () => {
    const a = await companyWithAdmin();

    const results = await Promise.all(Array.from({ length: 5 }, () => generateApiKey(a.context)));

    expect(results.filter((r) => r.ok)).toHaveLength(MAX_API_KEYS);
    expect(await keyRows(a.account.id)).toHaveLength(MAX_API_KEYS);
  });

  test("a disabled key does not authenticate until it is enabled again", async () => {
    const a = await companyWithAdmin();
    const key = await newKey(a.context);
    const [row] = await keyRows(a.account.id);

    expect(await setApiKeyDisabled(a.context, row.id, true)).toBe(true);
    expect(await authenticateApiKey(key)).toBeNull();
    expect((await listApiKeys(a.context))[0].disabled).toBe(true);

    expect(await setApiKeyDisabled(a.context, row.id, false)).toBe(true);
    expect(await authenticateApiKey(key)).toEqual({ accountId: a.account.id });
  });

  test("deleting a key frees its place and stops it authenticating", async () => {
    const a = await companyWithAdmin();
    const key = await newKey(a.context);
    await newKey(a.context);
    const row = (await keyRows(a.account.id)).find((r) => key.startsWith(`${r.keyId}.`));
    if (!row) throw new Error("the key's row is missing");

    expect(await deleteApiKey(a.context, row.id)).toBe(true);
    expect(await authenticateApiKey(key)).toBeNull();
    expect(await deleteApiKey(a.context, row.id)).toBe(false);
    expect((await generateApiKey(a.context)).ok).toBe(true);
  });

  test("another company's key cannot be disabled, enabled or deleted by passing its id", async () => {
    const a = await companyWithAdmin();
    const b = await companyWithAdmin();
    const theirKey = await newKey(b.context);
    const [theirs] = await keyRows(b.account.id);

    expect(await setApiKeyDisabled(a.context, theirs.id, true)).toBe(false);
    expect(await deleteApiKey(a.context, theirs.id)).toBe(false);
    expect(await keyRows(b.account.id)).toEqual([theirs]);
    expect(await authenticateApiKey(theirKey)).toEqual({ accountId: b.account.id });

    await setApiKeyDisabled(b.context, theirs.id, true);
    expect(await setApiKeyDisabled(a.context, theirs.id, false)).toBe(false);
    expect(await authenticateApiKey(theirKey)).toBeNull();
    expect(await listApiKeys(a.context)).toEqual([]);
  });

  test("malformed key ids are refused, not a database error", async () => {
    const a = await companyWithAdmin();
    await newKey(a.context);

    expect(await setApiKeyDisabled(a.context, "garbage", true)).toBe(false);
    expect(await deleteApiKey(a.context, "")).toBe(false);
    expect(await keyRows(a.account.id)).toHaveLength(1);
  });
});

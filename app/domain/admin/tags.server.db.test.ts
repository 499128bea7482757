import { eq } from "drizzle-orm";
import { expect, test } from "vitest";
import { accountTags, auditLog, tags } from "#db/schema";
import { createAccount, createUser } from "../../../tests/support/factories";
import { viewerOf } from "../../../tests/support/team-factories";
import { describeEachDatabase } from "../../../tests/support/test-database";
import { parseTagInput, updateTagsSchema } from "./company-admin-schemas";
import { setAccountTags, tagsOfAccounts } from "./tags.server";

async function platformAdmin() {
  return viewerOf((await createUser({ roles: ["admin"] })).id);
}

test("tags: commas separate, leading whitespace goes, repeated spaces collapse, repeats count once", () => {
  expect(parseTagInput("  vip,   big    spender , , VIP,beta\ttester ")).toEqual([
    "vip",
    "big spender",
    "beta tester",
  ]);
  expect(parseTagInput("")).toEqual([]);
  expect(parseTagInput(" , ,")).toEqual([]);
  const parsed = updateTagsSchema.safeParse({
    intent: "tags",
    accountId: "0f4c8b9e-2d3a-4c5b-8e6f-7a8b9c0d1e2f",
    tags: "a,  b",
  });
  expect(parsed.data?.tags).toEqual(["a", "b"]);
  const tooLong = updateTagsSchema.safeParse({
    intent: "tags",
    accountId: "0f4c8b9e-2d3a-4c5b-8e6f-7a8b9c0d1e2f",
    tags: "x".repeat(51),
  });
  expect(tooLong.error?.issues[0].message).toBe("adminCompanies.validation.tagTooLong");
});

describeEachDatabase("admin tags", (getDb) => {
  const tagNames = async () =>
    (await getDb().select({ name: tags.name }).from(tags)).map((t) => t.name).sort();
  const namesOf = async (accountId: string) =>
    ((await tagsOfAccounts([accountId])).get(accountId) ?? []).map((t) => t.name);

  test("an existing tag is linked (matched ignoring case), not duplicated", async () => {
    const admin = await platformAdmin();
    const a = await createAccount();
    const b = await createAccount();

    await setAccountTags(admin, a.id, ["VIP", "Beta"]);
    const result = await setAccountTags(admin, b.id, ["vip", "new one"]);

    expect(await tagNames()).toEqual(["Beta", "VIP", "new one"]);
    expect(result.outcome === "done" && result.tags.map((t) => t.name)).toEqual(["VIP", "new one"]);
    expect(await namesOf(a.id)).toEqual(["Beta", "VIP"]);
    expect(await namesOf(b.id)).toEqual(["new one", "VIP"]);
  });

  test("a tag left out is unlinked from the company and kept for the others", async () => {
    const admin = await platformAdmin();
    const a = await createAccount();
    const b = await createAccount();
    await setAccountTags(admin, a.id, ["vip", "beta"]);
    await setAccountTags(admin, b.id, ["vip"]);

    await setAccountTags(admin, a.id, ["beta"]);
    expect(await namesOf(a.id)).toEqual(["beta"]);
    expect(await namesOf(b.id)).toEqual(["vip"]);

    await setAccountTags(admin, a.id, []);
    expect(await namesOf(a.id)).toEqual([]);
    expect(await getDb().select().from(accountTags).where(eq(accountTags.accountId, a.id))).toEqual([]);
    expect(await tagNames()).toEqual(["beta", "vip"]);

    const entries = await getDb().select().from(auditLog).where(eq(auditLog.targetId, a.id));
    expect(entries.map((e) => e.after)).toEqual(
      expect.arrayContaining([{ tags: ["vip", "beta"] }, { tags: ["beta"] }, { tags: [] }]),
    );
    const last = entries.find((e) => (e.after as { tags: string[] }).tags.length === 0);
    expect(last?.before).toEqual({ tags: ["beta"] });
  });

  test("an unknown company changes nothing", async () => {
    const admin = await platformAdmin();
    expect(await setAccountTags(admin, "00000000-0000-4000-8000-000000000000", ["vip"])).toEqual({
      outcome: "not_found",
    });
    expect(await tagNames()).toEqual([]);
  });
});

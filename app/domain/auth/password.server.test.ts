import { describe, expect, it } from "vitest";
import { hashPassword, needsRehash, PASSWORD_HASH_COST, verifyPassword } from "./password.server";

describe("password hashing", () => {
  it("verifies the right password and refuses others", async () => {
    const hash = await hashPassword("correct horse");
    expect(hash.startsWith("scrypt$")).toBe(true);
    expect(await verifyPassword("correct horse", hash)).toBe(true);
    expect(await verifyPassword("correct horsf", hash)).toBe(false);
    expect(await verifyPassword("correct horse", "garbage")).toBe(false);
  });

  it("salts every hash", async () => {
    expect(await hashPassword("same")).not.toBe(await hashPassword("same"));
  });

  it("hashes at OWASP's scrypt cost (N=2^17, r=8, p=1) outside tests, within Node's memory limit", async () => {
    expect(PASSWORD_HASH_COST).toEqual({ N: 131072, r: 8, p: 1 });
    const hash = await hashPassword("correct horse", PASSWORD_HASH_COST);
    expect(hash.split("$").slice(0, 4)).toEqual(["scrypt", "131072", "8", "1"]);
    expect(await verifyPassword("correct horse", hash)).toBe(true);
    expect(needsRehash(hash, PASSWORD_HASH_COST)).toBe(false);
  });

  it("still verifies hashes made at the old cost (N=2^15), and says they need upgrading", async () => {
    const old = await hashPassword("correct horse", { N: 2 ** 15, r: 8, p: 1 });
    expect(old.split("$")[1]).toBe("32768");
    expect(await verifyPassword("correct horse", old)).toBe(true);
    expect(needsRehash(old, PASSWORD_HASH_COST)).toBe(true);
  });

  it("refuses a stored hash whose cost would exhaust memory", async () => {
    const hash = await hashPassword("correct horse");
    const [, , r, p, salt, key] = hash.split("$");
    expect(await verifyPassword("correct horse", ["scrypt", 2 ** 30, r, p, salt, key].join("$"))).toBe(false);
  });
});

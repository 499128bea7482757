import { randomBytes, scrypt, timingSafeEqual } from "node:crypto";

export type ScryptCost = { N: number; r: number; p: number };

// OWASP's Password Storage Cheat Sheet: scrypt with N=2^17, r=8, p=1, i.e. 128 MiB and about
// 0.4 s of one core per hash.
export const PASSWORD_HASH_COST: ScryptCost = { N: 2 ** 17, r: 8, p: 1 };
// Unit and database tests hash hundreds of passwords; they use a cheap cost. VITEST is set by the
// test runner itself, and both must hold, so no server (NODE_ENV production or unset) ever uses it.
const TEST_ONLY_COST: ScryptCost = { N: 2 ** 10, r: 8, p: 1 };
// A stored hash asking for more than this is refused rather than allowed to exhaust memory.
const MAX_N = 2 ** 20;
const keyLength = 64;

export const MIN_PASSWORD_LENGTH = 8;

function currentCost(): ScryptCost {
  return process.env.VITEST === "true" && process.env.NODE_ENV === "test"
    ? TEST_ONLY_COST
    : PASSWORD_HASH_COST;
}

function derive(password: string, salt: Buffer, length: number, cost: ScryptCost): Promise<Buffer> {
  // scrypt needs 128 * N * r bytes; Node refuses anything above maxmem (32 MiB by default).
  const maxmem = 2 * 128 * cost.N * cost.r;
  return new Promise((resolve, reject) =>
    scrypt(password.normalize("NFKC"), salt, length, { ...cost, maxmem }, (err, key) =>
      err ? reject(err) : resolve(key),
    ),
  );
}

/**
 * The one way passwords are hashed (sign-up, reset, change, seed, test fixtures). Returns
 * "scrypt$N$r$p$salt$hash" so the cost can be raised later without breaking old hashes.
 */
export async function hashPassword(password: string, cost: ScryptCost = currentCost()): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt, keyLength, cost);
  return ["scrypt", cost.N, cost.r, cost.p, salt.toString("base64url"), key.toString("base64url")].join("$");
}

function parseHash(stored: string) {
  const [scheme, n, r, p, saltText, hashText] = stored.split("$");
  const cost = { N: Number(n), r: Number(r), p: Number(p) };
  const sane = [cost.N, cost.r, cost.p].every((v) => Number.isSafeInteger(v) && v > 0) && cost.N <= MAX_N;
  if (scheme !== "scrypt" || !saltText || !hashText || !sane) return null;
  return { cost, salt: Buffer.from(saltText, "base64url"), hash: Buffer.from(hashText, "base64url") };
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parsed = parseHash(stored);
  if (!parsed) return false;
  const key = await derive(password, parsed.salt, parsed.hash.length, parsed.cost);
  return timingSafeEqual(key, parsed.hash);
}

/** True when the hash was made at a lower cost than today's: it is replaced at the next sign-in. */
export function needsRehash(stored: string, cost: ScryptCost = currentCost()): boolean {
  const parsed = parseHash(stored);
  if (!parsed) return true;
  return parsed.cost.N * parsed.cost.r * parsed.cost.p < cost.N * cost.r * cost.p;
}

// A fixed hash compared against when the email is unknown, so sign-in takes as long either way.
let decoyHash: Promise<string> | undefined;
export function decoyPasswordHash() {
  decoyHash ??= hashPassword(randomBytes(12).toString("hex"));
  return decoyHash;
}

import { createChallenge, solveChallenge, verifySolution } from "altcha-lib";
import { deriveKey } from "altcha-lib/algorithms/pbkdf2";
import type { Challenge } from "altcha-lib/types";
import { describe, expect, test } from "vitest";
import { verifyAltchaSignatures } from "./altcha-signature.server";

// Our node:crypto check and altcha-lib's own verifySolution give the same answer for every case.

const secrets = { signature: "challenge-secret-for-tests", key: "key-secret-for-tests" };
type Solution = { counter: number; derivedKey: string };

async function solved(options: { expiresAt?: number; keySignature?: boolean } = {}) {
  const challenge = await createChallenge({
    algorithm: "PBKDF2/SHA-256",
    cost: 1,
    counter: 5,
    deriveKey,
    expiresAt: options.expiresAt ?? Math.floor(Date.now() / 1000) + 600,
    hmacSignatureSecret: secrets.signature,
    hmacKeySignatureSecret: options.keySignature === false ? undefined : secrets.key,
  });
  const solution = await solveChallenge({ challenge, deriveKey });
  if (!solution) throw new Error("not solved");
  return { challenge, solution: solution as Solution };
}

async function libraryVerdict(challenge: Challenge, solution: Solution, keys = secrets) {
  const result = await verifySolution({
    challenge,
    solution,
    deriveKey,
    hmacSignatureSecret: keys.signature,
    hmacKeySignatureSecret: keys.key,
  });
  return result.expired ? "expired" : result.verified ? "verified" : "invalid";
}

describe("an ALTCHA solution checked with node:crypto", () => {
  test("a good solution: verified, as the library says", async () => {
    const { challenge, solution } = await solved();
    expect(verifyAltchaSignatures(challenge, solution, secrets)).toBe("verified");
    expect(await libraryVerdict(challenge, solution)).toBe("verified");
  });

  test("tampered parameters, a wrong key, bad hex or counters, other secrets: invalid for both", async () => {
    const { challenge, solution } = await solved();
    const flipped = solution.derivedKey.replace(/^./, (c) => (c === "0" ? "1" : "0"));
    const cases: [Challenge, Solution, typeof secrets][] = [
      [{ ...challenge, parameters: { ...challenge.parameters, cost: 2 } }, solution, secrets],
      // The last hex digit changed (replacing it with "0" left it as it was one time in 16).
      [
        { ...challenge, signature: challenge.signature?.replace(/.$/, (c) => (c === "0" ? "1" : "0")) },
        solution,
        secrets,
      ],
      [challenge, { ...solution, derivedKey: flipped }, secrets],
      [challenge, { ...solution, derivedKey: solution.derivedKey.toUpperCase() }, secrets],
      [challenge, { ...solution, derivedKey: "" }, secrets],
      [challenge, { ...solution, counter: -1 }, secrets],
      [challenge, { ...solution, counter: 1.5 }, secrets],
      [challenge, { ...solution, counter: 2 ** 32 }, secrets],
      [challenge, solution, { ...secrets, signature: "another-secret" }],
      [challenge, solution, { ...secrets, key: "another-secret" }],
    ];
    for (const [c, s, keys] of cases) {
      // Uppercase hex differs from the signed key only in case: the library refuses it too.
      expect(verifyAltchaSignatures(c, s, keys), JSON.stringify(s)).toBe("invalid");
      expect(await libraryVerdict(c, s, keys), JSON.stringify(s)).toBe("invalid");
    }
  });

  test("past its expiry: expired for both", async () => {
    const { challenge, solution } = await solved({ expiresAt: Math.floor(Date.now() / 1000) - 5 });
    expect(verifyAltchaSignatures(challenge, solution, secrets)).toBe("expired");
    expect(await libraryVerdict(challenge, solution)).toBe("expired");
  });

  test("a challenge without a key signature is left to the library", async () => {
    const { challenge, solution } = await solved({ keySignature: false });
    expect(verifyAltchaSignatures(challenge, solution, secrets)).toBe("unsupported");
    expect(await libraryVerdict(challenge, solution)).toBe("verified");
  });
});

import { createHmac, timingSafeEqual } from "node:crypto";
import type { Challenge } from "altcha-lib/types";

/**
 * The check of an ALTCHA solution to one of our own challenges, with node:crypto. altcha-lib's
 * verifySolution computes its two HMAC-SHA-256 signatures with WebCrypto (a key import and a sign
 * each), about 0.4 ms of a sign-up form post's 1 ms of CPU; these are the same signatures over the
 * same bytes, the library's steps in its order (v2's verifySolution: expiry, the challenge's
 * signature over its sorted parameters, a well-formed solution, then the derived key's signature).
 * Our challenges always carry a key signature (issueAltchaChallenge signs it); one without it is
 * left to the library ("unsupported"). captcha.server.test.ts holds the two to the same answers.
 */
export type AltchaVerdict = "verified" | "expired" | "invalid" | "unsupported";

const MAX_UINT32_COUNTER = 0xffffffff;
const LOWERCASE_HEX = /^(?:[0-9a-f]{2})+$/;

export function verifyAltchaSignatures(
  challenge: Challenge,
  solution: { counter: unknown; derivedKey: unknown },
  secrets: { signature: string; key: string },
  nowSeconds = Date.now() / 1000,
): AltchaVerdict {
  const { parameters } = challenge;
  if (parameters.expiresAt && parameters.expiresAt < nowSeconds) return "expired";
  if (!challenge.signature) return "invalid";
  const signed = hmacHex(JSON.stringify(sortKeys(parameters)), secrets.signature);
  if (!sameText(challenge.signature, signed)) return "invalid";
  const { counter, derivedKey } = solution;
  if (
    typeof derivedKey !== "string" ||
    !LOWERCASE_HEX.test(derivedKey) ||
    !Number.isInteger(counter) ||
    (counter as number) < 0 ||
    (counter as number) > MAX_UINT32_COUNTER
  )
    return "invalid";
  if (!parameters.keySignature) return "unsupported";
  const keySigned = hmacHex(Buffer.from(derivedKey, "hex"), secrets.key);
  return sameText(parameters.keySignature, keySigned) ? "verified" : "invalid";
}

function hmacHex(data: string | Buffer, secret: string): string {
  return createHmac("sha256", secret).update(data).digest("hex");
}

function sameText(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/** Keys sorted at every depth, undefined values left out: the library's canonical JSON. */
function sortKeys(value: unknown): unknown {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return value;
  const record = value as Record<string, unknown>;
  return Object.fromEntries(
    Object.keys(record)
      .sort()
      .flatMap((key) => (record[key] === undefined ? [] : [[key, sortKeys(record[key])]])),
  );
}

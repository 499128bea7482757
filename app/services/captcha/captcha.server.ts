import { createHmac, randomInt } from "node:crypto";
import { createChallenge, verifySolution } from "altcha-lib";
import { deriveKey } from "altcha-lib/algorithms/pbkdf2";
import type { Challenge } from "altcha-lib/types";
import { config } from "~/config.server";
import { verifyAltchaSignatures } from "./altcha-signature.server";

/**
 * The public form's captcha. Local default: ALTCHA, a proof of work the visitor's browser solves,
 * issued and checked here (no outside service, no cookie). CAPTCHA_PROVIDER=turnstile or hcaptcha
 * uses that provider's widget and its siteverify API instead.
 *
 * ALTCHA runs in deterministic mode: the server derives the key for a random counter when it issues
 * a challenge and signs it, so checking a solution is two HMACs, not a key derivation. A solution
 * stays valid until its challenge expires; single use is the caller's: it records `singleUseKey` in
 * the transaction that accepts the submission (used_captchas), so a replayed solution is refused.
 */

export type CaptchaProvider = "altcha" | "turnstile" | "hcaptcha";
export const CHALLENGE_TTL_SECONDS = 10 * 60;
export const ALTCHA_ALGORITHM = "PBKDF2/SHA-256";

/** The form field that carries the visitor's answer, per provider. */
export const CAPTCHA_FIELDS: Record<CaptchaProvider, string> = {
  altcha: "altcha",
  turnstile: "cf-turnstile-response",
  hcaptcha: "h-captcha-response",
};

const PROVIDER_SCRIPTS = {
  turnstile: "https://challenges.cloudflare.com/turnstile/v0/api.js",
  hcaptcha: "https://js.hcaptcha.com/1/api.js",
} as const;
const PROVIDER_VERIFY_URLS = {
  turnstile: "https://challenges.cloudflare.com/turnstile/v0/siteverify",
  hcaptcha: "https://api.hcaptcha.com/siteverify",
} as const;

export type CaptchaWidget =
  | { provider: "altcha"; field: string }
  | {
      provider: "turnstile" | "hcaptcha";
      field: string;
      siteKey: string;
      scriptUrl: string;
      origins: string[];
    };

export function captchaWidget(): CaptchaWidget {
  const settings = config();
  const provider = settings.CAPTCHA_PROVIDER;
  if (provider === "altcha") return { provider, field: CAPTCHA_FIELDS.altcha };
  const scriptUrl = PROVIDER_SCRIPTS[provider];
  const origins =
    provider === "turnstile"
      ? ["https://challenges.cloudflare.com"]
      : ["https://hcaptcha.com", "https://*.hcaptcha.com"];
  return {
    provider,
    field: CAPTCHA_FIELDS[provider],
    siteKey: settings.CAPTCHA_SITE_KEY ?? "",
    scriptUrl,
    origins,
  };
}

let derivedSecrets: { from: string; signature: string; key: string } | undefined;

/** The challenge and key secrets, derived from the session secret once (not twice per form post). */
function secrets() {
  const secret = config().sessionSecret;
  if (derivedSecrets?.from !== secret) {
    const derive = (purpose: string) =>
      createHmac("sha256", secret).update(`altcha:${purpose}`).digest("hex");
    derivedSecrets = { from: secret, signature: derive("challenge"), key: derive("key") };
  }
  return derivedSecrets;
}

/** A new signed ALTCHA challenge (the widget fetches it from /forms/captcha/challenge). */
export async function issueAltchaChallenge(now = Date.now()): Promise<Challenge> {
  const settings = config();
  const { signature, key } = secrets();
  return createChallenge({
    algorithm: ALTCHA_ALGORITHM,
    cost: settings.ALTCHA_COST,
    counter: randomInt(Math.floor(settings.ALTCHA_MAX_NUMBER / 3), settings.ALTCHA_MAX_NUMBER),
    deriveKey,
    expiresAt: Math.floor(now / 1000) + CHALLENGE_TTL_SECONDS,
    hmacSignatureSecret: signature,
    hmacKeySignatureSecret: key,
  });
}

export type CaptchaCheck =
  | { ok: true; singleUseKey: string; expiresAt: Date }
  | {
      ok: false;
      /** replayed: the provider saw the token before; wrong_host: solved on a page not ours. */
      reason: "missing" | "invalid" | "expired" | "replayed" | "wrong_host" | "unavailable";
    };

/** Checks the visitor's answer. On success, `singleUseKey` must be recorded once (used_captchas). */
export async function verifyCaptcha(
  token: string | null | undefined,
  ip: string | null,
): Promise<CaptchaCheck> {
  if (!token) return { ok: false, reason: "missing" };
  const provider = config().CAPTCHA_PROVIDER;
  if (provider === "altcha") return verifyAltcha(token);
  return verifyHosted(provider, token, ip);
}

async function verifyAltcha(token: string): Promise<CaptchaCheck> {
  if (token.length > 4000) return { ok: false, reason: "invalid" };
  let payload: { challenge?: Challenge; solution?: { counter: number; derivedKey: string } };
  try {
    payload = JSON.parse(Buffer.from(token, "base64").toString("utf8"));
  } catch {
    return { ok: false, reason: "invalid" };
  }
  const { challenge, solution } = payload ?? {};
  if (!challenge?.parameters || typeof challenge.signature !== "string" || !solution)
    return { ok: false, reason: "invalid" };
  const { signature, key } = secrets();
  try {
    const verdict = verifyAltchaSignatures(challenge, solution, { signature, key });
    if (verdict === "expired") return { ok: false, reason: "expired" };
    if (verdict === "invalid" || !challenge.parameters.expiresAt) return { ok: false, reason: "invalid" };
    if (verdict === "verified")
      return {
        ok: true,
        singleUseKey: `altcha:${challenge.signature}`,
        expiresAt: new Date(challenge.parameters.expiresAt * 1000),
      };
    // A challenge without a key signature (never one of ours): the library re-derives the key.
    const result = await verifySolution({
      challenge,
      solution,
      deriveKey,
      hmacSignatureSecret: signature,
      hmacKeySignatureSecret: key,
    });
    if (result.expired) return { ok: false, reason: "expired" };
    if (!result.verified || !challenge.parameters.expiresAt) return { ok: false, reason: "invalid" };
    return {
      ok: true,
      singleUseKey: `altcha:${challenge.signature}`,
      expiresAt: new Date(challenge.parameters.expiresAt * 1000),
    };
  } catch {
    return { ok: false, reason: "invalid" };
  }
}

/**
 * The siteverify error codes (Turnstile's and hCaptcha's) that say our keys are wrong: every visitor
 * would fail, so the operator is told in the log.
 */
const CONFIGURATION_ERRORS = new Set([
  "missing-input-secret",
  "invalid-input-secret",
  "invalid-parsed-secret",
  "sitekey-secret-mismatch",
  "invalid-sitekey",
]);
const REPLAY_ERRORS = new Set([
  "timeout-or-duplicate",
  "already-seen-response",
  "invalid-or-already-seen-response",
]);
const EXPIRY_ERRORS = new Set(["expired-input-response"]);

type SiteverifyAnswer = { success?: unknown; hostname?: unknown; "error-codes"?: unknown };

/**
 * Cloudflare Turnstile and hCaptcha share the siteverify protocol (a form post of secret, response
 * and remote address; a JSON answer with success, hostname and error-codes). A token is accepted when
 * the provider says so and it was solved on one of our host names (CAPTCHA_HOSTNAMES). The provider
 * refuses a token it has seen; the caller records ours too (singleUseKey), for an hour.
 */
async function verifyHosted(
  provider: "turnstile" | "hcaptcha",
  token: string,
  ip: string | null,
): Promise<CaptchaCheck> {
  if (token.length > 4096) return { ok: false, reason: "invalid" };
  const settings = config();
  const body = new URLSearchParams({ secret: settings.CAPTCHA_SECRET_KEY ?? "", response: token });
  if (ip) body.set("remoteip", ip);
  if (provider === "hcaptcha" && settings.CAPTCHA_SITE_KEY) body.set("sitekey", settings.CAPTCHA_SITE_KEY);
  let answer: SiteverifyAnswer;
  try {
    const response = await fetch(settings.CAPTCHA_VERIFY_URL ?? PROVIDER_VERIFY_URLS[provider], {
      method: "POST",
      body,
      signal: AbortSignal.timeout(settings.PROVIDER_TIMEOUT_MS),
    });
    if (!response.ok) {
      await response.body?.cancel().catch(() => undefined);
      return { ok: false, reason: "unavailable" };
    }
    answer = (await response.json()) as SiteverifyAnswer;
  } catch {
    return { ok: false, reason: "unavailable" };
  }
  // Not the provider's answer (a proxy's page, a bare string): no word either way.
  if (typeof answer !== "object" || answer === null || typeof answer.success !== "boolean")
    return { ok: false, reason: "unavailable" };
  if (!answer.success) {
    const codes = Array.isArray(answer["error-codes"]) ? answer["error-codes"].map(String) : [];
    if (codes.some((code) => CONFIGURATION_ERRORS.has(code))) {
      console.error(
        `captcha: ${provider} refused our keys (${codes.join(", ")}): check CAPTCHA_SITE_KEY and CAPTCHA_SECRET_KEY`,
      );
      return { ok: false, reason: "unavailable" };
    }
    if (codes.some((code) => REPLAY_ERRORS.has(code))) return { ok: false, reason: "replayed" };
    if (codes.some((code) => EXPIRY_ERRORS.has(code))) return { ok: false, reason: "expired" };
    return { ok: false, reason: "invalid" };
  }
  const hostname = typeof answer.hostname === "string" ? answer.hostname.toLowerCase() : null;
  if (!hostname || !settings.captchaHostnames.includes(hostname)) return { ok: false, reason: "wrong_host" };
  const digest = createHmac("sha256", "captcha").update(token).digest("hex");
  return { ok: true, singleUseKey: `${provider}:${digest}`, expiresAt: new Date(Date.now() + 3_600_000) };
}

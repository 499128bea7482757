import { type StandIn, startStandIn } from "./provider-stand-in";

/**
 * Cloudflare Turnstile's and hCaptcha's siteverify endpoint, played on 127.0.0.1: a form post of
 * secret, response (the token), remoteip (and sitekey for hCaptcha), answered with the provider's
 * JSON (success, challenge_ts, hostname, error-codes). Tests hand out tokens with `issue`, each
 * solved on a host name; a token is good once, then answered as the provider answers a replay.
 */

export type HostedProvider = "turnstile" | "hcaptcha";
export const CAPTCHA_TEST_SITE_KEY = "site-key-for-tests";
export const CAPTCHA_TEST_SECRET = "secret-key-for-tests";

const REPLAY_CODE: Record<HostedProvider, string> = {
  turnstile: "timeout-or-duplicate",
  hcaptcha: "already-seen-response",
};

export type SiteverifyStandIn = StandIn & {
  provider: HostedProvider;
  /** A token the widget would have put in the form, solved on `hostname`. */
  issue: (token: string, hostname?: string) => void;
  /** The posted fields of every siteverify call. */
  calls: () => Record<string, string>[];
};

export async function startSiteverifyStandIn(provider: HostedProvider): Promise<SiteverifyStandIn> {
  const issued = new Map<string, string>();
  const spent = new Set<string>();
  const stand = await startStandIn((request) => {
    const form = new URLSearchParams(request.body);
    const failure = (...codes: string[]) => ({ status: 200, body: { success: false, "error-codes": codes } });
    if (request.method !== "POST") return { status: 405, body: {} };
    if (!form.get("secret")) return failure("missing-input-secret");
    if (form.get("secret") !== CAPTCHA_TEST_SECRET) return failure("invalid-input-secret");
    if (provider === "hcaptcha" && form.get("sitekey") && form.get("sitekey") !== CAPTCHA_TEST_SITE_KEY)
      return failure("sitekey-secret-mismatch");
    const token = form.get("response");
    if (!token) return failure("missing-input-response");
    const hostname = issued.get(token);
    if (hostname === undefined) return failure("invalid-input-response");
    if (spent.has(token)) return failure(REPLAY_CODE[provider]);
    spent.add(token);
    const common = { success: true, challenge_ts: new Date().toISOString(), hostname };
    return {
      status: 200,
      body:
        provider === "turnstile"
          ? { ...common, "error-codes": [], action: "", cdata: "" }
          : { ...common, credit: false },
    };
  });
  const reset = stand.reset;
  return Object.assign(stand, {
    provider,
    issue: (token: string, hostname = "localhost") => {
      issued.set(token, hostname);
    },
    calls: () => stand.requests.map((r) => Object.fromEntries(new URLSearchParams(r.body))),
    reset: () => {
      reset();
      issued.clear();
      spent.clear();
    },
  });
}

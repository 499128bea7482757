import { describe, expect, test, vi } from "vitest";
import { resetConfigForTests } from "~/config.server";
import { setUpSiteverifyStandIn } from "../../../tests/support/captcha-test-env";
import {
  CAPTCHA_TEST_SECRET,
  CAPTCHA_TEST_SITE_KEY,
  type HostedProvider,
} from "../../../tests/support/stand-ins/captcha-siteverify";
import { captchaWidget, verifyCaptcha } from "./captcha.server";

// The hosted captchas (CAPTCHA_PROVIDER=turnstile or hcaptcha) against a local siteverify stand-in
// that answers as theirs does: success, failure codes, a token solved on another site, a slow
// provider, a replayed token.

describe.each(["turnstile", "hcaptcha"] as HostedProvider[])("%s", (provider) => {
  const siteverify = setUpSiteverifyStandIn(provider, { timeoutMs: 300 });

  test("a solved token passes once; the call carries our secret, the token and the visitor's address", async () => {
    siteverify().issue("token-good");
    const check = await verifyCaptcha("token-good", "203.0.113.5");
    expect(check).toMatchObject({
      ok: true,
      singleUseKey: expect.stringMatching(new RegExp(`^${provider}:[0-9a-f]{64}$`)),
    });
    expect(siteverify().calls()).toEqual([
      {
        secret: CAPTCHA_TEST_SECRET,
        response: "token-good",
        remoteip: "203.0.113.5",
        ...(provider === "hcaptcha" ? { sitekey: CAPTCHA_TEST_SITE_KEY } : {}),
      },
    ]);
  });

  test("a replayed token is refused (the provider has seen it)", async () => {
    siteverify().issue("token-once");
    expect((await verifyCaptcha("token-once", null)).ok).toBe(true);
    expect(await verifyCaptcha("token-once", null)).toEqual({ ok: false, reason: "replayed" });
  });

  test("an unknown token, no token, a token solved on another site: refused", async () => {
    expect(await verifyCaptcha("made-up", null)).toEqual({ ok: false, reason: "invalid" });
    expect(await verifyCaptcha("", null)).toEqual({ ok: false, reason: "missing" });
    siteverify().issue("token-elsewhere", "evil.example");
    expect(await verifyCaptcha("token-elsewhere", null)).toEqual({ ok: false, reason: "wrong_host" });
  });

  test("CAPTCHA_HOSTNAMES names the hosts a token may come from", async () => {
    process.env.CAPTCHA_HOSTNAMES = "forms.example.com, example.com";
    resetConfigForTests();
    try {
      siteverify().issue("token-a", "example.com");
      siteverify().issue("token-b", "localhost");
      expect((await verifyCaptcha("token-a", null)).ok).toBe(true);
      expect(await verifyCaptcha("token-b", null)).toEqual({ ok: false, reason: "wrong_host" });
    } finally {
      delete process.env.CAPTCHA_HOSTNAMES;
      resetConfigForTests();
    }
  });

  test("a provider that is slow, down or not answering JSON fails the check, without throwing", async () => {
    siteverify().issue("token-slow");
    siteverify().delayNext(1_000);
    const started = Date.now();
    expect(await verifyCaptcha("token-slow", null)).toEqual({ ok: false, reason: "unavailable" });
    expect(Date.now() - started).toBeLessThan(900);
    siteverify().failNext({ status: 502, body: "Bad gateway" });
    expect(await verifyCaptcha("token-slow", null)).toEqual({ ok: false, reason: "unavailable" });
    siteverify().failNext({ status: 200, body: "<html>" });
    expect(await verifyCaptcha("token-slow", null)).toEqual({ ok: false, reason: "unavailable" });
  });

  test("wrong keys: every visitor would fail, so the operator reads it in the log", async () => {
    process.env.CAPTCHA_SECRET_KEY = "not-our-secret";
    resetConfigForTests();
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    siteverify().issue("token-keys");
    expect(await verifyCaptcha("token-keys", null)).toEqual({ ok: false, reason: "unavailable" });
    expect(logged).toHaveBeenCalledWith(expect.stringMatching(/invalid-input-secret.*CAPTCHA_SECRET_KEY/));
  });

  test("the widget: the provider's script, its field and our site key", () => {
    expect(captchaWidget()).toMatchObject({
      provider,
      siteKey: CAPTCHA_TEST_SITE_KEY,
      field: provider === "turnstile" ? "cf-turnstile-response" : "h-captcha-response",
      scriptUrl:
        provider === "turnstile"
          ? "https://challenges.cloudflare.com/turnstile/v0/api.js"
          : "https://js.hcaptcha.com/1/api.js",
    });
  });
});

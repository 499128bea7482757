import { RouterContextProvider } from "react-router";
import { beforeEach, expect, test } from "vitest";
import { config } from "~/config.server";
import { clientIpContext } from "~/context.server";
import { CHALLENGES_PER_SUBMISSION, resetSubmissionRateForTests } from "~/domain/forms/submit-rate.server";
import { loader } from "./form-captcha-challenge";

// Issue 32 item 10: anyone may ask for an ALTCHA challenge, and each costs a key derivation: the
// challenges are limited per visitor address like the form's posts, with a 429 that says when to retry.

function ask(ip: string) {
  const context = new RouterContextProvider();
  context.set(clientIpContext, ip);
  const request = new Request("http://localhost:3000/forms/captcha/challenge");
  return loader({ request, params: {}, context } as never) as Promise<Response>;
}

beforeEach(() => resetSubmissionRateForTests());

test("one address gets its challenges a minute, then 429 with Retry-After; another address is not held up", async () => {
  const limit = CHALLENGES_PER_SUBMISSION * config().FORM_SUBMISSIONS_PER_MINUTE;
  for (let i = 0; i < limit; i++) {
    const answer = await ask("203.0.113.9");
    expect(answer.status).toBe(200);
    expect(await answer.json()).toMatchObject({
      parameters: expect.any(Object),
      signature: expect.any(String),
    });
  }

  for (let i = 0; i < 3; i++) {
    const refused = await ask("203.0.113.9");
    expect(refused.status).toBe(429);
    expect(refused.headers.get("Cache-Control")).toBe("no-store");
    const retryAfter = Number(refused.headers.get("Retry-After"));
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(await refused.json()).toEqual({ error: "Too many requests" });
  }

  expect((await ask("203.0.113.10")).status).toBe(200);
});

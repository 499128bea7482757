import { eq } from "drizzle-orm";
import { RouterContextProvider } from "react-router";
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { contacts } from "#db/schema";
import { config } from "~/config.server";
import { clientIpContext } from "~/context.server";
import { runApplySubmissionsJob } from "~/domain/forms/apply-submissions.server";
import { defaultFormDocument } from "~/domain/forms/form-document";
import { createForm, setPublished } from "~/domain/forms/forms.server";
import { clearPublicFormCache } from "~/domain/forms/public-form.server";
import { resetSubmissionRateForTests } from "~/domain/forms/submit-rate.server";
import { stopJobs } from "~/services/jobs/jobs.server";
import { setUpSiteverifyStandIn } from "../../../tests/support/captcha-test-env";
import {
  CAPTCHA_TEST_SITE_KEY,
  type HostedProvider,
} from "../../../tests/support/stand-ins/captcha-siteverify";
import { companyWithAdmin } from "../../../tests/support/team-factories";
import { describeEachDatabase } from "../../../tests/support/test-database";
import { action, loader } from "./public-form";

// The public form with a hosted captcha (CAPTCHA_PROVIDER=turnstile or hcaptcha): the page carries
// the provider's widget, script and our site key (and its policy lets them in); a submission is
// checked against the provider's siteverify (a local stand-in) and a token is good for one submission.

const FIELDS = { turnstile: "cf-turnstile-response", hcaptcha: "h-captcha-response" } as const;
const SCRIPTS = {
  turnstile: "https://challenges.cloudflare.com/turnstile/v0/api.js",
  hcaptcha: "https://js.hcaptcha.com/1/api.js",
} as const;

function context() {
  const provider = new RouterContextProvider();
  provider.set(clientIpContext, "203.0.113.5");
  return provider;
}

async function publishedForm() {
  const a = await companyWithAdmin("Acme Solar");
  const created = await createForm({ account: { id: a.account.id } }, defaultFormDocument());
  if (!created.ok) throw new Error("form");
  await setPublished({ account: { id: a.account.id } }, created.form.id, true);
  return { accountId: a.account.id, formId: created.form.id };
}

function post(formId: string, key: string, fields: Record<string, string>) {
  const request = new Request(`http://localhost:3000/contact-form-builder/m/${formId}`, {
    method: "POST",
    headers: { Accept: "application/json", "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ _key: key, ...fields }),
  });
  return action({ request, params: { id: formId }, context: context() } as never) as Promise<Response>;
}

const visitor = {
  "First Name": "Grace",
  "Last Name": "Hopper",
  "Phone No.": "(212) 555-0142",
  Email: "grace@example.com",
};

for (const provider of ["turnstile", "hcaptcha"] as HostedProvider[]) {
  describe(provider, () => {
    const siteverify = setUpSiteverifyStandIn(provider);
    beforeEach(() => {
      clearPublicFormCache();
      // Every test posts from one address: the per-address limit (20 a minute) is another test's.
      resetSubmissionRateForTests();
    });
    // A submission queues the apply job on this test's database: the queue goes with it.
    afterEach(() => stopJobs());

    describeEachDatabase(`the public form with ${provider}`, (getDb) => {
      test("the page shows the provider's widget with our site key, its script, and lets them in", async () => {
        const { formId } = await publishedForm();
        const request = new Request(`http://localhost:3000/contact-form-builder/m/${formId}`);
        const response = (await loader({
          request,
          params: { id: formId },
          context: context(),
        } as never)) as Response;
        expect(response.status).toBe(200);
        const html = await response.text();
        const widgetClass = provider === "turnstile" ? "cf-turnstile" : "h-captcha";
        expect(html).toContain(`<div class="${widgetClass}" data-sitekey="${CAPTCHA_TEST_SITE_KEY}"`);
        expect(html).toContain(`<script src="${SCRIPTS[provider]}" async defer></script>`);
        expect(html).toContain(`data-captcha-field="${FIELDS[provider]}"`);
        expect(html).not.toContain("altcha");
        const policy = response.headers.get("Content-Security-Policy") ?? "";
        const origin = new URL(SCRIPTS[provider]).origin.replace("js.", "");
        expect(policy).toMatch(new RegExp(`script-src 'self'[^;]*${origin.replace(/\./g, "\\.")}`));
        expect(policy).toMatch(/frame-src 'self' https:/);
      });

      test("a solved token submits once; the same token again, with a new page's key, is refused", async () => {
        const { formId } = await publishedForm();
        siteverify().issue("token-1");
        const first = await post(formId, "key-aaaaaaaaaaaaaaaa", {
          ...visitor,
          [FIELDS[provider]]: "token-1",
        });
        expect(first.status).toBe(200);
        expect(await first.json()).toMatchObject({ ok: true, replay: false });
        expect(siteverify().calls()[0]).toMatchObject({ response: "token-1", remoteip: "203.0.113.5" });

        const again = await post(formId, "key-bbbbbbbbbbbbbbbb", {
          ...visitor,
          [FIELDS[provider]]: "token-1",
        });
        expect(again.status).toBe(403);
        expect(await again.json()).toEqual({
          ok: false,
          message: "Captcha verification failed, refresh the page!",
        });

        // A provider that forgot the token (or answered twice) meets our own record of spent tokens.
        siteverify().reset();
        siteverify().issue("token-1");
        const forgotten = await post(formId, "key-cccccccccccccccc", {
          ...visitor,
          [FIELDS[provider]]: "token-1",
        });
        expect(forgotten.status).toBe(403);
        // Whatever was stored is applied: one visitor, one contact.
        expect(await runApplySubmissionsJob()).toBe(1);
        expect(
          await getDb().select().from(contacts).where(eq(contacts.email, "grace@example.com")),
        ).toHaveLength(1);
      });

      test("no token, a made-up one, or one solved on another site: refused, nothing stored", async () => {
        const { formId } = await publishedForm();
        siteverify().issue("token-elsewhere", "evil.example");
        for (const [key, token] of [
          ["key-dddddddddddddddd", ""],
          ["key-eeeeeeeeeeeeeeee", "made-up"],
          ["key-ffffffffffffffff", "token-elsewhere"],
        ] as const) {
          const answer = await post(formId, key, {
            ...visitor,
            ...(token ? { [FIELDS[provider]]: token } : {}),
          });
          expect(answer.status).toBe(403);
        }
        expect(await runApplySubmissionsJob()).toBe(0);
        expect(await getDb().select().from(contacts)).toEqual([]);
      });

      test("past FORM_SUBMISSIONS_PER_MINUTE posts from one address: 429 with Retry-After", async () => {
        const { formId } = await publishedForm();
        // Refused captchas count too: the limit comes before the captcha's check.
        for (let i = 0; i < config().FORM_SUBMISSIONS_PER_MINUTE; i++)
          expect((await post(formId, `key-${String(i).padStart(16, "0")}`, visitor)).status).toBe(403);
        const limited = await post(formId, "key-limitedlimitedlim", visitor);
        expect(limited.status).toBe(429);
        expect(Number(limited.headers.get("Retry-After"))).toBeGreaterThanOrEqual(1);
        expect(Number(limited.headers.get("Retry-After"))).toBeLessThanOrEqual(60);
        expect(await limited.json()).toMatchObject({ ok: false });
      });
    });
  });
}

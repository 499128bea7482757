import { randomBytes } from "node:crypto";
import { test as base, expect, type Page } from "@playwright/test";

/**
 * Shared pieces of the Playwright specs in tests/e2e: the seeded users, a login that goes through the
 * real login form's action, the /dev/outbox reader and fresh users with unique emails.
 */

export const DEMO_ACCOUNT_ID = "0f4c8b9e-2d3a-4c5b-8e6f-7a8b9c0d1e2f";

export const demo = { email: "demo@blusteam.dev", password: "demo-password-1" } as const;
export const platformAdmin = { email: "admin@blusteam.dev", password: "admin-password-1" } as const;
export const readOnlyAdmin = { email: "roadmin@blusteam.dev", password: "roadmin-password-1" } as const;
export const betaUser = { email: "beta@blusteam.dev", password: "beta-password-1" } as const;
// Must set a new password at first sign-in: only one test of a run may use it (password.spec.ts).
export const invitedUser = { email: "invited@blusteam.dev", password: "invited-password-1" } as const;

export type TestUser = { email: string; password: string; givenName: string; familyName: string };

/** An address no other test (or earlier run against the same database) uses. */
export function uniqueEmail(prefix = "u") {
  return `${prefix}-${Date.now()}-${randomBytes(4).toString("hex")}@example.com`;
}

/** A subdomain label that passes the configured patterns and is unique per call. */
export function uniqueSubdomain(prefix: string) {
  return `${prefix}-${Date.now().toString(36)}-${randomBytes(3).toString("hex")}`;
}

/** Letters only: first names must not contain digits (spec 1 section 5). */
export function newUserDetails(): TestUser {
  return {
    email: uniqueEmail(),
    password: `pw-${randomBytes(6).toString("hex")}`,
    givenName: "Test",
    familyName: "User",
  };
}

/**
 * Signs in through the login form's action. The POST answers with the session cookie and a
 * redirect; page.request shares the browser context's cookies, so the page is signed in too.
 */
export async function login(page: Page, user: { email: string; password: string }) {
  const response = await page.request.post("/login", {
    form: { email: user.email, password: user.password },
    maxRedirects: 0,
  });
  // A refused login answers 200 with the form's errors; a signed-in one goes to / (or /?requestid=).
  expect(response.status(), `login of ${user.email} should redirect`).toBe(302);
  expect(response.headers().location, `login of ${user.email} should start a session`).toMatch(/^\/(\?|$)/);
  return response.headers().location;
}

export type OutboxEmail = { subject: string; text: string; code: string | null; link: string | null };

/**
 * The newest email addressed to `email` on /dev/outbox (the page lists newest first). Read in a
 * second tab of the same context, so the caller's page keeps its state.
 */
export async function readLatestEmail(page: Page, email: string, subject?: RegExp): Promise<OutboxEmail> {
  const outbox = await page.context().newPage();
  try {
    let article = outbox.locator("article").filter({ hasText: `To: ${email} ` });
    if (subject) article = article.filter({ has: outbox.getByRole("heading", { name: subject }) });
    // The page shows the outbox as it was when loaded: reload until the email is there.
    await expect(async () => {
      await outbox.goto("/dev/outbox");
      await expect(article.first(), `an email to ${email} should be in the outbox`).toBeVisible({
        timeout: 1_000,
      });
    }).toPass({ timeout: 10_000 });
    const first = article.first();
    const heading = (await first.getByRole("heading").first().textContent()) ?? "";
    const text = (await first.locator("pre").textContent()) ?? "";
    return {
      subject: heading.trim(),
      text,
      code: text.match(/^(\d{6})$/m)?.[1] ?? null,
      link: text.match(/https?:\/\/\S+/)?.[0] ?? null,
    };
  } finally {
    await outbox.close();
  }
}

/** The 6-digit code of the newest email to `email`. */
export async function readLatestCode(page: Page, email: string, subject?: RegExp): Promise<string> {
  const message = await readLatestEmail(page, email, subject);
  expect(message.code, `the email to ${email} should carry a 6-digit code`).toMatch(/^\d{6}$/);
  return message.code!;
}

/** Signs up through the sign-up form's action (a browser context starts signed out). */
export async function signUp(page: Page, user: TestUser = newUserDetails()) {
  const response = await page.request.post("/signup", {
    form: {
      givenName: user.givenName,
      familyName: user.familyName,
      email: user.email,
      password: user.password,
      terms: "on",
    },
    maxRedirects: 0,
  });
  expect(response.status(), "sign-up should redirect to the confirmation").toBe(302);
  expect(response.headers().location).toMatch(/^\/confirm_sign_up/);
  return user;
}

/** A fresh, confirmed user with a unique email; still signed out. */
export async function signUpAndConfirm(page: Page, user: TestUser = newUserDetails()): Promise<TestUser> {
  await signUp(page, user);
  const code = await readLatestCode(page, user.email);
  const response = await page.request.post("/confirm_sign_up", {
    form: { intent: "confirm", email: user.email, code },
    maxRedirects: 0,
  });
  expect(response.status(), "confirmation should redirect to /signin").toBe(302);
  expect(response.headers().location).toBe("/signin");
  return user;
}

/** A fresh confirmed user, signed in (no company yet: their home is /setup). */
export async function signUpConfirmAndLogin(page: Page, user?: TestUser): Promise<TestUser> {
  const created = await signUpAndConfirm(page, user);
  await login(page, created);
  return created;
}

export type NewCompany = { company: string; url: string; link: string; chat: string };

export function newCompanyDetails(name = "Acme"): NewCompany {
  const suffix = randomBytes(3).toString("hex");
  return {
    company: `${name} ${suffix}`,
    url: `www.${name.toLowerCase()}-${suffix}.com`,
    link: uniqueSubdomain("links"),
    chat: uniqueSubdomain("chat"),
  };
}

/** Creates a company through the setup page's form (the signed-in user becomes its company admin). */
export async function createCompanyViaSetup(page: Page, company: NewCompany = newCompanyDetails()) {
  await page.goto("/setup");
  await page.getByRole("button", { name: "Continue" }).first().click();
  const modal = page.getByRole("dialog", { name: "Create New account" });
  await fillCompanyForm(modal, company);
  await modal.getByRole("button", { name: "Continue" }).click();
  await expect(page).toHaveURL(/\/$/);
  return company;
}

export async function fillCompanyForm(modal: ReturnType<Page["getByRole"]>, company: Partial<NewCompany>) {
  if (company.company !== undefined) await modal.getByLabel("Company Name").fill(company.company);
  if (company.url !== undefined) await modal.getByLabel("Company URL").fill(company.url);
  if (company.link !== undefined) await modal.getByLabel("Link Shortener Subdomain").fill(company.link);
  if (company.chat !== undefined) await modal.getByLabel("ChatStream Subdomain").fill(company.chat);
}

/** Accepts the terms-and-conditions modal a non-admin sees in a company that has not accepted yet. */
export async function acceptTerms(page: Page) {
  const modal = page.getByRole("dialog", { name: "Terms and Conditions" });
  await modal.getByRole("button", { name: "Accept" }).click();
  await expect(modal).toBeHidden();
}

/**
 * Clicks a form's submit button and waits for the action's answer, so a message that was already
 * on screen from the previous try cannot pass for this one.
 */
export async function submitAndWait(page: Page, button: ReturnType<Page["getByRole"]>) {
  const answered = page.waitForResponse((r) => r.request().method() === "POST");
  await button.click();
  return answered;
}

/** A Polaris toast with this text (not the visually hidden copy Polaris keeps for screen readers). */
export function toast(page: Page, text: string) {
  return page.locator(".Polaris-Frame-Toast").filter({ hasText: text });
}

// Forms answer refused input with 400 and unknown accounts with 404 on purpose; the browser logs
// those responses as console errors, which say nothing about the page's scripts.
const expectedHttpError = /^Failed to load resource: the server responded with a status of 4\d\d/;
// A test that navigates (page.goto) while React Router still revalidates aborts that fetch; the
// router then reports the abort as an unhandled rejection. The page is going away: not an app error.
const abortedByNavigation = "signal is aborted without reason";

/**
 * The specs' `test`: fails a test on an uncaught error in the page or a console.error (a React
 * hydration mismatch, a failed script), the way the Epic Stack does.
 */
export const test = base.extend<{ pageErrors: string[] }>({
  pageErrors: [
    async ({ page }, use) => {
      const errors: string[] = [];
      page.on("pageerror", (error) => {
        if (error.message !== abortedByNavigation) errors.push(`pageerror: ${error.message}`);
      });
      page.on("console", (message) => {
        if (message.type() === "error" && !expectedHttpError.test(message.text()))
          errors.push(`console.error: ${message.text()}`);
      });
      await use(errors);
      expect(errors, "the page should log no errors").toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };

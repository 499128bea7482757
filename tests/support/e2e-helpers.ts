import { randomBytes } from "node:crypto";
import { test as base, expect, type Page } from "@playwright/test";
import { writeFixture } from "./e2e-fixture";

/**
 * Shared pieces of the Playwright specs in tests/e2e: the seeded users, a login that goes through the
 * real login form's action, the /dev/outbox reader and fresh users with unique emails: written to the
 * database and signed in at once (signInNewUser, signInNewCompanyAdmin, the `loginAsNewUser` fixture), or
 * through the sign-up screens (signUp...) for the specs that test those.
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

/**
 * Signs `user` (a platform admin or RO Admin) in and opens the company `accountId` as `mode` ("View
 * As" on the admin pages), through the same POST the admin's button sends.
 */
export async function viewCompanyAs(
  page: Page,
  user: { email: string; password: string },
  accountId: string,
  mode: "admin" | "roadmin",
) {
  await login(page, user);
  const response = await page.request.post("/resources/view-as", {
    form: { accountId, mode },
    maxRedirects: 0,
  });
  expect(response.status(), `viewing ${accountId} as ${mode} should redirect`).toBe(302);
}

/** A spec's screenshot taker: full-page PNGs as `{dir}/{name}.png` (outside test-results, which runs clear). */
export const screenshotsIn = (dir: string) => (page: Page, name: string) =>
  page.screenshot({ path: `${dir}/${name}.png`, fullPage: true });

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

/** A fresh confirmed user, signed in through the sign-up screens' actions (no company yet: their home is /setup). */
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
 * A fresh confirmed user, signed in on `page`, with no company yet (their home is /setup). Written
 * straight to the database: for specs where signing up is not what is tested.
 */
export async function signInNewUser(page: Page, user: TestUser = newUserDetails()): Promise<TestUser> {
  await writeFixture(page, { user });
  return user;
}

/** A fresh confirmed user who is not signed in (for specs about the login form). */
export async function createConfirmedUser(page: Page, user: TestUser = newUserDetails()): Promise<TestUser> {
  await writeFixture(page, { user, signIn: false });
  return user;
}

/**
 * A fresh user, signed in on `page`, who created a company and (unless told otherwise) accepted its
 * terms: its only company admin. Written straight to the database, as if they had gone through
 * sign-up, /setup and the terms modal.
 */
export async function signInNewCompanyAdmin(
  page: Page,
  user: TestUser = newUserDetails(),
  company: NewCompany = newCompanyDetails(),
  options: { acceptTerms?: boolean } = {},
) {
  const { accountId } = await writeFixture(page, { user, company, acceptTerms: options.acceptTerms ?? true });
  return { user, company, accountId: accountId! };
}

type LoginOptions = { user?: TestUser; company?: NewCompany | false; acceptTerms?: boolean };

/**
 * The specs' `test`: fails a test on an uncaught error in the page or a console.error (a React
 * hydration mismatch, a failed script), the way the Epic Stack does. Its `loginAsNewUser` fixture (the
 * Epic Stack's `login`; `login` here is the sign-in through the form) signs the
 * test's page in as a fresh company admin (or, with `company: false`, a user with no company yet).
 */
export const test = base.extend<{
  pageErrors: string[];
  loginAsNewUser: (options?: LoginOptions) => Promise<{ user: TestUser; company: NewCompany | null }>;
}>({
  loginAsNewUser: async ({ page }, use) => {
    await use(async (options = {}) => {
      const user = options.user ?? newUserDetails();
      if (options.company === false) return { user: await signInNewUser(page, user), company: null };
      const created = await signInNewCompanyAdmin(
        page,
        user,
        options.company ?? newCompanyDetails(),
        options,
      );
      return { user, company: created.company };
    });
  },
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

// ─── Teams, settings and support (issue 3) ──────────────────────────────────────────────────────

type Browser = NonNullable<ReturnType<ReturnType<Page["context"]>["browser"]>>;

const connectionReset = /ECONNRESET|socket hang up/;

/**
 * page.request.post with a form, sent once more when the connection was reset before any answer.
 * Node's server drops a kept-alive connection after 5 idle seconds; a request that reuses it at
 * that very moment fails with "read ECONNRESET" without the server having read it.
 */
export async function postForm(
  page: Page,
  url: string,
  form: Record<string, string>,
  options: { maxRedirects?: number } = {},
) {
  for (let attempt = 1; ; attempt++) {
    try {
      return await page.request.post(url, { form, ...options });
    } catch (error) {
      if (attempt >= 2 || !connectionReset.test(String(error))) throw error;
    }
  }
}

/** Fresh user details with a name of one's own (letters only), so texts naming the user are unambiguous. */
export function namedUser(givenName: string, familyName: string): TestUser {
  return { ...newUserDetails(), givenName, familyName };
}

/** Collects a page's errors the way `test` does for `page`, for pages of extra browser contexts. */
export function watchPageErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on("pageerror", (error) => {
    if (error.message !== abortedByNavigation) errors.push(`pageerror: ${error.message}`);
  });
  page.on("console", (message) => {
    if (message.type() === "error" && !expectedHttpError.test(message.text()))
      errors.push(`console.error: ${message.text()}`);
  });
  return errors;
}

/** A page in a browser context of its own: another user with their own cookies, watched for errors. */
export async function newUserPage(browser: Browser, baseURL: string | undefined) {
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  const errors = watchPageErrors(page);
  return {
    page,
    close: async () => {
      await context.close();
      expect(errors, "the other user's page should log no errors").toEqual([]);
    },
  };
}

/** `test` plus `otherPage`: a second, signed-out browser context for two-user flows. */
export const twoUserTest = test.extend<{ otherPage: Page }>({
  otherPage: async ({ browser, baseURL }, use) => {
    const other = await newUserPage(browser, baseURL);
    await use(other.page);
    await other.close();
  },
});

/**
 * Opens a signed-in page and waits until its live-update stream (/resources/events) is connected.
 * The stream is opened by an effect, so the page is hydrated too: its buttons work.
 */
export async function gotoLive(page: Page, url: string) {
  const connected = page.waitForResponse(
    (r) => new URL(r.url()).pathname === "/resources/events" && r.status() === 200,
  );
  await page.goto(url);
  await connected;
}

export type SettingsTab = "personal" | "billing" | "organization" | "users";

/** Settings on a tab (and sub-tab), preselected through ?tab= and ?sub=, live and hydrated. */
export async function openSettings(page: Page, tab: SettingsTab, sub?: string) {
  await gotoLive(page, `/settings?${new URLSearchParams(sub ? { tab, sub } : { tab })}`);
  await expect(page.getByRole("tab", { selected: true }).first()).toBeVisible();
}

/** The Account menu's activator, and the menu opened from it. */
export function accountMenuButton(page: Page) {
  return page.getByRole("button", { name: "Account menu" });
}

/** The red dot on the avatar that says invitations are pending. */
export function invitationDot(page: Page) {
  return accountMenuButton(page).locator(".badge-dot");
}

/** Settings › Users › Invite a user: sends to `emails` and waits for the modal to close. */
export async function inviteViaSettings(page: Page, emails: string) {
  await openSettings(page, "users");
  await page.getByRole("button", { name: "Invite a user" }).click();
  const modal = page.getByRole("dialog", { name: "Invite a user" });
  await modal.getByLabel("Email addresses").fill(emails);
  await modal.getByRole("button", { name: "Send invite" }).click();
  await expect(toast(page, `Invitation sent to ${emails.toLowerCase()}.`)).toBeVisible();
  await expect(modal).toBeHidden();
}

/** Sends an invitation the way the invite form does, without the screen (for tests about something else). */
export async function inviteByRequest(page: Page, email: string) {
  const response = await postForm(page, "/resources/invitations", { intent: "invite", emails: email });
  expect(response.status(), `inviting ${email} should succeed`).toBe(200);
  expect(((await response.json()) as { outcome: { sent: string[] } }).outcome.sent).toEqual([email]);
}

/** The link of the newest invitation email to `email` (/?requestid={invite id}). */
export async function readInvitationLink(page: Page, email: string) {
  const message = await readLatestEmail(page, email, /invited you to join/);
  expect(message.link, "the invitation email should carry a link").toMatch(/\/\?requestid=[0-9a-f-]{36}$/);
  return message.link!;
}

/** The invite id a link carries. */
export function inviteIdOf(link: string) {
  return new URL(link).searchParams.get("requestid")!;
}

/** The admin invites `member` (signed in on memberPage), who follows the emailed link and joins. */
export async function joinCompanyByInvitation(adminPage: Page, memberPage: Page, member: { email: string }) {
  await inviteByRequest(adminPage, member.email);
  await memberPage.goto(await readInvitationLink(adminPage, member.email));
  await expect(memberPage).toHaveURL(/\/$/);
  await expect(toast(memberPage, "Joined organization successfully!")).toBeVisible();
}

/** The newest outbox email to `to` whose text contains `text` (for shared inboxes such as support's). */
export async function readEmailContaining(page: Page, to: string, text: string): Promise<OutboxEmail> {
  const outbox = await page.context().newPage();
  try {
    const article = outbox
      .locator("article")
      .filter({ hasText: `To: ${to} ` })
      .filter({ hasText: text });
    await expect(async () => {
      await outbox.goto("/dev/outbox");
      await expect(article.first(), `an email to ${to} with "${text}" should be in the outbox`).toBeVisible({
        timeout: 1_000,
      });
    }).toPass({ timeout: 10_000 });
    const first = article.first();
    const body = (await first.locator("pre").textContent()) ?? "";
    return {
      subject: ((await first.getByRole("heading").first().textContent()) ?? "").trim(),
      text: body,
      code: body.match(/^(\d{6})$/m)?.[1] ?? null,
      link: body.match(/https?:\/\/\S+/)?.[0] ?? null,
    };
  } finally {
    await outbox.close();
  }
}

type SettingsLoaderData = {
  user: { id: string; email: string };
  account: { id: string; company: string; url: string };
  apiKeys: { id: string; keyId: string; disabled: boolean }[];
  members: { userId: string; email: string; isCompanyAdmin: boolean }[];
  requests: { id: string; email: string }[];
  pendingInvitations: { id: string; email: string }[];
};

/**
 * The Settings screen's loader data as the page holds it. Ids of rows are not on screen, and a test
 * that forges requests with another company's ids needs them.
 */
export async function settingsData(page: Page): Promise<SettingsLoaderData> {
  // The router exists once the page has hydrated; a test may ask right after navigating.
  await page.waitForFunction(() => "__reactRouterDataRouter" in window);
  return page.evaluate(() => {
    const router = (
      window as unknown as { __reactRouterDataRouter: { state: { loaderData: Record<string, unknown> } } }
    ).__reactRouterDataRouter;
    return router.state.loaderData["routes/settings/settings"] as SettingsLoaderData;
  });
}

/**
 * Settings loads only the shown tab's data: this opens the Organization and Users tabs in turn and
 * merges what each loaded (secret keys; members, requests and invitations), as one screen's data.
 */
export async function settingsDataOfEveryTab(page: Page): Promise<SettingsLoaderData> {
  await openSettings(page, "organization");
  const organization = await settingsData(page);
  await openSettings(page, "users");
  const users = await settingsData(page);
  return { ...organization, ...users, apiKeys: organization.apiKeys };
}

/** The Account ID shown on Settings › Organization. */
export async function readAccountId(page: Page) {
  await openSettings(page, "organization");
  const id =
    (await page
      .locator("code")
      .filter({ hasText: /^[0-9a-f-]{36}$/ })
      .first()
      .textContent()) ?? "";
  expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
  return id;
}

/**
 * Opens the Account menu unless it is already open (it stays open across an in-app navigation).
 * Tries again while the page is still hydrating, when a click does nothing yet.
 */
export async function openAccountMenu(page: Page) {
  const button = accountMenuButton(page);
  await expect(async () => {
    if ((await button.getAttribute("aria-expanded")) !== "true") await button.click();
    await expect(button).toHaveAttribute("aria-expanded", "true", { timeout: 2_000 });
  }).toPass({ timeout: 15_000 });
}

/**
 * Records every toast the page shows from now on, however briefly, and returns a check for a text.
 * A row's action (remove, approve, cancel, delete) answers with a toast rendered inside that row,
 * and the row goes away as soon as the list reloads, taking its toast with it: `toast()` may miss it.
 */
export async function recordToasts(page: Page) {
  await page.evaluate(() => {
    const w = window as unknown as { e2eToasts: string[] };
    w.e2eToasts = [];
    const scan = () => {
      for (const element of document.querySelectorAll(".Polaris-Frame-Toast")) {
        const text = element.textContent?.trim();
        if (text && !w.e2eToasts.includes(text)) w.e2eToasts.push(text);
      }
    };
    new MutationObserver(scan).observe(document.body, {
      childList: true,
      subtree: true,
      characterData: true,
    });
  });
  return async (text: string) => {
    const shown = await page.evaluate(() => (window as unknown as { e2eToasts: string[] }).e2eToasts);
    return shown.some((t) => t.includes(text));
  };
}

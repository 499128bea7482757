import { expect, test } from "@playwright/test";
import { appProcesses } from "../support/app-processes";
import { toast } from "../support/e2e-helpers";
import {
  CAPTCHA_TEST_SECRET,
  CAPTCHA_TEST_SITE_KEY,
  type SiteverifyStandIn,
  startSiteverifyStandIn,
} from "../support/stand-ins/captcha-siteverify";

/**
 * The public form with Cloudflare Turnstile (CAPTCHA_PROVIDER=turnstile) in a real browser: a server
 * of its own (the e2e build, its own embedded database) verifies tokens against a local siteverify
 * stand-in; the browser's request for Turnstile's script gets a stand-in widget that puts a token in
 * the form, as the real one does once solved. A token submits once; sent again it is refused.
 */

const e2ePort = Number(process.env.E2E_PORT ?? 3100);
const buildDir = process.env.BUILD_DIR ?? (e2ePort === 3100 ? "build" : `build-e2e-${e2ePort}`);
const port = e2ePort + 24000;
const appUrl = `http://localhost:${port}`;
const TOKEN = "e2e-turnstile-token-1";

// Turnstile's api.js as far as the page needs it: the solved widget's hidden field, and reset().
const WIDGET_SCRIPT = `
for (const box of document.querySelectorAll(".cf-turnstile")) {
  const input = document.createElement("input");
  input.type = "hidden";
  input.name = "cf-turnstile-response";
  input.value = ${JSON.stringify(TOKEN)};
  box.dataset.rendered = box.dataset.sitekey;
  box.append(input);
}
window.turnstile = { reset() {} };
`;

test.describe.configure({ mode: "serial" });

let siteverify: SiteverifyStandIn;
let quiet = false;
const processes = appProcesses({ quiet: () => quiet });

test.beforeAll(async () => {
  test.setTimeout(120_000);
  siteverify = await startSiteverifyStandIn("turnstile");
  await processes.start("turnstile-web", "web", {
    NODE_ENV: "production",
    PORT: String(port),
    APP_URL: appUrl,
    BUILD_DIR: buildDir,
    CAPTCHA_PROVIDER: "turnstile",
    CAPTCHA_SITE_KEY: CAPTCHA_TEST_SITE_KEY,
    CAPTCHA_SECRET_KEY: CAPTCHA_TEST_SECRET,
    CAPTCHA_VERIFY_URL: `${siteverify.url}/siteverify`,
  });
});

test.afterAll(async () => {
  quiet = true;
  await processes.killAll();
  await siteverify?.close();
});

test("a Turnstile token submits the form once; the same token again is refused", async ({ page }) => {
  // The demo company's admin (seeded on a loopback APP_URL) saves and publishes a form.
  const login = await page.request.post(`${appUrl}/login`, {
    form: { email: "demo@blusteam.dev", password: "demo-password-1" },
    maxRedirects: 0,
  });
  expect(login.status()).toBe(302);
  await page.goto(`${appUrl}/contact-form/contact-form-builder`);
  await page.getByLabel("Form title", { exact: true }).fill("Turnstile sign-up");
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect(page).toHaveURL(/\?id=[0-9a-f-]{36}$/);
  const formId = new URL(page.url()).searchParams.get("id");
  await page.getByRole("switch", { name: "Publish" }).click();
  await page.getByRole("button", { name: "Yes", exact: true }).click();
  // The toast itself: while the confirmation closes, Polaris' dialog repeats it for screen readers.
  await expect(toast(page, "Form Published successfully!")).toBeVisible();

  await page.route("https://challenges.cloudflare.com/turnstile/v0/api.js", (route) =>
    route.fulfill({ contentType: "text/javascript", body: WIDGET_SCRIPT }),
  );
  siteverify.issue(TOKEN, "localhost");
  await page.goto(`${appUrl}/contact-form-builder/m/${formId}`);
  await expect(page.locator(`.cf-turnstile[data-rendered="${CAPTCHA_TEST_SITE_KEY}"]`)).toBeAttached();
  await expect(page.locator("altcha-widget")).toHaveCount(0);

  const fill = async (phone: string) => {
    await page.getByLabel("First Name").fill("Grace");
    await page.getByLabel("Last Name").fill("Hopper");
    await page.getByLabel("Phone No.").fill(phone);
    await page.getByRole("button", { name: "Send" }).click();
  };
  await fill("(212) 555-0142");
  await expect(page.getByRole("dialog", { name: "Form submmited successfully." })).toBeVisible();
  expect(siteverify.calls()).toEqual([
    expect.objectContaining({ secret: CAPTCHA_TEST_SECRET, response: TOKEN }),
  ]);
  await page.getByRole("dialog").getByRole("button").click();

  // The same token (the widget was not solved again): Turnstile says it has seen it.
  await fill("(212) 555-0143");
  await expect(page.getByText("Captcha verification failed, refresh the page!")).toBeVisible();
  expect(siteverify.calls()).toHaveLength(2);
});

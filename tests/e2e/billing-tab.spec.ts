import { chromium, type Page } from "@playwright/test";
import { seriousViolations } from "../support/axe";
import {
  expect,
  login,
  newUserPage,
  openSettings,
  platformAdmin,
  postForm,
  readOnlyAdmin,
  signInNewCompanyAdmin,
  test,
  viewCompanyAs,
  watchPageErrors,
} from "../support/e2e-helpers";

// Issue 12: Settings › Billing, /responsive-billingpage and the public /billingpage and /billingiframe.
// Spec 2 sections 2, 4, 6, 8 and 9; spec 1 sections 2 and 9; spec 3 section 9.

test.describe.configure({ timeout: 60_000 });

const SCREENS = "/tmp/billing-screens";

/** The desktop chooser (the cards below 768 px are rendered too, hidden). */
const slider = (page: Page) => page.locator(".billing-slider");
const cards = (page: Page) => page.locator(".billing-cards");
const chosenPlan = (page: Page) => slider(page).getByTestId("chosen-plan");

/** A platform admin sets the company's status (and plan, manual billing) as the Companies tab does. */
async function setStatus(
  browser: Parameters<typeof newUserPage>[0],
  baseURL: string | undefined,
  accountId: string,
  fields: { accountStatus: string; planId?: string; manualBilling?: boolean },
) {
  const admin = await newUserPage(browser, baseURL);
  await login(admin.page, platformAdmin);
  const tomorrow = new Date(Date.now() + 86_400_000).toISOString();
  const steps: Record<string, string>[] = fields.planId
    ? // A plan is chosen with LATE_START (spec 1 section 5); the company then becomes ACTIVE with it.
      [
        { accountStatus: "LATE_START", planId: fields.planId, lateStartAt: tomorrow },
        { accountStatus: fields.accountStatus },
      ]
    : [{ accountStatus: fields.accountStatus }];
  for (const step of steps) {
    const response = await postForm(admin.page, "/resources/admin/companies", {
      intent: "status",
      accountId,
      ...step,
      ...(fields.manualBilling ? { manualBilling: "on" } : {}),
    });
    expect(response.status(), `status ${step.accountStatus} should be saved`).toBe(200);
  }
  await admin.close();
}

test("a new company sees no plan and no statistics, and picks 5k on the slider", async ({ page }) => {
  await signInNewCompanyAdmin(page);
  await openSettings(page, "billing");
  await expect(page.getByText("No plan selected!", { exact: true })).toBeVisible();
  await expect(page.getByText("No statistics found!", { exact: true })).toBeVisible();
  await expect(page.getByRole("link", { name: "View more usage data" })).toHaveAttribute("href", "/");
  // The e2e server has Stripe (its stand-in): no "not configured" notice. That notice is tested
  // without keys in app/domain/billing/billing-tab.server.db.test.ts and the billing route's test.
  await expect(page.getByText(/Card billing is not configured on this server/)).toHaveCount(0);

  // The marks, and the cheapest tier first.
  for (const mark of ["1k", "2.5k", "5k", "10k", "25k", "50k", "100k+"])
    await expect(
      slider(page).locator(".billing-mark", { hasText: new RegExp(`^${mark.replace("+", "\\+")}$`) }),
    ).toBeVisible();
  await expect(chosenPlan(page)).toHaveText("Lite-1000-$199");

  // An arrow key moves one tier, though the marks are 8 or 9 positions apart.
  const range = slider(page).getByRole("slider", { name: "Messages per month" });
  await range.focus();
  await range.press("ArrowRight");
  await expect(chosenPlan(page)).toHaveText("Lite-2500-$399");
  await range.press("ArrowRight");
  await expect(chosenPlan(page)).toHaveText("Lite-5000-$699");
  await expect(range).toHaveValue("19");
  await expect(range).toHaveAttribute("aria-valuetext", "Lite-5000-$699");
  await expect(slider(page).getByText("$699 / month")).toBeVisible();
  await expect(slider(page).getByText("5,000 messages a month · 1,000 customers")).toBeVisible();
  const form = slider(page).locator('form[action="/resources/billing"]');
  await expect(form.locator('input[name="intent"]')).toHaveValue("select-plan");
  await expect(form.locator('input[name="planId"]')).toHaveValue("lite-5000");
  await expect(slider(page).getByRole("button", { name: "Select Plan" })).toBeEnabled();

  // A click on the track snaps to the nearest tier (25k sits at position 40 of 2..85).
  const box = (await range.boundingBox())!;
  await page.mouse.click(box.x + box.width * ((40 - 2) / 83), box.y + box.height / 2);
  await expect(chosenPlan(page)).toHaveText("Standard-25000-$2,499");
  await expect(range).toHaveValue("40");

  // The top tier is sold by a person.
  await range.press("End");
  await expect(chosenPlan(page)).toHaveText("Pro-100000-$5,999");
  await expect(slider(page).getByRole("link", { name: "Contact Sales" })).toHaveAttribute("href", "/support");

  // The cost table, up to 50,000.
  const costs = page.getByRole("table").filter({ hasText: "Associated" });
  await expect(costs.getByRole("row")).toHaveCount(7);
  await expect(costs.getByRole("row").filter({ hasText: "10,000" })).toContainText("$0.13");
  await expect(costs.getByRole("row").filter({ hasText: "10,000" })).toContainText("$0.26");
  await range.press("Home");
  await page.screenshot({ path: `${SCREENS}/billing-tab-desktop.png`, fullPage: true });
  expect(await seriousViolations(page)).toEqual([]);
});

test("below 768 px: the Lite, Standard and Pro cards with a radio choice of volume", async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 812 });
  await signInNewCompanyAdmin(page);
  await openSettings(page, "billing");
  // On a phone the sidebar is a drawer behind the menu button, so the tab gets the screen's width.
  await expect(page.getByRole("button", { name: "Open menu" })).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Main menu" })).toBeHidden();
  await expect(slider(page)).toBeHidden();
  for (const name of ["Lite", "Standard", "Pro"])
    await expect(cards(page).getByRole("heading", { name, exact: true })).toBeVisible();
  const lite = cards(page).getByRole("region", { name: "Lite" });
  await expect(lite.getByRole("radio")).toHaveCount(4);
  await lite.getByText("Lite-5000-$699", { exact: true }).click();
  await expect(lite.getByRole("radio", { name: "Lite-5000-$699" })).toBeChecked();
  await expect(lite.getByText("$699 / month", { exact: true })).toBeVisible();
  const pro = cards(page).getByRole("region", { name: "Pro" });
  await expect(pro.getByRole("link", { name: "Contact Sales" })).toHaveAttribute("href", "/support");
  await page.screenshot({ path: `${SCREENS}/billing-tab-mobile.png`, fullPage: true });
  expect(await seriousViolations(page)).toEqual([]);

  // The signed-in mobile chooser is the same cards on a page of its own.
  await page.goto("/responsive-billingpage");
  await expect(page.getByRole("heading", { name: "Billing", level: 1 })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Standard", exact: true })).toBeVisible();
  await expect(page.getByRole("radio", { name: "Standard-50000-$3,999" })).toBeVisible();
});

test("an RO Admin viewing a company sees every billing control disabled", async ({ page }) => {
  const { accountId } = await signInNewCompanyAdmin(page);
  await page.context().clearCookies();
  await viewCompanyAs(page, readOnlyAdmin, accountId, "roadmin");
  await openSettings(page, "billing");
  await expect(slider(page).getByRole("slider", { name: "Messages per month" })).toBeDisabled();
  const panel = page.getByRole("tabpanel");
  const buttons = panel.getByRole("button");
  expect(await buttons.count()).toBeGreaterThan(0);
  for (const button of await buttons.all()) await expect(button).toBeDisabled();
  await page.setViewportSize({ width: 375, height: 812 });
  for (const radio of await cards(page).getByRole("radio").all()) await expect(radio).toBeDisabled();
  for (const button of await cards(page).getByRole("button").all()) await expect(button).toBeDisabled();
  // Contact Sales is a button then, not a link to /support.
  await expect(cards(page).getByRole("link", { name: "Contact Sales" })).toHaveCount(0);
});

test("a member outside the admin group cannot pick a plan at or below the current one", async ({
  page,
  browser,
  baseURL,
}) => {
  const { accountId } = await signInNewCompanyAdmin(page);
  await setStatus(browser, baseURL, accountId, { accountStatus: "ACTIVE", planId: "lite-5000" });
  await openSettings(page, "billing");
  // ACTIVE with a known plan: the plan and this month's usage.
  await expect(page.getByText("No plan selected!", { exact: true })).toHaveCount(0);
  await expect(page.getByRole("table").filter({ hasText: "Overage SMS" }).getByRole("row")).toHaveCount(2);
  await expect(chosenPlan(page)).toHaveText("Lite-5000-$699");
  await expect(
    slider(page).getByText("Please reach out to Blusteam support team", { exact: true }),
  ).toBeVisible();
  await expect(slider(page).getByRole("button", { name: "Select Plan" })).toBeDisabled();
  await slider(page).getByRole("button", { name: "Select Plan" }).hover({ force: true });
  await expect(page.getByText("Connect Blusteam support to select this plan")).toBeVisible();
  await page.screenshot({ path: `${SCREENS}/billing-tab-with-plan.png`, fullPage: true });

  const range = slider(page).getByRole("slider", { name: "Messages per month" });
  await range.focus();
  await range.press("ArrowLeft");
  await expect(chosenPlan(page)).toHaveText("Lite-2500-$399");
  await expect(
    slider(page).getByText("Please reach out to Blusteam support team", { exact: true }),
  ).toBeVisible();
  await expect(slider(page).getByRole("button", { name: "Select Plan" })).toBeDisabled();
  await range.press("ArrowRight");
  await range.press("ArrowRight");
  await expect(chosenPlan(page)).toHaveText("Lite-10000-$1,299");
  await expect(slider(page).getByText("Please reach out to Blusteam support team")).toHaveCount(0);
  await expect(slider(page).getByRole("button", { name: "Select Plan" })).toBeEnabled();
});

test("manual billing shows only the placeholder with the billing support address", async ({
  page,
  browser,
  baseURL,
}) => {
  const { accountId } = await signInNewCompanyAdmin(page);
  await setStatus(browser, baseURL, accountId, { accountStatus: "ACTIVE", manualBilling: true });
  await openSettings(page, "billing");
  await expect(page.getByText(/Billing for this company is handled by our team/)).toBeVisible();
  await expect(page.getByRole("link", { name: "support@blusteam.dev" })).toHaveAttribute(
    "href",
    "mailto:support@blusteam.dev",
  );
  await expect(page.getByRole("slider")).toHaveCount(0);
  await expect(page.getByText("Select Plan")).toHaveCount(0);
});

test("/billingpage shows the plans and prices without signing in", async ({ page }) => {
  await page.goto("/billingpage");
  await expect(page).toHaveURL(/\/billingpage$/);
  await expect(page.getByRole("heading", { name: "Plans and pricing", level: 1 })).toBeVisible();
  const rows = page.getByRole("table").getByRole("row");
  await expect(rows).toHaveCount(8);
  const lite1000 = rows.filter({ hasText: "Lite-1000-$199" });
  await expect(lite1000).toContainText("Not offered");
  await expect(lite1000).toContainText("$0.60");
  const pro = rows.filter({ hasText: "Pro-100000-$5,999" });
  await expect(pro).toContainText("$57,590");
  await expect(pro).toContainText("20,000");
  await expect(rows.filter({ hasText: "Lite-2500-$399" })).toContainText("$3,830");
  await expect(page.getByRole("link", { name: "Create Account" })).toHaveAttribute("href", "/signup");
  await page.screenshot({ path: `${SCREENS}/billingpage.png`, fullPage: true });
  expect(await seriousViolations(page)).toEqual([]);

  // In French, with the prices in the French format (rendered alike on the server and in the browser).
  await page.goto("/billingpage?lng=fr");
  await expect(page.getByRole("heading", { name: "Forfaits et tarifs", level: 1 })).toBeVisible();
  await expect(page.getByRole("link", { name: "Créer un compte" })).toBeVisible();
  await expect(rows.filter({ hasText: "Lite-1000-$199" })).toContainText("Non proposé");
});

test("/billingiframe may be framed by any site; /billingpage and /settings may not", async ({
  page,
  baseURL,
}) => {
  const framable = await page.request.get("/billingiframe");
  expect(framable.status()).toBe(200);
  expect(framable.headers()["x-frame-options"]).toBeUndefined();
  expect(framable.headers()["content-security-policy"]).toContain("frame-ancestors *");
  await signInNewCompanyAdmin(page);
  for (const path of ["/billingpage", "/settings"]) {
    const response = await page.request.get(path, { maxRedirects: 0 });
    expect(response.status(), path).toBe(200);
    expect(response.headers()["x-frame-options"], path).toBe("DENY");
    expect(response.headers()["content-security-policy"], path).toContain("frame-ancestors 'none'");
  }

  // Another site's page (served by the test through page.route) shows it in a frame, and not
  // /billingpage. That page has no real address, so Chromium's local-network protection would stop
  // it from framing localhost whatever our headers say: this browser runs without it.
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: ["--no-sandbox", "--disable-gpu", "--disable-features=LocalNetworkAccessChecks"],
  });
  try {
    const other = await browser.newPage();
    const errors = watchPageErrors(other);
    const otherSite = "http://another-site.example/prices.html";
    await other.route(otherSite, (route) =>
      route.fulfill({
        contentType: "text/html",
        body: `<!doctype html><title>Another site</title>
          <iframe title="prices" width="900" height="600" src="${baseURL}/billingiframe"></iframe>
          <iframe title="page" width="900" height="300" src="${baseURL}/billingpage"></iframe>`,
      }),
    );
    await other.goto(otherSite);
    const frame = other.frameLocator('iframe[title="prices"]');
    await expect(frame.getByRole("heading", { name: "Plans and pricing" })).toBeVisible();
    // Its sign-up link leaves the frame.
    await expect(frame.getByRole("link", { name: "Create Account" })).toHaveAttribute("target", "_blank");
    await expect(
      other.frameLocator('iframe[title="page"]').getByRole("heading", { name: "Plans and pricing" }),
    ).toHaveCount(0);
    // The refused frame is the only error the page logs.
    expect(errors.filter((e) => !/X-Frame-Options|frame-ancestors/.test(e))).toEqual([]);
  } finally {
    await browser.close();
  }
});

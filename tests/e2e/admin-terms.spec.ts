import type { Page } from "@playwright/test";
import {
  acceptTerms,
  demo,
  expect,
  login,
  platformAdmin,
  readOnlyAdmin,
  signInNewCompanyAdmin,
  test,
  toast,
} from "../support/e2e-helpers";

// Spec 1 sections 2 (Admin page: Terms & Conditions), 4 (terms acceptance), 5 (terms/privacy link), 6.
// A new terms version makes every company accept again, so playwright.config.ts runs this file after
// all the others (the "terms-version" project, the teardown of the "chromium" one).

const SEEDED_TERMS = "/legal/terms-and-conditions.pdf";

async function openTermsTab(page: Page) {
  await page.goto("/admin?tab=terms");
  await expect(page.getByRole("heading", { name: "Current Terms and Conditions" })).toBeVisible();
}

async function saveTermsLink(page: Page, url: string) {
  await page.getByRole("button", { name: "Edit the Terms & Conditions link" }).click();
  const drawer = page.getByRole("dialog", { name: "Edit Company Details" });
  await drawer.getByLabel("Enter hosted link").fill(url);
  await drawer.getByRole("button", { name: "Save" }).click();
  await expect(toast(page, "Terms & Conditions link updated successfully")).toBeVisible();
  await expect(drawer).toBeHidden();
}

test("a new terms link reaches an open member's page at once, asking them to accept again", async ({
  page,
  browser,
}, testInfo) => {
  // Three browsers, sign-ups and live updates: more than the default 30 s on a busy machine.
  test.slow();
  // A member working in their own company, terms accepted, the app open in another browser.
  const memberContext = await browser.newContext();
  const member = await memberContext.newPage();
  await signInNewCompanyAdmin(member);
  await member.goto("/settings");
  await expect(member.getByRole("navigation", { name: "Main menu" })).toBeVisible();
  await expect(member.getByRole("dialog", { name: "Terms and Conditions" })).toHaveCount(0);

  await login(page, platformAdmin);
  await openTermsTab(page);
  const panel = page.getByRole("tabpanel");
  await expect(panel.getByRole("heading", { name: "Terms & Conditions" })).toBeVisible();
  await expect(panel.getByRole("heading", { name: "Privacy Policy" })).toBeVisible();
  await expect(panel.getByRole("link", { name: SEEDED_TERMS })).toBeVisible();
  await expect(panel.getByRole("link", { name: "/legal/privacy-policy.pdf" })).toBeVisible();
  await testInfo.attach("terms tab", {
    body: await page.screenshot({ fullPage: true }),
    contentType: "image/png",
  });

  // The drawer checks the link with the spec's messages.
  await page.getByRole("button", { name: "Edit the Terms & Conditions link" }).click();
  const drawer = page.getByRole("dialog", { name: "Edit Company Details" });
  const field = drawer.getByLabel("Enter hosted link");
  await expect(field).toHaveValue(SEEDED_TERMS);
  await testInfo.attach("edit drawer", { body: await page.screenshot(), contentType: "image/png" });
  await field.fill("");
  await drawer.getByRole("button", { name: "Save" }).click();
  await expect(
    drawer.getByText("Please enter hosted link of terms and conditions", { exact: true }),
  ).toBeVisible();
  await field.fill("terms dot pdf");
  await expect(drawer.getByText("Please enter valid URL", { exact: true })).toBeVisible();
  await drawer.getByRole("button", { name: "Cancel" }).click();
  await expect(drawer).toBeHidden();
  await expect(panel.getByRole("link", { name: SEEDED_TERMS })).toBeVisible();

  // Saving a new link is a new version: the member is asked again, live, without reloading.
  const newLink = `${SEEDED_TERMS}?v=${Date.now()}`;
  await saveTermsLink(page, newLink);
  await expect(panel.getByRole("link", { name: newLink })).toBeVisible();
  const modal = member.getByRole("dialog", { name: "Terms and Conditions" });
  await expect(modal).toBeVisible({ timeout: 15_000 });
  await expect(member).toHaveURL(/\/settings$/);
  await testInfo.attach("member asked again", { body: await member.screenshot(), contentType: "image/png" });
  await acceptTerms(member);
  await member.reload();
  await expect(member.getByRole("navigation", { name: "Main menu" })).toBeVisible();
  await expect(member.getByRole("dialog", { name: "Terms and Conditions" })).toHaveCount(0);
  await memberContext.close();

  // The audit log has the change.
  await page.goto("/admin?tab=audit");
  await expect(page.getByRole("row").filter({ hasText: "legal.update" }).first()).toContainText(newLink);

  // Put the seeded link back, and let Demo Co accept it, for later runs against the same server.
  await openTermsTab(page);
  await saveTermsLink(page, SEEDED_TERMS);
  const demoContext = await browser.newContext();
  const demoPage = await demoContext.newPage();
  await login(demoPage, demo);
  await demoPage.goto("/");
  await acceptTerms(demoPage);
  await demoContext.close();
});

test("a roadmin sees the links with disabled edit pens, and a forged POST gets 403", async ({ page }) => {
  await login(page, readOnlyAdmin);
  await openTermsTab(page);
  await expect(page.getByRole("button", { name: "Edit the Terms & Conditions link" })).toBeDisabled();
  await expect(page.getByRole("button", { name: "Edit the Privacy Policy link" })).toBeDisabled();

  const response = await page.request.post("/resources/admin/legal", {
    form: { intent: "update", kind: "terms", url: "https://evil.example.com/terms.pdf" },
    maxRedirects: 0,
  });
  expect(response.status()).toBe(403);
  await page.reload();
  await expect(page.getByRole("link", { name: "https://evil.example.com/terms.pdf" })).toHaveCount(0);
});

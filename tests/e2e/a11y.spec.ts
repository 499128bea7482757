import { seriousViolations } from "../support/axe";
import { demo, expect, login, test } from "../support/e2e-helpers";

// Accessibility: no serious or critical axe violations on the sign-in, sign-up and home screens.

test("/signin has no serious accessibility violations", async ({ page }) => {
  await page.goto("/signin");
  await expect(page.getByRole("heading", { name: "Login", level: 1 })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});

test("/signup has no serious accessibility violations", async ({ page }) => {
  await page.goto("/signup");
  await expect(page.getByRole("heading", { name: "Create Account", level: 1 })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});

test("/ (demo user) has no serious accessibility violations", async ({ page }) => {
  await login(page, demo);
  await page.goto("/");
  await expect(page.getByRole("navigation", { name: "Main menu" })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});

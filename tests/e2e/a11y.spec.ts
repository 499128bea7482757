import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { demo, expect, login, test } from "../support/e2e-helpers";

// Accessibility: no serious or critical axe violations on the sign-in, sign-up and home screens.

async function seriousViolations(page: Page) {
  const results = await new AxeBuilder({ page })
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"])
    .analyze();
  return results.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      targets: v.nodes.map((n) => n.target.join(" ")),
    }));
}

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

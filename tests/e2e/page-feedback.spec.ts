import type { Page } from "@playwright/test";
import {
  DEMO_ACCOUNT_ID,
  demo,
  expect,
  gotoLive,
  login,
  platformAdmin,
  test,
  viewCompanyAs,
} from "../support/e2e-helpers";

// Issue 20 item 5: every page has a title of its own ('Contacts · Blusteam'), 'Back to my profile'
// is named by its words, and the user's avatar initials are readable (4.5:1). Test now's result in a
// dialog is checked in touchpoints-test-now.spec.ts.

/** The product name the server runs with (PRODUCT_NAME), as the page carries it. */
async function productName(page: Page) {
  return (await page.locator("html").getAttribute("data-product")) ?? "Blusteam";
}

const signedInTitles: Array<[string, string]> = [
  ["/", "Analytics"],
  ["/touchpoints", "Touchpoints"],
  ["/touchpoints/workflow", "Workflow"],
  ["/product", "Products"],
  ["/product-mapping", "Product Mapping"],
  ["/contacts", "Contacts"],
  ["/contacts/create-contact", "Add contact"],
  ["/support", "Support"],
  ["/settings?tab=organization", "Settings"],
  ["/integration", "Integrations"],
  ["/responsive-billingpage", "Billing"],
];

test("each signed-in screen has its own document title", async ({ page }) => {
  // A dozen screens, on a machine shared with other runs.
  test.setTimeout(120_000);
  await login(page, demo);
  await page.goto("/");
  const product = await productName(page);
  for (const [path, title] of signedInTitles) {
    await page.goto(path);
    await expect(page, path).toHaveTitle(`${title} · ${product}`);
  }
  // A detail screen, reached from its list.
  await gotoLive(page, "/contacts");
  await page.locator('a[href^="/contacts/contact-detail?id="]').first().click();
  await expect(page).toHaveURL(/\/contacts\/contact-detail\?id=/);
  await expect(page).toHaveTitle(`Contact detail · ${product}`);

  // The title follows the app's own navigation too (no full page load).
  await gotoLive(page, "/contacts");
  await page.getByRole("navigation", { name: "Main menu" }).getByRole("link", { name: "Products" }).click();
  await expect(page).toHaveURL(/\/product$/);
  await expect(page).toHaveTitle(`Products · ${product}`);
});

test("public pages and the admin area have their own titles too", async ({ page }) => {
  await page.goto("/signin");
  const product = await productName(page);
  await expect(page).toHaveTitle(`Login · ${product}`);
  await page.goto("/signup");
  await expect(page).toHaveTitle(`Create Account · ${product}`);
  await page.goto("/forgot-password");
  await expect(page).toHaveTitle(`Forgot password · ${product}`);

  await login(page, platformAdmin);
  await page.goto("/admin?tab=users");
  await expect(page).toHaveTitle(`Admin · ${product}`);
});

test("'Back to my profile' has one accessible name, its own words", async ({ page }) => {
  await viewCompanyAs(page, platformAdmin, DEMO_ACCOUNT_ID, "admin");
  await gotoLive(page, "/contacts");
  await expect(page.getByText("Viewing as Admin")).toBeVisible();
  const back = page.getByRole("button", { name: "Back to my profile", exact: true });
  await expect(back).toHaveCount(1);
  await expect(back).toHaveAccessibleName("Back to my profile");
  await back.click();
  const confirm = page.getByRole("dialog").filter({ hasText: "Do you want to switch to your profile?" });
  await expect(confirm).toBeVisible();
  await confirm.getByRole("button", { name: "Yes" }).click();
  await expect(page.getByText("Viewing as Admin")).toHaveCount(0);
});

/** WCAG contrast of two CSS colours "rgb(r, g, b)" / "rgba(r, g, b, 1)". */
function contrast(a: string, b: string) {
  const luminance = (css: string) => {
    const [r, g, bl] = (css.match(/[\d.]+/g) ?? []).slice(0, 3).map((v) => {
      const c = Number(v) / 255;
      return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r + 0.7152 * g + 0.0722 * bl;
  };
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (light + 0.05) / (dark + 0.05);
}

/** The fill behind an avatar's initials and the initials' own colour. */
async function avatarColours(avatar: ReturnType<Page["locator"]>) {
  return avatar.evaluate((el) => ({
    background: getComputedStyle(el).backgroundColor,
    text: getComputedStyle(el.querySelector("text") as Element).fill,
  }));
}

test("the user's avatar initials meet 4.5:1 contrast, whatever colour the name picks", async ({ page }) => {
  await login(page, demo);
  await page.goto("/");
  const mine = await avatarColours(page.locator(".user-menu-activator .Polaris-Avatar"));
  expect(contrast(mine.background, mine.text), JSON.stringify(mine)).toBeGreaterThanOrEqual(4.5);

  // Polaris picks one of eight colours from the name: each of them, as the page's styles render it.
  const palette = await page.evaluate(() =>
    ["", "One", "Two", "Three", "Four", "Five", "Six", "Seven"].map((style) => {
      const avatar = document.createElement("span");
      avatar.className = `Polaris-Avatar Polaris-Avatar--sizeSm${style ? ` Polaris-Avatar--style${style}` : ""}`;
      avatar.innerHTML = '<svg viewBox="0 0 40 40"><text x="50%" y="50%" fill="currentColor">AB</text></svg>';
      document.body.append(avatar);
      const colours = {
        style: style || "default",
        background: getComputedStyle(avatar).backgroundColor,
        text: getComputedStyle(avatar.querySelector("text") as Element).fill,
      };
      avatar.remove();
      return colours;
    }),
  );
  for (const colours of palette)
    expect(contrast(colours.background, colours.text), JSON.stringify(colours)).toBeGreaterThanOrEqual(4.5);
});

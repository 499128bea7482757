import type { Page } from "@playwright/test";
import { seriousViolations } from "../support/axe";
import { betaUser, demo, expect, gotoLive, login, platformAdmin, test } from "../support/e2e-helpers";
import {
  expectDialogsFit,
  expectNoHorizontalOverflow,
  horizontalOverflow,
  PHONE_VIEWPORT,
} from "../support/overflow";

// Issue 20 item 4: every signed-in screen at 390 × 844 (this file runs in the "phone" project of
// playwright.config.ts): no page wider than the screen, no serious axe violation, the sidebar a drawer.
// Demo Co is seeded with products, a live journey and contacts, so lists and details have rows.

type Screen = {
  /** The URL, or how to find it (a detail screen's id is read from its list). */
  path: string | ((page: Page) => Promise<string>);
  user?: { email: string; password: string };
};

/** The first link on `list` whose href starts with `prefix`: a detail screen with data. */
function firstLink(list: string, prefix: string) {
  return async (page: Page) => {
    await page.goto(list);
    const link = page.locator(`a[href^="${prefix}"]`).first();
    await expect(link).toBeAttached();
    return (await link.getAttribute("href")) as string;
  };
}

/**
 * Every signed-in screen of app/routes.ts, keyed by a name for the test title. New screens: add a
 * line here (the user defaults to demo@blusteam.dev, a company admin of Demo Co).
 */
const phoneScreens: Record<string, Screen> = {
  home: { path: "/" },
  touchpoints: { path: "/touchpoints" },
  workflow: { path: "/touchpoints/workflow" },
  "touchpoint detail": { path: firstLink("/touchpoints", "/touchpoint-detail?id=") },
  products: { path: "/product" },
  "product detail": { path: firstLink("/product", "/product-detail?id=") },
  "product mapping": { path: "/product-mapping" },
  "product mapping, Tri-Tech": { path: "/product-mapping?tab=tritech" },
  contacts: { path: "/contacts" },
  "create contact": { path: "/contacts/create-contact" },
  "contact detail": { path: firstLink("/contacts", "/contacts/contact-detail?id=") },
  "contact form": { path: "/contact-form" },
  "contact form builder": { path: "/contact-form/contact-form-builder" },
  support: { path: "/support" },
  "settings, personal details": { path: "/settings?tab=personal&sub=details" },
  "settings, invitations": { path: "/settings?tab=personal&sub=invites" },
  "settings, billing": { path: "/settings?tab=billing" },
  "settings, organization": { path: "/settings?tab=organization" },
  "settings, user requests": { path: "/settings?tab=users&sub=requests" },
  "settings, current users": { path: "/settings?tab=users&sub=current" },
  "settings, pending invitations": { path: "/settings?tab=users&sub=pending" },
  "responsive billing page": { path: "/responsive-billingpage" },
  integrations: { path: "/integration" },
  "integration, Shopify": { path: "/integration?view=shopify" },
  "integration, Tri-Tech": { path: "/integration?view=tritech" },
  "integration, Tri-Tech events": { path: "/integration?view=tritech-events" },
  "integration, WhatsApp": { path: "/integration?view=whatsapp" },
  webchat: { path: "/webchat", user: betaUser },
  "webchat email templates": { path: "/webchat/email-templates", user: betaUser },
  "webchat branding": { path: "/webchat/branding", user: betaUser },
  "admin, companies": { path: "/admin?tab=companies", user: platformAdmin },
  "admin, users": { path: "/admin?tab=users", user: platformAdmin },
  "admin, terms": { path: "/admin?tab=terms", user: platformAdmin },
  "admin, audit": { path: "/admin?tab=audit", user: platformAdmin },
  "admin, overview": { path: "/admin?tab=overview", user: platformAdmin },
  "chat interface": { path: "/chat-interface", user: platformAdmin },
};

async function open(page: Page, screen: Screen) {
  await login(page, screen.user ?? demo);
  const path = typeof screen.path === "string" ? screen.path : await screen.path(page);
  // Hydrated and live: what a user sees once the page has settled.
  await gotoLive(page, path);
  await expect(page.locator(".shell-content")).toBeVisible();
  return path;
}

test.describe("390 × 844: no page is wider than the screen", () => {
  for (const [name, screen] of Object.entries(phoneScreens)) {
    test(name, async ({ page }) => {
      expect(page.viewportSize()).toEqual(PHONE_VIEWPORT);
      const path = await open(page, screen);
      await expectNoHorizontalOverflow(page, `${name} (${path})`);
      await page.screenshot({ path: `/tmp/phone-screens/${name.replaceAll(/[ ,]+/g, "-")}.png` });
    });
  }
});

test.describe("390 × 844: no serious accessibility violations", () => {
  for (const [name, screen] of Object.entries(phoneScreens)) {
    test(name, async ({ page }) => {
      await open(page, screen);
      expect(await seriousViolations(page)).toEqual([]);
    });
  }
});

test("the sidebar starts closed behind a menu button and opens over the page", async ({ page }) => {
  await login(page, demo);
  await gotoLive(page, "/contacts");
  const sidebar = page.getByRole("navigation", { name: "Main menu" });
  await expect(sidebar).toBeHidden();
  const content = await page.locator(".shell-content").boundingBox();
  expect(content?.x).toBeLessThan(20);

  await page.getByRole("button", { name: "Open menu" }).click();
  await expect(sidebar).toBeVisible();
  await expect(page.locator("header").getByRole("button", { name: "Close menu" })).toHaveAttribute(
    "aria-expanded",
    "true",
  );
  await expect(sidebar.getByRole("link", { name: "Contacts" })).toHaveAttribute("aria-current", "page");
  await page.screenshot({ path: "/tmp/phone-screens/menu-open.png" });
  await expectNoHorizontalOverflow(page, "the open menu");

  // Escape closes it; following a link closes it too.
  await page.keyboard.press("Escape");
  await expect(sidebar).toBeHidden();
  await page.getByRole("button", { name: "Open menu" }).click();
  await sidebar.getByRole("link", { name: "Products" }).click();
  await expect(page).toHaveURL(/\/product$/);
  await expect(sidebar).toBeHidden();
});

test("dialogs fit the phone: the account menu, Add Contact's drawer and Test now's contact picker", async ({
  page,
}) => {
  await login(page, demo);
  await gotoLive(page, "/contacts");
  await page.getByRole("button", { name: "Account menu" }).click();
  await expect(page.getByRole("menuitem", { name: "Log out" })).toBeVisible();
  await expectNoHorizontalOverflow(page, "the account menu");
  await page.keyboard.press("Escape");

  await page.getByRole("button", { name: "Add Contact" }).click();
  await expect(page.getByRole("dialog", { name: "Add Contact" })).toBeVisible();
  await expectDialogsFit(page);
  await expectNoHorizontalOverflow(page, "Add Contact's drawer");
  await page.screenshot({ path: "/tmp/phone-screens/add-contact-drawer.png" });

  await gotoLive(page, "/touchpoints");
  await page
    .getByRole("button", { name: /^Test now: / })
    .first()
    .click();
  await expect(page.getByRole("heading", { name: "Choose Contact" })).toBeVisible();
  await expectDialogsFit(page);
  await expectNoHorizontalOverflow(page, "Test now's contact picker");
  await page.screenshot({ path: "/tmp/phone-screens/test-now-picker.png" });
});

test("the admin's Add Company modal fits the phone", async ({ page }) => {
  await login(page, platformAdmin);
  await gotoLive(page, "/admin?tab=companies");
  await page.getByRole("button", { name: "Add Company" }).click();
  await expect(page.getByRole("heading", { name: "Add Company" })).toBeVisible();
  await expectDialogsFit(page);
  await expectNoHorizontalOverflow(page, "the Add Company modal");
  await page.screenshot({ path: "/tmp/phone-screens/admin-add-company.png" });
});

test("the overflow check names the element that makes a page too wide", async ({ page }) => {
  await login(page, demo);
  // Hydrated first: an element added while React still hydrates would be a mismatch (React error 418).
  await gotoLive(page, "/contacts");
  await page.locator(".shell-content").evaluate((content) => {
    const wide = document.createElement("div");
    wide.className = "too-wide";
    wide.style.width = "600px";
    wide.style.height = "10px";
    content.append(wide);
  });
  const found = await horizontalOverflow(page);
  expect(found.scrollWidth).toBeGreaterThan(found.innerWidth);
  expect(found.offenders.map((o) => o.element)).toEqual([expect.stringContaining("div.too-wide")]);
  // Inside a box that scrolls sideways (a table in its card), the same element is fine.
  await page.locator(".too-wide").evaluate((wide) => {
    const scroller = document.createElement("div");
    scroller.style.overflowX = "auto";
    wide.replaceWith(scroller);
    scroller.append(wide);
  });
  await expectNoHorizontalOverflow(page, "a wide element in a scrolling box");
});

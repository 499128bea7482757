import { expect, fillCompanyForm, gotoLive, newCompanyDetails, test, toast } from "../support/e2e-helpers";

// Spec 1 sections 2 (Setup page, application shell), 4 (terms acceptance, account status) and 5.

test.describe("Create New account form", () => {
  test.beforeEach(async ({ page, loginAsNewUser }) => {
    await loginAsNewUser({ company: false });
    await page.goto("/setup");
    await expect(page.getByRole("heading", { name: "Setup A New Company" })).toBeVisible();
    await page.getByRole("button", { name: "Continue" }).click();
    await expect(page.getByRole("dialog", { name: "Create New account" })).toBeVisible();
  });

  test("submitting it empty shows the four required messages", async ({ page }) => {
    const modal = page.getByRole("dialog", { name: "Create New account" });
    await modal.getByRole("button", { name: "Continue" }).click();
    for (const message of [
      "Please enter the name of your company",
      "Please enter the URL of your company",
      "Please enter Link Shortener Subdomain",
      "Please enter ChatStream Subdomain",
    ]) {
      await expect(modal.getByText(message, { exact: true })).toBeVisible();
    }
  });

  test("an apostrophe in the name and a URL without a domain are refused", async ({ page }) => {
    const modal = page.getByRole("dialog", { name: "Create New account" });
    await fillCompanyForm(modal, { company: "Joe's", url: "acme" });
    await modal.getByRole("button", { name: "Continue" }).click();
    await expect(modal.getByText("Please enter valid company name", { exact: true })).toBeVisible();
    await expect(modal.getByText("Please enter valid URL", { exact: true })).toBeVisible();
  });

  test("a subdomain failing every configured pattern shows every pattern's message", async ({ page }) => {
    const modal = page.getByRole("dialog", { name: "Create New account" });
    await fillCompanyForm(modal, { company: "Acme", url: "www.acme.com", link: "-A", chat: "fine-chat" });
    await modal.getByRole("button", { name: "Continue" }).click();
    for (const message of [
      "Only lowercase letters, digits and hyphens are allowed",
      "Must be between 3 and 63 characters long",
      "Cannot start or end with a hyphen",
    ]) {
      await expect(modal.getByText(message)).toBeVisible();
    }
    await expect(modal.getByText("Please enter Link Shortener Subdomain")).toBeHidden();
  });

  test("a subdomain another company uses is refused by the server", async ({ page }) => {
    const modal = page.getByRole("dialog", { name: "Create New account" });
    const company = newCompanyDetails();
    // demo-links belongs to Demo Co (db/seed.ts).
    await fillCompanyForm(modal, { ...company, link: "demo-links" });
    await modal.getByRole("button", { name: "Continue" }).click();
    await expect(
      modal.getByText("This subdomain is already used by another company", { exact: true }),
    ).toBeVisible();
    await expect(page).toHaveURL(/\/setup$/);
  });
});

test("creating a company opens the shell with its banner, terms modal and user menu", async ({
  page,
  loginAsNewUser,
}, testInfo) => {
  const { user } = await loginAsNewUser({ company: false });
  await page.goto("/setup");
  await expect(page.getByRole("heading", { name: "Join An Existing Company" })).toBeVisible();
  await testInfo.attach("setup page", {
    body: await page.screenshot({ fullPage: true }),
    contentType: "image/png",
  });

  await page.getByRole("button", { name: "Continue" }).click();
  const modal = page.getByRole("dialog", { name: "Create New account" });
  const company = newCompanyDetails();
  await fillCompanyForm(modal, company);
  await testInfo.attach("create company modal", { body: await page.screenshot(), contentType: "image/png" });
  await modal.getByRole("button", { name: "Continue" }).click();

  await expect(page).toHaveURL(/\/$/);
  await expect(toast(page, "Account created successfully!")).toBeVisible();

  const sidebar = page.getByRole("navigation", { name: "Main menu" });
  await expect(sidebar.getByRole("listitem")).toHaveText([
    "Analytics",
    "Touchpoints",
    "Products",
    "Contacts",
    "Forms",
    "Support",
    "Integrations",
  ]);
  await expect(
    page.getByText("Select a suitable plan & setup payment details to complete the signup process"),
  ).toBeVisible();

  // A new company has never accepted the terms, and its creator is no platform admin.
  const terms = page.getByRole("dialog", { name: "Terms and Conditions" });
  await expect(terms).toBeVisible();
  await testInfo.attach("terms modal", { body: await page.screenshot(), contentType: "image/png" });
  await terms.getByRole("button", { name: "Accept" }).click();
  await expect(terms).toBeHidden();
  await page.reload();
  await expect(sidebar).toBeVisible();
  await testInfo.attach("shell", {
    body: await page.screenshot({ fullPage: true }),
    contentType: "image/png",
  });

  // Opening the menu needs the hydrated page, and a modal's backdrop would block the click.
  const menuButton = page.getByRole("button", { name: "Account menu" });
  await menuButton.click();
  const menu = page.getByRole("menu");
  await expect(page.getByRole("dialog", { name: "Terms and Conditions" })).toHaveCount(0);
  await expect(menu.getByRole("menuitem", { name: "Settings" })).toBeVisible();
  await expect(menu.getByRole("menuitem", { name: "Log out" })).toBeVisible();
  await expect(menu.getByRole("menuitem", { name: "Admin" })).toHaveCount(0);
  await testInfo.attach("user menu", { body: await page.screenshot(), contentType: "image/png" });
  await expect(page.getByText(company.company, { exact: true })).toBeVisible();
  await expect(page.getByText(user.email, { exact: true })).toBeVisible();
});

test("the user menu switches the interface to French and back", async ({ page, loginAsNewUser }) => {
  await loginAsNewUser();
  await gotoLive(page, "/");

  await page.getByRole("button", { name: "Account menu" }).click();
  await page.getByLabel("Language").selectOption({ label: "Français" });

  const frenchSidebar = page.getByRole("navigation", { name: "Menu principal" });
  await expect(frenchSidebar.getByRole("listitem")).toHaveText([
    "Statistiques",
    "Points de contact",
    "Produits",
    "Contacts",
    "Formulaires",
    "Assistance",
    "Intégrations",
  ]);
  await expect(frenchSidebar.getByText("ChatStream")).toHaveCount(0);
  await expect(page.locator("html")).toHaveAttribute("lang", "fr");
  // The choice is remembered: a new page load is French too.
  await page.reload();
  await expect(frenchSidebar.getByRole("listitem").first()).toHaveText("Statistiques");

  await page.getByRole("button", { name: "Menu du compte" }).click();
  await expect(page.getByRole("menuitem", { name: "Paramètres" })).toBeVisible();
  await expect(page.getByRole("menuitem", { name: "Se déconnecter" })).toBeVisible();
  await page.getByLabel("Langue").selectOption({ label: "English" });
  const sidebar = page.getByRole("navigation", { name: "Main menu" });
  await expect(sidebar.getByRole("listitem").first()).toHaveText("Analytics");
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
});

test("Log out in the user menu ends the session and shows /signin", async ({ page, loginAsNewUser }) => {
  await loginAsNewUser();
  await gotoLive(page, "/");

  await page.getByRole("button", { name: "Account menu" }).click();
  await page.getByRole("menuitem", { name: "Log out" }).click();
  await expect(page).toHaveURL(/\/signin$/);
  await expect(page.getByRole("heading", { name: "Login", level: 1 })).toBeVisible();
  // The session is gone: the shell sends the visitor back to /signin.
  await page.goto("/");
  await expect(page).toHaveURL(/\/signin$/);
});

import { randomBytes } from "node:crypto";
import type { Browser, Page, TestInfo } from "@playwright/test";
import {
  expect,
  login,
  newUserDetails,
  openSettings,
  platformAdmin,
  readLatestCode,
  signInNewCompanyAdmin,
  type TestUser,
  test,
  toast,
  watchPageErrors,
} from "../support/e2e-helpers";
import { shopifyStandIn } from "../support/e2e-shopify";

// Issue 13, the install hand-off and store onboarding (spec 3 section 2.6; spec 1 sections 2 and 4):
// /shopify-install → Shopify's (the stand-in's) install page → /shopify-redirect → sign-in or sign-up
// → /unboxing-tour → link or create the organisation → pick products → the app. And the other paths:
// a store that belongs to another organisation (request access), and the admin's store lock.

test.describe.configure({ timeout: 120_000 });

/** A store of this test's own (the stand-in's shops are shared by every spec of a run). */
async function seedStore(name: string) {
  const domain = `onb-${randomBytes(4).toString("hex")}.myshopify.com`;
  await shopifyStandIn.seedShop({
    domain,
    name,
    email: `owner@${domain}`,
    products: [
      { title: "Glow Serum", productType: "Skin care" },
      { title: "Night Cream", productType: "skin care" },
      { title: "Canvas Tote", productType: "Bags" },
      { title: "Gift Card" },
    ],
  });
  return domain;
}

/** Polaris' AppProvider marks the document once React has hydrated it: its buttons work from then on. */
async function hydrated(page: Page) {
  await page.waitForFunction(() => document.documentElement.classList.contains("p-theme-light"));
}

/** On the tour, ready to be clicked. */
async function onTour(page: Page) {
  await expect(page).toHaveURL(/\/unboxing-tour$/);
  await hydrated(page);
}

async function shot(page: Page, testInfo: TestInfo, name: string) {
  await page.screenshot({ path: testInfo.outputPath(`${name}.png`), fullPage: true });
}

/** Opens the app from Shopify, presses Install on Shopify's page and waits for our answer. */
async function installFromShopify(page: Page, shop: string, storeName: string) {
  const appOrigin = new URL(page.url()).origin;
  await page.goto(await shopifyStandIn.installLink(shop, `${appOrigin}/shopify-install`));
  await expect(page.getByRole("heading", { name: `Install Blusteam on ${storeName}` })).toBeVisible();
  await page.getByRole("button", { name: "Install app" }).click();
}

async function signUpThroughScreens(page: Page, user: TestUser) {
  await page.getByRole("link", { name: "Create Account" }).click();
  await expect(page).toHaveURL(/\/signup$/);
  await page.getByLabel("First name").fill(user.givenName);
  await page.getByLabel("Last name").fill(user.familyName);
  await page.getByLabel("Email").fill(user.email);
  await page.getByLabel("Password").fill(user.password);
  await page.getByRole("checkbox", { name: /I agree to the/ }).check();
  await page.getByRole("button", { name: "Sign Up" }).click();
  await expect(page).toHaveURL(/\/confirm_sign_up$/);
  await page.getByLabel("Confirmation code").fill(await readLatestCode(page, user.email));
  await page.getByRole("button", { name: "Confirm", exact: true }).click();
  await expect(page).toHaveURL(/\/signin$/);
  await page.getByLabel("Email").fill(user.email);
  await page.getByLabel("Password").fill(user.password);
  await page.getByRole("button", { name: "Login", exact: true }).click();
}

async function pickProductsAndSubmit(page: Page, titles: string[]) {
  const welcome = page.getByRole("dialog", { name: "Welcome to the product" });
  await expect(welcome).toContainText(
    "You're in! Let's get you started with the best 5-star unboxing experiences for your customers.",
  );
  await welcome.getByRole("button", { name: "Continue" }).click();
  for (const title of titles) await page.getByRole("checkbox", { name: title }).check();
  await page.getByRole("button", { name: "Submit" }).click();
}

test("a new merchant installs, signs up, creates the organisation, picks products and reaches the app", async ({
  page,
}, testInfo) => {
  const storeName = "Glow Studio";
  const shop = await seedStore(storeName);
  await page.goto("/signin");
  await installFromShopify(page, shop, storeName);
  await expect(page).toHaveURL(/\/signin$/);
  await expect(page.getByText("Sign in or create an account to connect your Shopify store.")).toBeVisible();
  await signUpThroughScreens(page, newUserDetails());

  await onTour(page);
  await expect(
    page.getByRole("heading", { name: "Select organization to connect your Shopify store" }),
  ).toBeVisible();
  await expect(page.getByText("You don't belong to an organization yet.")).toBeVisible();
  await shot(page, testInfo, "2-link-store-empty");

  await page.getByRole("button", { name: "Create Organization" }).click();
  const create = page.getByRole("dialog", { name: "Create a new Organization" });
  await expect(create.getByLabel("Company Name")).toHaveValue(storeName);
  await expect(create.getByLabel("Company URL")).toHaveValue(shop);
  await create.getByLabel("Company Name").fill("Glow's Studio");
  await create.getByRole("button", { name: "Continue" }).click();
  await expect(create.getByText("Please enter valid company name")).toBeVisible();
  await shot(page, testInfo, "3-create-organization");
  await create.getByLabel("Company Name").fill(storeName);
  await create.getByRole("button", { name: "Continue" }).click();
  await expect(toast(page, "Organization created successfully!")).toBeVisible();

  await expect(page.getByRole("dialog", { name: "Welcome to the product" })).toBeVisible();
  await shot(page, testInfo, "4-stepper-welcome");
  await page.getByRole("dialog").getByRole("button", { name: "Continue" }).click();
  await expect(page.getByText(`Connected with ${storeName} Shopify store`)).toBeVisible();
  // Grouped by type whatever its case; a product without one is under Other.
  await expect(page.getByRole("region", { name: "Skin care" }).getByRole("checkbox")).toHaveCount(2);
  await expect(
    page.getByRole("region", { name: "Other" }).getByRole("checkbox", { name: "Gift Card" }),
  ).toBeVisible();
  await expect(page.getByRole("img", { name: "Glow Serum" })).toBeVisible();
  await page.getByPlaceholder("Search products").fill("CREAM");
  await expect(page.getByRole("checkbox")).toHaveCount(1);
  await page.getByRole("checkbox", { name: "Night Cream" }).check();
  // Emptied, the search shows every product again. With Debian's Chromium 156, Playwright's clear() on
  // this controlled field was undone in about half the runs, on the code before session 14 too (6 of 6
  // there), and the box showed no clear button though it held "CREAM": cleared again until it takes.
  // Left to look into: whether a merchant's own clearing can be lost the same way.
  await expect(async () => {
    await page.getByPlaceholder("Search products").clear();
    await expect(page.getByRole("checkbox")).toHaveCount(4, { timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
  await page.getByRole("checkbox", { name: "Canvas Tote" }).check();
  await expect(page.getByText("2 selected")).toBeVisible();
  await shot(page, testInfo, "5-stepper-products");
  await page.getByRole("button", { name: "Submit" }).click();

  const welcome = page.getByRole("dialog", { name: "Welcome to the product!" });
  await expect(welcome).toContainText("Let's review your brand new product journeys.");
  await shot(page, testInfo, "6-welcome");
  await welcome.getByRole("button", { name: "Continue" }).click();
  await expect(page).toHaveURL(/\/touchpoints$/);
  // Each picked product has its starter journey, paused until the merchant switches it live.
  for (const product of ["Canvas Tote", "Night Cream"]) {
    await expect(page.getByRole("heading", { name: product, level: 2 })).toBeVisible();
    await expect(page.getByText(`Product: ${product} · 1 touchpoint`)).toBeVisible();
  }
  await expect(page.getByRole("textbox", { name: "Message of Welcome" }).first()).toHaveValue(
    /thanks for buying/,
  );
  await shot(page, testInfo, "6b-touchpoints");

  // Finished: the tour has nothing more to show and sends the user to the app.
  await page.goto("/unboxing-tour");
  await expect(page).toHaveURL(/\/$/);
});

test("a signed-in company admin links the store to an existing organisation; Skip leaves it unlinked", async ({
  page,
}) => {
  const storeName = "Tote Corner";
  const shop = await seedStore(storeName);
  const { company } = await signInNewCompanyAdmin(page);
  await page.goto("/");

  await installFromShopify(page, shop, storeName);
  await onTour(page);
  await page.getByRole("button", { name: "Skip" }).click();
  await expect(page).toHaveURL(/\/$/);
  // Skipped: the store details are gone, so the tour has nothing to show.
  await page.goto("/unboxing-tour");
  await expect(page).toHaveURL(/\/$/);

  await installFromShopify(page, shop, storeName);
  await onTour(page);
  await page.getByRole("radio", { name: company.company }).check();
  await shot(page, test.info(), "2b-link-store-choices");
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(toast(page, `Your store is connected to ${company.company}.`)).toBeVisible();
  await expect(page.getByRole("dialog", { name: "Welcome to the product" })).toBeVisible();
  await pickProductsAndSubmit(page, ["Glow Serum"]);
  await expect(page.getByRole("dialog", { name: "Welcome to the product!" })).toBeVisible();
});

test("without JavaScript the callback page says it is checking, and Continue completes it", async ({
  browser,
  baseURL,
}, testInfo) => {
  const storeName = "Plain Goods";
  const shop = await seedStore(storeName);
  const context = await browser.newContext({ baseURL, javaScriptEnabled: false });
  try {
    const page = await context.newPage();
    await page.goto("/signin");
    await installFromShopify(page, shop, storeName);
    await expect(page).toHaveURL(/\/shopify-redirect\?.*code=/);
    await expect(page.locator("output")).toHaveText("Please wait. We’re checking!");
    await shot(page, testInfo, "1-redirect-checking");
    const callbackUrl = page.url();
    await page.getByRole("button", { name: "Continue" }).click();
    await expect(page).toHaveURL(/\/signin$/);
    await expect(page.getByText("Sign in or create an account to connect your Shopify store.")).toBeVisible();

    // Going back to the callback and posting it again is refused in words.
    await page.goto(callbackUrl);
    await page.getByRole("button", { name: "Continue" }).click();
    await expect(
      page.getByText(
        "This Shopify sign-in has already been used or has expired. Open the app again from your Shopify admin.",
      ),
    ).toBeVisible();
    await shot(page, testInfo, "1b-redirect-replayed");
  } finally {
    await context.close();
  }
});

async function newSignedInPage(browser: Browser, baseURL: string | undefined) {
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  return { page, errors: watchPageErrors(page), close: () => context.close() };
}

test("a store of another organisation: request access, then the owner's answer", async ({
  page,
  browser,
  baseURL,
}, testInfo) => {
  const storeName = "Boot Barn";
  const shop = await seedStore(storeName);
  const owner = await signInNewCompanyAdmin(page);
  await page.goto("/");
  await installFromShopify(page, shop, storeName);
  await onTour(page);
  await page.getByRole("radio", { name: owner.company.company }).check();
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page.getByRole("dialog", { name: "Welcome to the product" })).toBeVisible();

  const staff = await newSignedInPage(browser, baseURL);
  try {
    const { user: staffUser } = await signInNewCompanyAdmin(staff.page);
    await staff.page.goto("/");
    await installFromShopify(staff.page, shop, storeName);
    await onTour(staff.page);
    const card = staff.page.getByRole("heading", {
      name: "You are not authorized to access this organization!",
    });
    await expect(card).toBeVisible();
    await expect(staff.page.getByText(`Organization: ${owner.company.company}`)).toBeVisible();
    await expect(staff.page.getByText(`Store: ${storeName}`)).toBeVisible();
    await expect(staff.page.getByText("Please request admin to grant access.")).toBeVisible();
    await shot(staff.page, testInfo, "7-request-access");
    await staff.page.getByRole("button", { name: "Request Access" }).click();
    await expect(staff.page.getByText("Your request sent successfully!")).toBeVisible();
    await expect(
      staff.page.getByText("We will notify you via email once admin approves your request."),
    ).toBeVisible();
    await expect(
      staff.page.getByText("Want to create your own organization or join existing one?"),
    ).toBeVisible();
    await shot(staff.page, testInfo, "8-request-sent");

    // The owner declines in Settings › Users › User requests; the request page hears of it live.
    await openSettings(page, "users", "requests");
    await expect(page.getByText(staffUser.email, { exact: true })).toBeVisible();
    await page.getByRole("button", { name: "Decline" }).click();

    await expect(staff.page.getByText("Admin denied your request to join organization.")).toBeVisible();
    await expect(staff.page.getByText("Reach out to your admin staff for more details")).toBeVisible();
    await shot(staff.page, testInfo, "9-request-denied");
    expect(staff.errors).toEqual([]);
  } finally {
    await staff.close();
  }
});

test("the admin locks a store: its users see the thank-you until the admin unlocks it", async ({
  page,
  browser,
  baseURL,
}, testInfo) => {
  const storeName = "Lock Lane";
  const shop = await seedStore(storeName);
  const owner = await signInNewCompanyAdmin(page);
  await page.goto("/");
  await installFromShopify(page, shop, storeName);
  await onTour(page);
  await page.getByRole("radio", { name: owner.company.company }).check();
  await page.getByRole("button", { name: "Continue" }).click();
  await pickProductsAndSubmit(page, ["Canvas Tote"]);
  await expect(page.getByRole("dialog", { name: "Welcome to the product!" })).toBeVisible();

  const admin = await newSignedInPage(browser, baseURL);
  try {
    await login(admin.page, platformAdmin);
    const openCompany = async () => {
      await admin.page.goto(`/admin?tab=companies&q=${encodeURIComponent(owner.company.company)}`);
      await expect(admin.page.getByText(owner.accountId)).toBeVisible();
    };
    await openCompany();
    await admin.page.getByRole("button", { name: `${owner.company.company}: store unlocked. Lock` }).click();
    const lock = admin.page.getByRole("dialog", { name: "Sure you want to lock this account?" });
    await lock.getByRole("button", { name: "Lock" }).click();
    await expect(toast(admin.page, "Account locked.")).toBeVisible();

    // The company's users now see only the thank-you.
    await page.goto("/contacts");
    await onTour(page);
    await expect(
      page.getByRole("heading", {
        name: "Got it! Our team is building your product journeys for your approval.",
      }),
    ).toBeVisible();
    await shot(page, testInfo, "10-thank-you");

    await openCompany();
    await admin.page.getByRole("button", { name: `${owner.company.company}: store locked. Unlock` }).click();
    const unlock = admin.page.getByRole("dialog", { name: "Sure you want to unlock this account?" });
    await expect(unlock).toContainText(
      "Once you unlock, the customer will receive access to the platform as per plan selected",
    );
    await shot(admin.page, testInfo, "11-admin-unlock");
    await unlock.getByRole("button", { name: "Unlock" }).click();
    await expect(toast(admin.page, "Account unlocked.")).toBeVisible();

    // The thank-you hears of the unlock and moves on: the welcome pop-up, then the journeys.
    const welcome = page.getByRole("dialog", { name: "Welcome to the product!" });
    await expect(welcome).toBeVisible();
    await welcome.getByRole("button", { name: "Continue" }).click();
    await expect(page).toHaveURL(/\/touchpoints$/);
    expect(admin.errors).toEqual([]);
  } finally {
    await admin.close();
  }
});

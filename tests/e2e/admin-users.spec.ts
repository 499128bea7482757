import { randomBytes } from "node:crypto";
import type { Browser, Page } from "@playwright/test";
import {
  expect,
  login,
  newUserDetails,
  platformAdmin,
  readOnlyAdmin,
  signInNewCompanyAdmin,
  signUp,
  test,
  toast,
} from "../support/e2e-helpers";

// Spec 1 sections 2 (Admin page: Users; the 'Account Suspended' page; guarded behaviour), 6 and 8.

const SUSPENDED_TEXT = /^Sorry, Your account is suspended Please contact Blusteam admin at \S+@\S+$/;

/** A fresh user with a company of their own, signed in and working in the app in a context of its own. */
async function memberInOwnBrowser(browser: Browser) {
  const context = await browser.newContext();
  const page = await context.newPage();
  const { user, company } = await signInNewCompanyAdmin(page);
  return { context, page, user, company };
}

async function openUsersTab(page: Page) {
  await page.goto("/admin?tab=users");
  await expect(page.getByRole("heading", { name: "User Management" })).toBeVisible();
}

async function searchUsers(page: Page, type: string, text: string) {
  await page.getByRole("combobox", { name: "Search type" }).selectOption({ label: type });
  await page.getByRole("textbox", { name: "Search" }).fill(text);
  // The search is debounced, then kept in the URL.
  await expect(page).toHaveURL(new RegExp(`[?&]q=${encodeURIComponent(text).replace(/%20/g, "\\+")}`));
}

/** The table row whose Email cell is exactly this address. */
function rowOf(page: Page, user: { email: string }) {
  return page.getByRole("row").filter({ has: page.getByRole("cell", { name: user.email, exact: true }) });
}

test("an admin finds a user, suspends them (signed out at once), and restores them", async ({
  page,
  browser,
}, testInfo) => {
  // Three browsers, sign-ups and live updates: more than the default 30 s on a busy machine.
  test.slow();
  const member = await memberInOwnBrowser(browser);
  const { user } = member;
  await login(page, platformAdmin);
  await openUsersTab(page);
  await expect(page.getByRole("columnheader")).toHaveText([
    "Name",
    "Email",
    "Status",
    "Company",
    "Created At",
    "Actions",
  ]);

  await searchUsers(page, "Email", user.email.slice(0, 20));
  const row = rowOf(page, user);
  await expect(row).toHaveCount(1);
  await expect(row).toContainText(`${user.givenName} ${user.familyName}`);
  await expect(row).toContainText("Active");
  await expect(row.getByRole("button", { name: `Open ${member.company.company} as RO Admin` })).toBeVisible();

  await searchUsers(page, "Company", member.company.company.toUpperCase());
  await expect(page.getByRole("row")).toHaveCount(2);
  await expect(rowOf(page, user)).toBeVisible();
  await page.reload();
  await expect(page.getByRole("combobox", { name: "Search type" })).toHaveValue("company");
  await expect(page.getByRole("textbox", { name: "Search" })).toHaveValue(
    member.company.company.toUpperCase(),
  );
  await expect(rowOf(page, user)).toBeVisible();

  // Suspend, after a confirmation.
  await rowOf(page, user)
    .getByRole("button", { name: `Suspend ${user.email}` })
    .click();
  const confirm = page.getByRole("dialog");
  await expect(confirm).toContainText(
    `Are you sure you want to suspend ${user.givenName} ${user.familyName}`,
  );
  await testInfo.attach("suspend confirmation", { body: await page.screenshot(), contentType: "image/png" });
  await confirm.getByRole("button", { name: "Suspend" }).click();
  await expect(toast(page, "User suspended successfully")).toBeVisible();
  await expect(rowOf(page, user)).toContainText("Suspended");
  await testInfo.attach("users tab, a user suspended", {
    body: await page.screenshot(),
    contentType: "image/png",
  });

  // The member's sessions ended: their next navigation no longer shows the app.
  await member.page.goto("/settings");
  await expect(member.page).toHaveURL(/\/signin$/);

  // Signing in again shows only the 'Account Suspended' page; its Log out signs out everywhere.
  const second = await browser.newContext();
  const secondPage = await second.newPage();
  await login(secondPage, user);
  await secondPage.goto("/");
  await expect(secondPage).toHaveURL(/\/suspended$/);
  await login(member.page, user);
  await member.page.goto("/contacts");
  await expect(member.page).toHaveURL(/\/suspended$/);
  await expect(member.page.getByRole("heading", { name: "Account Suspended" })).toBeVisible();
  await expect(member.page.getByText(SUSPENDED_TEXT)).toBeVisible();
  await expect(member.page.getByRole("navigation", { name: "Main menu" })).toHaveCount(0);
  await testInfo.attach("suspended page", {
    body: await member.page.screenshot({ fullPage: true }),
    contentType: "image/png",
  });
  await member.page.getByRole("button", { name: "Log out" }).click();
  await expect(member.page).toHaveURL(/\/signin$/);
  await secondPage.goto("/suspended");
  await expect(secondPage).toHaveURL(/\/signin$/);
  await second.close();

  // Unsuspend restores access.
  await rowOf(page, user)
    .getByRole("button", { name: `Unsuspend ${user.email}` })
    .click();
  await page.getByRole("dialog").getByRole("button", { name: "Unsuspend" }).click();
  await expect(toast(page, "User unsuspended successfully")).toBeVisible();
  await expect(rowOf(page, user)).toContainText("Active");
  await login(member.page, user);
  await member.page.goto("/");
  await expect(member.page).toHaveURL(/\/$/);
  await expect(member.page.getByRole("navigation", { name: "Main menu" })).toBeVisible();
  await member.context.close();

  // Clicking a company opens it read-only.
  await rowOf(page, user)
    .getByRole("button", { name: `Open ${member.company.company} as RO Admin` })
    .click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByText("Viewing as RO Admin")).toBeVisible();
  await expect(page.locator(".view-as-chip")).toContainText(member.company.company);
});

test("sorting, paging with a page-size changer, statuses and the admin's own row", async ({
  page,
}, testInfo) => {
  // Eleven users whose emails share a prefix no other test uses: one more than a page of 10.
  const prefix = `pg${randomBytes(4).toString("hex")}`;
  const emails = Array.from({ length: 11 }, (_, i) => `${prefix}-${String(i).padStart(2, "0")}@example.com`);
  await Promise.all(emails.map((email) => signUp(page, { ...newUserDetails(), email })));
  await login(page, platformAdmin);
  await openUsersTab(page);
  await searchUsers(page, "Email", prefix);

  const dataRows = page.getByRole("row").filter({ hasText: prefix });
  await expect(dataRows).toHaveCount(10);
  await expect(dataRows.first()).toContainText("Unconfirmed");
  await expect(page.getByText("1–10 of 11 users", { exact: true })).toBeVisible();
  await expect(page.getByText("Page 1 of 2", { exact: true })).toBeVisible();
  await testInfo.attach("users tab, first of two pages", {
    body: await page.screenshot({ fullPage: true }),
    contentType: "image/png",
  });

  await page.getByRole("button", { name: "Email" }).click();
  await expect(page).toHaveURL(/sort=email&dir=desc/);
  await expect(dataRows.first()).toContainText(emails[10]);
  await page.getByRole("button", { name: "Email" }).click();
  await expect(page).toHaveURL(/sort=email&dir=asc/);
  await expect(dataRows.first()).toContainText(emails[0]);

  await page.getByRole("link", { name: "Next" }).click();
  await expect(page).toHaveURL(/page=2/);
  await expect(dataRows).toHaveCount(1);
  await expect(dataRows).toContainText(emails[10]);
  await expect(page.getByText("11–11 of 11 users", { exact: true })).toBeVisible();

  await page.getByRole("combobox", { name: "Users per page" }).selectOption("20");
  await expect(page).toHaveURL(/size=20/);
  await expect(dataRows).toHaveCount(11);
  // A single page: the page buttons are hidden, the size changer stays.
  await expect(page.getByText(/^Page \d+ of \d+$/)).toHaveCount(0);
  await expect(page.getByRole("combobox", { name: "Users per page" })).toBeVisible();

  await searchUsers(page, "Email", platformAdmin.email);
  await expect(
    rowOf(page, platformAdmin).getByRole("button", { name: `Suspend ${platformAdmin.email}` }),
  ).toBeDisabled();
  await expect(page.getByRole("combobox", { name: "Users per page" })).toHaveCount(0);
});

test("a roadmin sees the users but cannot suspend anyone; a forged POST gets 403", async ({ page }) => {
  await login(page, readOnlyAdmin);
  await openUsersTab(page);
  await searchUsers(page, "Email", platformAdmin.email);
  const row = rowOf(page, platformAdmin);
  await expect(row.getByRole("button", { name: `Suspend ${platformAdmin.email}` })).toBeDisabled();
  // IndexTable rows carry the user's id.
  const userId = await row.getAttribute("id");
  expect(userId).toBeTruthy();

  const forged: Record<string, string>[] = [
    { intent: "suspend", userId: userId! },
    { intent: "disable-company", accountId: "0f4c8b9e-2d3a-4c5b-8e6f-7a8b9c0d1e2f" },
  ];
  for (const form of forged) {
    const response = await page.request.post("/resources/admin/users", { form, maxRedirects: 0 });
    expect(response.status()).toBe(403);
  }
  await page.reload();
  await expect(rowOf(page, platformAdmin)).toContainText("Active");
});

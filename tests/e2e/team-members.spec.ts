import type { Page } from "@playwright/test";
import {
  expect,
  joinCompanyByInvitation,
  namedUser,
  openAccountMenu,
  openSettings,
  recordToasts,
  signInNewCompanyAdmin,
  signInNewUser,
  twoUserTest as test,
  toast,
} from "../support/e2e-helpers";

// Issue 3: leaving and removal, company admins. Spec 2 sections 2 (Settings › Organization,
// Users › Current users), 4 (Leaving an organization), 6 (the two confirmation texts) and 8.

test.describe.configure({ timeout: 90_000 });

/** A row of Settings › Users › Current users: the member's name, email, badge and buttons. */
function memberRow(page: Page, email: string) {
  return page
    .locator(".Polaris-InlineStack")
    .filter({ has: page.getByText(email, { exact: true }) })
    .filter({ has: page.getByRole("button", { name: `Remove ${email}` }) });
}

const LAST_ADMIN = "A company needs at least one company admin. Make another member a company admin first.";

test("a company admin removes a member, who loses the company on their next page", async ({
  page,
  otherPage,
}) => {
  const a = await signInNewCompanyAdmin(page, namedUser("Alice", "Admin"));
  // B's only company will be A's.
  const b = await signInNewUser(otherPage, namedUser("Bob", "Member"));
  await joinCompanyByInvitation(page, otherPage, b);

  await openSettings(page, "users", "current");
  await expect(page.getByText(b.email, { exact: true })).toBeVisible();
  await page.getByRole("button", { name: `Remove ${b.email}` }).click();
  const question = "Are you sure you want to remove Bob Member from your organization?";
  const confirm = page.getByRole("dialog").filter({ hasText: question });
  await expect(confirm.getByText(question, { exact: true })).toBeVisible();
  // No keeps the member.
  await confirm.getByRole("button", { name: "No", exact: true }).click();
  await expect(confirm).toBeHidden();
  await expect(page.getByText(b.email, { exact: true })).toBeVisible();

  const toastShown = await recordToasts(page);
  await page.getByRole("button", { name: `Remove ${b.email}` }).click();
  await confirm.getByRole("button", { name: "Yes", exact: true }).click();
  await expect(page.getByText(b.email, { exact: true })).toHaveCount(0);
  // Shown, if briefly: the toast lives in the removed row (see recordToasts).
  await expect.poll(() => toastShown("User removed from the organization.")).toBe(true);
  await expect(page.getByText(a.user.email, { exact: true })).toBeVisible();

  // B's next page: no company left, so /setup.
  await otherPage.goto("/settings");
  await expect(otherPage).toHaveURL(/\/setup$/);
  await expect(otherPage.getByRole("heading", { name: "Setup A New Company" })).toBeVisible();
});

test("a member leaves the organization and is switched to their other company", async ({
  page,
  otherPage,
}) => {
  const a = await signInNewCompanyAdmin(page, namedUser("Alice", "Admin"));
  const b = await signInNewCompanyAdmin(otherPage, namedUser("Bob", "Member"));
  await joinCompanyByInvitation(page, otherPage, b.user);
  await openSettings(page, "users", "current");
  await expect(page.getByText(b.user.email, { exact: true })).toBeVisible();

  await openSettings(otherPage, "organization");
  await expect(otherPage.getByRole("heading", { name: a.company.company })).toBeVisible();
  await otherPage.getByRole("button", { name: "Leave organization" }).click();
  const question = "Are you sure you want to leave this organization?";
  const confirm = otherPage.getByRole("dialog").filter({ hasText: question });
  await expect(confirm.getByText(question, { exact: true })).toBeVisible();
  await confirm.getByRole("button", { name: "Yes", exact: true }).click();

  await expect(otherPage).toHaveURL(/\/$/);
  await expect(toast(otherPage, "Left organization Successfully!")).toBeVisible();
  await openAccountMenu(otherPage);
  await expect(otherPage.getByText(b.company.company, { exact: true })).toBeVisible();
  await expect(otherPage.getByText(a.company.company, { exact: true })).toHaveCount(0);
  await expect(otherPage.getByText("Your Organizations")).toHaveCount(0);

  // A's open list loses B without a reload.
  await expect(page.getByText(b.user.email, { exact: true })).toHaveCount(0);
});

test("the last company admin cannot leave until another member is made company admin", async ({
  page,
  otherPage,
}) => {
  const a = await signInNewCompanyAdmin(page, namedUser("Alice", "Admin"));
  const b = await signInNewUser(otherPage, namedUser("Bob", "Member"));
  await joinCompanyByInvitation(page, otherPage, b);

  // Leaving as the only company admin is refused; A stays.
  await openSettings(page, "organization");
  const leave = async () => {
    await page.getByRole("button", { name: "Leave organization" }).click();
    const confirm = page
      .getByRole("dialog")
      .filter({ hasText: "Are you sure you want to leave this organization?" });
    await confirm.getByRole("button", { name: "Yes", exact: true }).click();
    await expect(confirm).toBeHidden();
  };
  await leave();
  await expect(toast(page, LAST_ADMIN)).toBeVisible();
  await expect(page).toHaveURL(/\/settings\?tab=organization$/);
  await expect(page.getByRole("heading", { name: a.company.company })).toBeVisible();

  // Nor can A unname themself.
  await openSettings(page, "users", "current");
  const aliceRow = memberRow(page, a.user.email);
  await expect(aliceRow.getByText("Company admin", { exact: true })).toBeVisible();
  await aliceRow.getByRole("button", { name: "Remove company admin" }).click();
  await expect(toast(page, LAST_ADMIN)).toBeVisible();

  // Name B, then A may go.
  const bobRow = memberRow(page, b.email);
  await bobRow.getByRole("button", { name: "Make company admin" }).click();
  await expect(toast(page, "Bob Member is now a company admin.")).toBeVisible();
  await expect(bobRow.getByText("Company admin", { exact: true })).toBeVisible();
  await expect(bobRow.getByRole("button", { name: "Remove company admin" })).toBeVisible();

  await openSettings(page, "organization");
  await leave();
  // A's only company is gone: setup.
  await expect(page).toHaveURL(/\/setup$/);
  await expect(toast(page, "Left organization Successfully!")).toBeVisible();

  // B, now the company admin, runs the company alone.
  await openSettings(otherPage, "users", "current");
  await expect(otherPage.getByText(b.email, { exact: true })).toBeVisible();
  await expect(otherPage.getByText(a.user.email, { exact: true })).toHaveCount(0);
  await expect(otherPage.getByRole("button", { name: "Invite a user" })).toBeEnabled();
});

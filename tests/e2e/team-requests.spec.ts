import {
  expect,
  gotoLive,
  namedUser,
  openAccountMenu,
  openSettings,
  readAccountId,
  readLatestEmail,
  recordToasts,
  signInNewCompanyAdmin,
  signInNewUser,
  twoUserTest as test,
} from "../support/e2e-helpers";

// Issue 3: access requests. Spec 1 sections 2 (Setup page, Team requests list) and 4 (access
// request); spec 2 sections 2 (Settings › Users › User requests) and 5 (Search).

test.describe.configure({ timeout: 90_000 });

/** B, signed in without a company, asks to join the company with this Account ID from /setup. */
async function requestAccess(page: import("@playwright/test").Page, accountId: string, company: string) {
  await gotoLive(page, "/setup");
  await page.getByRole("button", { name: "Request Access" }).click();
  const modal = page.getByRole("dialog", { name: "Request access" });
  await modal.getByLabel("Account ID").fill(accountId);
  await modal.getByRole("button", { name: "Request Access" }).click();
  await expect(page.getByRole("heading", { name: "Pending approval for request!" })).toBeVisible();
  await expect(page.getByText(`Request sent to ${company}`, { exact: true })).toBeVisible();
}

test("an approved request moves the requester's pending page into the company", async ({
  page,
  otherPage,
}) => {
  const a = await signInNewCompanyAdmin(page, namedUser("Alice", "Admin"));
  const accountId = await readAccountId(page);
  const b = await signInNewUser(otherPage, namedUser("Bob", "Asker"));
  await requestAccess(otherPage, accountId, a.company.company);

  await openSettings(page, "users", "requests");
  await expect(page.getByRole("tab", { name: "User requests", selected: true })).toBeVisible();
  await expect(page.getByRole("heading", { name: "User joining requests" })).toBeVisible();
  const search = page.getByPlaceholder("Search users");
  await expect(page.getByText(b.email, { exact: true })).toBeVisible();

  // The search is on email, case-insensitive.
  await search.fill(b.email.slice(0, 12).toUpperCase());
  await expect(page.getByText(b.email, { exact: true })).toBeVisible();
  await search.fill("nobody-like-this");
  await expect(page.getByText("No user requests found!", { exact: true })).toBeVisible();
  await expect(page.getByText(b.email, { exact: true })).toHaveCount(0);
  await search.fill("");
  await expect(page.getByText(b.email, { exact: true })).toBeVisible();

  const toastShown = await recordToasts(page);
  await page.getByRole("button", { name: "Approve" }).click();
  await expect.poll(() => toastShown("Request approved.")).toBe(true);
  await expect(page.getByText("No user requests found!", { exact: true })).toBeVisible();

  // B's pending page goes to / by itself: live, or at the latest on its 5-second poll.
  await expect(otherPage).toHaveURL(/\/$/, { timeout: 15_000 });
  await openAccountMenu(otherPage);
  await expect(otherPage.getByText(a.company.company, { exact: true })).toBeVisible();

  const email = await readLatestEmail(otherPage, b.email, /You can now use/);
  expect(email.subject).toBe(`You can now use ${a.company.company} on Blusteam`);
  expect(email.text).toContain(
    `An admin of ${a.company.company} approved your request to join the organization.`,
  );

  await page.getByRole("tab", { name: "Current users" }).click();
  await expect(page.getByText(b.email, { exact: true })).toBeVisible();
});

test("a declined request shows the setup page with the denial", async ({ page, otherPage }) => {
  const a = await signInNewCompanyAdmin(page, namedUser("Alice", "Admin"));
  const accountId = await readAccountId(page);
  const b = await signInNewUser(otherPage, namedUser("Bob", "Asker"));
  await requestAccess(otherPage, accountId, a.company.company);

  await openSettings(page, "users", "requests");
  await expect(page.getByText(b.email, { exact: true })).toBeVisible();
  const toastShown = await recordToasts(page);
  await page.getByRole("button", { name: "Decline" }).click();
  await expect.poll(() => toastShown("Request declined.")).toBe(true);
  await expect(page.getByText("No user requests found!", { exact: true })).toBeVisible();

  // Without a reload, B's page turns into the setup page with the denial.
  await expect(
    otherPage.getByText("Admin denied your request to join organization.", { exact: true }),
  ).toBeVisible({ timeout: 15_000 });
  await expect(
    otherPage.getByText("Reach out to your admin staff for more details", { exact: true }),
  ).toBeVisible();
  await expect(otherPage.getByRole("heading", { name: "Pending approval for request!" })).toHaveCount(0);
  await expect(otherPage.getByRole("heading", { name: "Join An Existing Company" })).toBeVisible();
  await expect(otherPage).toHaveURL(/\/setup$/);

  const email = await readLatestEmail(otherPage, b.email, /Your request to join/);
  expect(email.subject).toBe(`Your request to join ${a.company.company}`);
  expect(email.text).toContain("Admin denied your request to join organization");

  // Still without a company.
  await otherPage.goto("/");
  await expect(otherPage).toHaveURL(/\/setup$/);
});

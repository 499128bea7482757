import { DEMO_ACCOUNT_ID, expect, test, toast } from "../support/e2e-helpers";

// Spec 1 sections 2 (Setup page), 4 (access request) and 5 (request access validation).

const UNKNOWN_ACCOUNT_ID = "11111111-2222-4333-8444-555555555555";

test("the Request access form checks the Account ID", async ({ page, loginAsNewUser }) => {
  await loginAsNewUser({ company: false });
  await page.goto("/setup");
  await page.getByRole("button", { name: "Request Access" }).click();
  const modal = page.getByRole("dialog", { name: "Request access" });
  await expect(modal).toBeVisible();

  await modal.getByRole("button", { name: "Request Access" }).click();
  await expect(modal.getByText("Please enter the Account ID of your company", { exact: true })).toBeVisible();

  await modal.getByLabel("Account ID").fill("abc");
  await modal.getByRole("button", { name: "Request Access" }).click();
  await expect(modal.getByText("Please enter valid Account ID", { exact: true })).toBeVisible();

  await modal.getByLabel("Account ID").fill(UNKNOWN_ACCOUNT_ID);
  await modal.getByRole("button", { name: "Request Access" }).click();
  await expect(modal.getByText("The requested account does not exist.", { exact: true })).toBeVisible();
  await expect(page).toHaveURL(/\/setup$/);
  await expect(page.getByText("Pending approval for request!")).toHaveCount(0);
});

test("requesting access to Demo Co shows the pending page until a decision", async ({
  page,
  loginAsNewUser,
}) => {
  await loginAsNewUser({ company: false });
  await page.goto("/setup");
  await page.getByRole("button", { name: "Request Access" }).click();
  const modal = page.getByRole("dialog", { name: "Request access" });
  await modal.getByLabel("Account ID").fill(DEMO_ACCOUNT_ID);
  await modal.getByRole("button", { name: "Request Access" }).click();

  await expect(page.getByRole("heading", { name: "Pending approval for request!" })).toBeVisible();
  await expect(toast(page, "Your request has been submitted")).toBeVisible();
  await expect(page.getByText("Request sent to Demo Co")).toBeVisible();
  await expect(page.getByRole("button", { name: "Logout", exact: true })).toBeVisible();
  // The setup cards are gone while the request waits.
  await expect(page.getByRole("heading", { name: "Setup A New Company" })).toHaveCount(0);

  await page.reload();
  await expect(page.getByRole("heading", { name: "Pending approval for request!" })).toBeVisible();
  await expect(page).toHaveURL(/\/setup$/);

  // Still without a company: the shell sends the user back here.
  await page.goto("/");
  await expect(page).toHaveURL(/\/setup$/);
  await expect(page.getByRole("heading", { name: "Pending approval for request!" })).toBeVisible();

  await page.getByRole("button", { name: "Logout", exact: true }).click();
  await expect(page).toHaveURL(/\/signin$/);
});

test("a requestid link opens Request access prefilled; a short one is refused", async ({
  page,
  loginAsNewUser,
}) => {
  await loginAsNewUser({ company: false });

  await page.goto("/setup?requestid=short");
  await expect(toast(page, "Account id is not valid")).toBeVisible();
  await expect(page.getByRole("dialog", { name: "Request access" })).toHaveCount(0);

  await page.goto(`/setup?requestid=${DEMO_ACCOUNT_ID}`);
  const modal = page.getByRole("dialog", { name: "Request access" });
  await expect(modal).toBeVisible();
  await expect(modal.getByLabel("Account ID")).toHaveValue(DEMO_ACCOUNT_ID);
  await expect(toast(page, "Account id is not valid")).toHaveCount(0);
});

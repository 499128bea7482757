import {
  createConfirmedUser,
  expect,
  invitedUser,
  login,
  readLatestEmail,
  test,
  toast,
  twoUserTest,
} from "../support/e2e-helpers";

// Spec 1 section 4 (password reset, set new password) and section 5 (new password rules).

test("a user resets a forgotten password with the emailed code", async ({ page }) => {
  const user = await createConfirmedUser(page);
  const newPassword = `${user.password}-new`;

  await page.goto("/signin");
  await page.getByRole("link", { name: "Reset password" }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
  await page.getByLabel("Email").fill(user.email);
  await page.getByRole("button", { name: "Send Code" }).click();

  await expect(page).toHaveURL(/\/reset-password\?email=/);
  await expect(page.getByText(`Enter the code we emailed to ${user.email}`)).toBeVisible();
  const email = await readLatestEmail(page, user.email, /Reset your Blusteam password/);
  expect(email.code).toMatch(/^\d{6}$/);
  expect(email.link).toContain("/reset-password?");

  await page.getByLabel("Code").fill(email.code!);
  await page.getByLabel("New password").fill(newPassword);
  await page.getByRole("button", { name: "Submit" }).click();
  await expect(page).toHaveURL(/\/signin$/);
  await expect(page.getByText("Sign in with new account", { exact: true })).toBeVisible();

  await page.getByLabel("Email").fill(user.email);
  await page.getByLabel("Password").fill(user.password);
  await page.getByRole("button", { name: "Login", exact: true }).click();
  await expect(page.getByText("Incorrect username or password.")).toBeVisible();
  await expect(page).toHaveURL(/\/signin$/);

  await page.getByLabel("Password").fill(newPassword);
  await page.getByRole("button", { name: "Login", exact: true }).click();
  await expect(page).toHaveURL(/\/setup$/);
});

twoUserTest(
  "a password reset signs out every browser the user was signed in on",
  async ({ page, otherPage }) => {
    const user = await createConfirmedUser(page);
    await login(otherPage, user);
    await otherPage.goto("/setup");
    await expect(otherPage).toHaveURL(/\/setup$/);

    await page.goto("/forgot-password");
    await page.getByLabel("Email").fill(user.email);
    await page.getByRole("button", { name: "Send Code" }).click();
    await expect(page).toHaveURL(/\/reset-password\?email=/);
    const email = await readLatestEmail(page, user.email, /Reset your Blusteam password/);
    await page.getByLabel("Code").fill(email.code!);
    await page.getByLabel("New password").fill(`${user.password}-new`);
    await page.getByRole("button", { name: "Submit" }).click();
    await expect(page).toHaveURL(/\/signin$/);

    await otherPage.goto("/setup");
    await expect(otherPage).toHaveURL(/\/signin$/);
  },
);

// The seeded invited user changes its password here, so no other test may sign in with it.
test("an invited user must set a new password at first sign-in", async ({ page }) => {
  const newPassword = "invited-new-password-2";
  await page.goto("/signin");
  await page.getByLabel("Email").fill(invitedUser.email);
  await page.getByLabel("Password").fill(invitedUser.password);
  await page.getByRole("button", { name: "Login", exact: true }).click();
  await expect(page).toHaveURL(/\/set-new-password$/);
  await expect(page.getByRole("heading", { name: "Set new password", level: 1 })).toBeVisible();
  await expect(page.getByText("v1.503.0")).toBeVisible();

  await page.getByRole("button", { name: "Set New Password" }).click();
  await expect(page.getByText("Please enter your password!", { exact: true })).toBeVisible();
  await expect(page.getByText("Please confirm your password!", { exact: true })).toBeVisible();

  await page.getByLabel("Enter New Password").fill(newPassword);
  await page.getByLabel("Confirm New Password").fill(`${newPassword}x`);
  await page.getByRole("button", { name: "Set New Password" }).click();
  await expect(page.getByText("Password and Confirm Password are not same!", { exact: true })).toBeVisible();
  await expect(page).toHaveURL(/\/set-new-password$/);

  await page.getByLabel("Enter New Password").fill(newPassword);
  await page.getByLabel("Confirm New Password").fill(newPassword);
  await page.getByRole("button", { name: "Set New Password" }).click();
  await expect(page).toHaveURL(/\/signin$/);
  await expect(toast(page, "Login with new password.")).toBeVisible();

  await page.getByLabel("Email").fill(invitedUser.email);
  await page.getByLabel("Password").fill(invitedUser.password);
  await page.getByRole("button", { name: "Login", exact: true }).click();
  await expect(page.getByText("Incorrect username or password.")).toBeVisible();

  await page.getByLabel("Password").fill(newPassword);
  await page.getByRole("button", { name: "Login", exact: true }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole("navigation", { name: "Main menu" })).toBeVisible();
});

import {
  accountMenuButton,
  expect,
  gotoLive,
  login,
  namedUser,
  openSettings,
  signInNewCompanyAdmin,
  test,
  toast,
  twoUserTest,
} from "../support/e2e-helpers";

// Issue 3: Settings › Personal. Spec 2 sections 2 (Personal tab), 5 (Personal, Password reset) and 8.

test.describe.configure({ timeout: 60_000 });

test("My Details: names are required, saved, and shown in the user menu; the email is read-only", async ({
  page,
}) => {
  const { user } = await signInNewCompanyAdmin(page, namedUser("Carol", "Jones"));
  await openSettings(page, "personal");
  await expect(page.getByRole("tab", { name: "My Details", selected: true })).toBeVisible();
  const details = page.locator("form").filter({ has: page.getByRole("heading", { name: "My Details" }) });
  const firstName = details.getByLabel("First name");
  const lastName = details.getByLabel("Last name");
  await expect(firstName).toHaveValue("Carol");
  await expect(lastName).toHaveValue("Jones");

  const email = details.getByLabel("Email");
  await expect(email).toHaveValue(user.email);
  await expect(email).toHaveAttribute("readonly", "");
  await expect(email).not.toBeEditable();

  await firstName.fill("");
  await lastName.fill("   ");
  await details.getByRole("button", { name: "Save" }).click();
  await expect(details.getByText("Please input your first name!", { exact: true })).toBeVisible();
  await expect(details.getByText("Please input your last name!", { exact: true })).toBeVisible();

  await firstName.fill("Caroline");
  await lastName.fill("Smith");
  await details.getByRole("button", { name: "Save" }).click();
  await expect(toast(page, "User details updated successfully!")).toBeVisible();
  await expect(details.getByText("Please input your first name!", { exact: true })).toHaveCount(0);

  await page.reload();
  await expect(page.locator(".shell-user-name")).toHaveText("Caroline Smith");
  await expect(details.getByLabel("First name")).toHaveValue("Caroline");
});

test("Reset password: required fields, matching, the provider's message, then the new password signs in", async ({
  page,
}) => {
  const { user } = await signInNewCompanyAdmin(page);
  await openSettings(page, "personal", "details");
  const form = page.locator("form").filter({ has: page.getByRole("heading", { name: "Reset password" }) });
  const current = form.getByLabel("Current password");
  const next = form.getByLabel("New password", { exact: true });
  const confirm = form.getByLabel("Confirm new password");
  const submit = form.getByRole("button", { name: "Reset password" });

  await submit.click();
  await expect(form.getByText("This field can not be empty!", { exact: true })).toHaveCount(3);

  await current.fill(user.password);
  await next.fill("brand-new-pass-1");
  await confirm.fill("brand-new-pass-2");
  await submit.click();
  await expect(form.getByText("New Passwords must match!", { exact: true })).toBeVisible();
  await expect(form.getByText("This field can not be empty!", { exact: true })).toHaveCount(0);

  const newPassword = `pw2-${Date.now()}`;
  await current.fill("not-my-password");
  await next.fill(newPassword);
  await confirm.fill(newPassword);
  await submit.click();
  await expect(
    form.locator(".Polaris-Banner").getByText("Incorrect username or password.", { exact: true }),
  ).toBeVisible();

  await current.fill(user.password);
  await next.fill(newPassword);
  await confirm.fill(newPassword);
  await submit.click();
  await expect(toast(page, "Password updated successfully!")).toBeVisible();
  await expect(form.locator(".Polaris-Banner")).toHaveCount(0);
  await expect(current).toHaveValue("");

  // Signed out, the old password no longer works and the new one does.
  await page.context().clearCookies();
  await page.goto("/signin");
  await page.getByLabel("Email").fill(user.email);
  await page.getByLabel("Password").fill(user.password);
  await page.getByRole("button", { name: "Login" }).click();
  await expect(page.getByText("Incorrect username or password.", { exact: true })).toBeVisible();
  await page.getByLabel("Password").fill(newPassword);
  await page.getByRole("button", { name: "Login" }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(accountMenuButton(page)).toBeVisible();
});

twoUserTest(
  "Reset password signs the user out on every other browser; this one stays signed in",
  async ({ page, otherPage }) => {
    const { user } = await signInNewCompanyAdmin(page);
    await login(otherPage, user);
    await otherPage.goto("/settings");
    await expect(otherPage).toHaveURL(/\/settings/);

    await openSettings(page, "personal", "details");
    const form = page.locator("form").filter({ has: page.getByRole("heading", { name: "Reset password" }) });
    const newPassword = `pw2-${Date.now()}`;
    await form.getByLabel("Current password").fill(user.password);
    await form.getByLabel("New password", { exact: true }).fill(newPassword);
    await form.getByLabel("Confirm new password").fill(newPassword);
    await form.getByRole("button", { name: "Reset password" }).click();
    await expect(toast(page, "Password updated successfully!")).toBeVisible();

    await page.reload();
    await expect(page).toHaveURL(/\/settings/);
    await expect(accountMenuButton(page)).toBeVisible();
    await otherPage.goto("/settings");
    await expect(otherPage).toHaveURL(/\/signin$/);
  },
);

test("My Invite requests: empty, and each tab of Settings (screenshots)", async ({ page }, testInfo) => {
  await signInNewCompanyAdmin(page, namedUser("Erin", "Empty"));
  await openSettings(page, "personal", "invites");
  await expect(page.getByRole("tab", { name: "My Invite requests", selected: true })).toBeVisible();
  await expect(page.getByText("No invitations found!", { exact: true })).toBeVisible();

  const shot = async (name: string) =>
    testInfo.attach(name, {
      body: await page.screenshot({ path: testInfo.outputPath(`${name}.png`), fullPage: true }),
      contentType: "image/png",
    });
  await shot("settings-personal-invites");

  // Tabs and sub-tabs switch in place and keep the choice in the URL.
  await page.getByRole("tab", { name: "My Details" }).click();
  await expect(page.getByRole("heading", { name: "My Details" })).toBeVisible();
  await shot("settings-personal-details");

  await page.getByRole("tab", { name: "Billing" }).click();
  await expect(page).toHaveURL(/\?tab=billing$/);
  await expect(page.getByRole("tab", { name: "Billing", selected: true })).toBeVisible();
  await shot("settings-billing");

  await page.getByRole("tab", { name: "Organization" }).click();
  await expect(page).toHaveURL(/\?tab=organization$/);
  await expect(page.getByRole("heading", { name: "Secret keys" })).toBeVisible();
  await shot("settings-organization");

  await page.getByRole("tab", { name: "Users" }).click();
  await expect(page).toHaveURL(/\?tab=users$/);
  await expect(page.getByRole("heading", { name: "User joining requests" })).toBeVisible();
  await expect(page.getByText("No user requests found!", { exact: true })).toBeVisible();
  await shot("settings-users-requests");

  await page.getByRole("tab", { name: "Current users" }).click();
  await expect(page.getByText("Erin Empty (you)", { exact: true })).toBeVisible();
  await shot("settings-users-current");

  await page.getByRole("tab", { name: "Pending Invitations" }).click();
  await expect(page.getByText("No pending invitations found!", { exact: true })).toBeVisible();
  await shot("settings-users-pending");

  // ?tab= preselects a tab on a fresh load; an unknown one falls back to Personal.
  await gotoLive(page, "/settings?tab=organization");
  await expect(page.getByRole("tab", { name: "Organization", selected: true })).toBeVisible();
  await gotoLive(page, "/settings?tab=nonsense");
  await expect(page.getByRole("tab", { name: "Personal", selected: true })).toBeVisible();
});

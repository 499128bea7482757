import {
  createConfirmedUser,
  expect,
  readLatestCode,
  signUp,
  submitAndWait,
  test,
} from "../support/e2e-helpers";

// Throttling of the identity provider: 5 failed sign-ins per email, 5 wrong tries per code.

const ATTEMPT_LIMIT = "Attempt limit exceeded, please try after some time.";

test("after 5 wrong passwords even the right one is refused for a while", async ({ page }) => {
  const user = await createConfirmedUser(page);
  await page.goto("/signin");
  await page.getByLabel("Email").fill(user.email);
  for (let attempt = 1; attempt <= 5; attempt++) {
    await page.getByLabel("Password").fill(`wrong-password-${attempt}`);
    await submitAndWait(page, page.getByRole("button", { name: "Login", exact: true }));
    await expect(page.getByText("Incorrect username or password.")).toBeVisible();
  }

  await page.getByLabel("Password").fill(user.password);
  await page.getByRole("button", { name: "Login", exact: true }).click();
  await expect(page.getByText(ATTEMPT_LIMIT)).toBeVisible();
  await expect(page).toHaveURL(/\/signin$/);
  // No session was started.
  await page.goto("/setup");
  await expect(page).toHaveURL(/\/signin$/);
});

test("after 5 wrong confirmation codes the right code no longer confirms", async ({ page }) => {
  const user = await signUp(page);
  const code = await readLatestCode(page, user.email);
  const wrong = (n: number) => String((Number(code) + n) % 1_000_000).padStart(6, "0");

  await page.goto("/confirm_sign_up");
  await expect(page.getByLabel("Email")).toHaveValue(user.email);
  for (let attempt = 1; attempt <= 5; attempt++) {
    await page.getByLabel("Confirmation code").fill(wrong(attempt));
    await submitAndWait(page, page.getByRole("button", { name: "Confirm", exact: true }));
    await expect(page.getByText("Invalid verification code provided, please try again.")).toBeVisible();
  }

  await page.getByLabel("Confirmation code").fill(code);
  await page.getByRole("button", { name: "Confirm", exact: true }).click();
  await expect(page.getByText(ATTEMPT_LIMIT)).toBeVisible();
  await expect(page).toHaveURL(/\/confirm_sign_up$/);

  // Still unconfirmed: signing in goes back to the confirmation screen.
  await page.goto("/signin");
  await page.getByLabel("Email").fill(user.email);
  await page.getByLabel("Password").fill(user.password);
  await page.getByRole("button", { name: "Login", exact: true }).click();
  await expect(page).toHaveURL(/\/confirm_sign_up$/);
});

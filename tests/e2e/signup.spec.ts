import { expect, login, newUserDetails, readLatestEmail, signUp, test } from "../support/e2e-helpers";

// Spec 1 sections 2, 4 and 5: Create Account, Confirm Signup, then the first sign-in.

test.describe("sign-up form validation", () => {
  test.beforeEach(async ({ page }) => {
    await page.goto("/signup");
    await expect(page.getByRole("heading", { name: "Create Account", level: 1 })).toBeVisible();
  });

  test("submitting the empty form shows every required message", async ({ page }) => {
    await page.getByRole("button", { name: "Sign Up" }).click();
    for (const message of [
      "Please input your First Name!",
      "Please input your Last Name!",
      "Please input your Email!",
      "Please input your Password!",
      "Please agree with terms & conditions!",
    ]) {
      await expect(page.getByText(message, { exact: true })).toBeVisible();
    }
    await expect(page).toHaveURL(/\/signup$/);
  });

  test("an invalid email is refused with 'Please provide valid Email!'", async ({ page }) => {
    await page.getByLabel("Email").fill("not-an-email@nowhere");
    await page.getByRole("button", { name: "Sign Up" }).click();
    await expect(page.getByText("Please provide valid Email!", { exact: true })).toBeVisible();
    await expect(page.getByText("Please input your Email!", { exact: true })).toBeHidden();
  });

  test("a first name with a digit is refused", async ({ page }) => {
    await page.getByLabel("First name").fill("J0hn");
    await page.getByRole("button", { name: "Sign Up" }).click();
    await expect(
      page.getByText("symbol, number or whitespace are not allowed", { exact: true }),
    ).toBeVisible();
    await expect(page.getByText("Please input your First Name!", { exact: true })).toBeHidden();
  });

  test("a one-letter last name is refused with 'Please enter valid name'", async ({ page }) => {
    await page.getByLabel("First name").fill("Jo");
    await page.getByLabel("Last name").fill("X");
    await page.getByRole("button", { name: "Sign Up" }).click();
    await expect(page.getByText("Please enter valid name", { exact: true })).toHaveCount(1);
    await expect(page.getByText("Please input your Last Name!", { exact: true })).toBeHidden();
  });
});

test("a new user signs up, confirms with the emailed code and signs in to /setup", async ({ page }) => {
  const user = newUserDetails();
  await page.goto("/signup");
  await page.getByLabel("First name").fill(user.givenName);
  await page.getByLabel("Last name").fill(user.familyName);
  await page.getByLabel("Email").fill(user.email);
  await page.getByLabel("Password").fill(user.password);
  await page.getByRole("checkbox", { name: /I agree to the/ }).check();
  await page.getByRole("button", { name: "Sign Up" }).click();

  await expect(page).toHaveURL(/\/confirm_sign_up$/);
  await expect(page.getByRole("heading", { name: "Confirm Signup", level: 1 })).toBeVisible();
  await expect(page.getByLabel("Email")).toHaveValue(user.email);

  const email = await readLatestEmail(page, user.email);
  expect(email.subject).toBe("Your Blusteam confirmation code");
  expect(email.code).toMatch(/^\d{6}$/);
  const wrongCode = email.code === "000000" ? "111111" : "000000";

  await page.getByLabel("Confirmation code").fill(wrongCode);
  await page.getByRole("button", { name: "Confirm", exact: true }).click();
  await expect(page.getByText("Invalid verification code provided, please try again.")).toBeVisible();
  await expect(page).toHaveURL(/\/confirm_sign_up$/);

  await page.getByLabel("Confirmation code").fill(email.code!);
  await page.getByRole("button", { name: "Confirm", exact: true }).click();
  await expect(page).toHaveURL(/\/signin$/);
  await expect(page.getByText("Sign in with your new account")).toBeVisible();

  await page.getByLabel("Email").fill(user.email);
  await page.getByLabel("Password").fill(user.password);
  await page.getByRole("button", { name: "Login", exact: true }).click();
  await expect(page).toHaveURL(/\/setup$/);
  await expect(page.getByRole("heading", { name: "Setup A New Company" })).toBeVisible();
});

test("the emailed link opens the confirmation prefilled and confirms the account", async ({
  page,
  browser,
}) => {
  const user = await signUp(page);
  const email = await readLatestEmail(page, user.email);
  expect(email.link).toContain("/confirm_sign_up?");

  // A different browser (no session from the sign-up) follows the link, as from a mail client.
  const context = await browser.newContext();
  const mailClient = await context.newPage();
  try {
    const link = new URL(email.link!);
    expect(link.searchParams.get("confirmationcode")).toBe(email.code);
    expect(link.searchParams.get("email")).toBe(user.email);
    await mailClient.goto(email.link!);
    await expect(mailClient.getByRole("heading", { name: "Confirm Signup", level: 1 })).toBeVisible();
    await expect(mailClient.getByLabel("Email")).toHaveValue(user.email);
    await expect(mailClient.getByLabel("Confirmation code")).toHaveValue(email.code!);
    await mailClient.getByRole("button", { name: "Confirm", exact: true }).click();
    await expect(mailClient).toHaveURL(/\/signin$/);
    await expect(mailClient.getByText("Sign in with your new account")).toBeVisible();
  } finally {
    await context.close();
  }

  // The account is confirmed: signing in now starts a session and lands on /setup.
  expect(await login(page, user)).toBe("/");
  await page.goto("/");
  await expect(page).toHaveURL(/\/setup$/);
});

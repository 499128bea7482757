import {
  createConfirmedUser,
  expect,
  readLatestCode,
  signUp,
  submitAndWait,
  test,
} from "../support/e2e-helpers";

// Throttling of the identity provider: wrong passwords make the same browser wait a growing number
// of seconds (never a lockout of the account), 5 wrong tries per code.

const ATTEMPT_LIMIT = "Attempt limit exceeded, please try after some time.";
const WAIT = /Too many failed sign-in attempts\. Please try again in (\d+) seconds?\./;

test("wrong passwords make the next try wait a growing number of seconds, then the right one signs in", async ({
  page,
}) => {
  // The waits are real seconds, and on a busy machine each try takes a while.
  test.setTimeout(120_000);
  const user = await createConfirmedUser(page);
  await page.goto("/signin");
  await page.getByLabel("Email").fill(user.email);
  const loginButton = page.getByRole("button", { name: "Login", exact: true });
  for (let attempt = 1; attempt <= 3; attempt++) {
    await page.getByLabel("Password").fill(`wrong-password-${attempt}`);
    await submitAndWait(page, loginButton);
    await expect(page.getByText("Incorrect username or password.")).toBeVisible();
  }

  // Further wrong tries are either checked (and refused) or told to wait; the wait doubles each time.
  // (The banner is read right after each answer, so it may show the answer before; the loop allows it.)
  const waitMessage = page.getByText(WAIT);
  let waitSeconds = 0;
  for (let attempt = 4; attempt <= 10 && waitSeconds < 2; attempt++) {
    await page.getByLabel("Password").fill(`wrong-password-${attempt}`);
    await submitAndWait(page, loginButton);
    if (await waitMessage.isVisible()) {
      waitSeconds = Number(WAIT.exec((await waitMessage.textContent()) ?? "")?.[1]);
      // A try made before the wait is over only repeats the wait: sit it out, so the next wrong try
      // counts and doubles it (a fast machine would otherwise keep reading "1 second").
      if (waitSeconds < 2) await page.waitForTimeout(waitSeconds * 1000 + 250);
    }
  }
  expect(waitSeconds).toBeGreaterThanOrEqual(2);
  await expect(page).toHaveURL(/\/signin$/);

  // Not locked out: once the wait is over the right password signs in. A try made too early is only
  // told to wait again, without making the wait longer.
  await page.waitForTimeout(waitSeconds * 1000);
  for (let attempt = 1; attempt <= 20 && /\/signin$/.test(page.url()); attempt++) {
    await page.getByLabel("Password").fill(user.password);
    await submitAndWait(page, loginButton);
    await page.waitForURL((url) => !url.pathname.endsWith("/signin"), { timeout: 3_000 }).catch(() => {});
  }
  await expect(page).not.toHaveURL(/\/signin$/);
  await page.goto("/setup");
  await expect(page).toHaveURL(/\/setup$/);
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

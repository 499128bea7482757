import {
  expect,
  gotoLive,
  namedUser,
  readEmailContaining,
  signInNewCompanyAdmin,
  test,
  toast,
} from "../support/e2e-helpers";

// Issue 3: /support. Spec 2 sections 2 (Support), 5 (Support form) and 8 ('Thank you for your words').

test.describe.configure({ timeout: 60_000 });

const SUPPORT_EMAIL = "support@blusteam.dev";

test("the support form checks the phone and message, then emails the support address", async ({
  page,
}, testInfo) => {
  const { user, company } = await signInNewCompanyAdmin(page, namedUser("Sam", "Helpme"));
  await gotoLive(page, "/support");
  await expect(page.getByRole("heading", { name: "Support", level: 1 })).toBeVisible();
  await expect(
    page.getByText(`You can also write to us at ${SUPPORT_EMAIL}.`, { exact: false }),
  ).toBeVisible();

  const name = page.getByLabel("Name", { exact: true });
  const email = page.getByLabel("Email", { exact: true });
  await expect(name).toHaveValue("Sam Helpme");
  await expect(email).toHaveValue(user.email);
  await expect(name).not.toBeEditable();
  await expect(email).not.toBeEditable();

  const phone = page.getByLabel("Phone number");
  const message = page.getByLabel("Message");
  const send = page.getByRole("button", { name: "Send" });
  await expect(phone).toHaveAttribute("maxlength", "10");

  await send.click();
  await expect(page.getByText("Please enter your phone number", { exact: true })).toBeVisible();
  await expect(page.getByText("Please enter message for us!", { exact: true })).toBeVisible();
  await testInfo.attach("support form errors", {
    body: await page.screenshot({ path: testInfo.outputPath("support-errors.png"), fullPage: true }),
    contentType: "image/png",
  });

  await phone.fill("abc");
  await send.click();
  await expect(page.getByText("Please Enter Valid Mobile Number", { exact: true })).toBeVisible();
  await expect(page.getByText("Please enter your phone number", { exact: true })).toHaveCount(0);

  // Nine digits are not a mobile number either.
  await phone.fill("555123456");
  await send.click();
  await expect(page.getByText("Please Enter Valid Mobile Number", { exact: true })).toBeVisible();

  const words = `Our journeys stopped sending ${Date.now()}.\nCan you have a look?`;
  await phone.fill("5551234567");
  await message.fill(words);
  await send.click();
  await expect(toast(page, "Thank you for your words")).toBeVisible();
  await expect(page.getByText("Please Enter Valid Mobile Number", { exact: true })).toHaveCount(0);
  // The form starts over; name and email stay.
  await expect(phone).toHaveValue("");
  await expect(message).toHaveValue("");
  await expect(name).toHaveValue("Sam Helpme");

  const mail = await readEmailContaining(page, SUPPORT_EMAIL, words.split("\n")[0]);
  expect(mail.subject).toBe("Support: Sam Helpme");
  expect(mail.text).toContain(words);
  expect(mail.text).toContain(`From: Sam Helpme <${user.email}>`);
  expect(mail.text).toContain("Phone: 5551234567");
  expect(mail.text).toContain(`Company: ${company.company}`);
});

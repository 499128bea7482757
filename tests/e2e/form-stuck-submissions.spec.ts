import { randomInt } from "node:crypto";
import { writeFormFixture } from "../support/e2e-fixture";
import {
  expect,
  readOnlyAdmin,
  screenshotsIn,
  signInNewCompanyAdmin,
  test,
  toast,
  uniqueEmail,
  viewCompanyAs,
} from "../support/e2e-helpers";

// Public form submissions the apply job gave up on (every try failed): /contact-form shows the
// company's admins a critical banner with the count, the last failure in plain words and Retry; RO
// Admin sees Retry disabled and is refused; Retry puts them back in the queue and the contact appears.

const shots = "/tmp/form-stuck-screens";
const shot = screenshotsIn(shots);

test("a stuck submission: the admin's banner, RO Admin's disabled Retry, and Retry makes the contact", async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  const { accountId } = await signInNewCompanyAdmin(page);
  const firstName = `Ada${randomInt(100_000, 999_999)}`;
  await writeFormFixture(page, {
    accountId,
    stuckSubmission: {
      firstName,
      lastName: "Lovelace",
      phone: `+1201${randomInt(2_000_000, 9_999_999)}`,
      email: uniqueEmail("stuck"),
    },
  });

  // RO Admin viewing the company: the banner, Retry disabled, and the server refuses it.
  const ro = await browser.newContext();
  const roPage = await ro.newPage();
  await viewCompanyAs(roPage, readOnlyAdmin, accountId, "roadmin");
  await roPage.goto("/contact-form");
  await expect(roPage.getByText("1 form submission could not be saved.")).toBeVisible();
  await expect(roPage.getByRole("button", { name: "Retry" })).toBeDisabled();
  const refused = await roPage.request.post("/contact-form", { form: { intent: "retry-submissions" } });
  expect(refused.status()).toBe(403);
  await ro.close();

  await page.goto("/contact-form");
  const banner = page.getByText("1 form submission could not be saved.");
  await expect(banner).toBeVisible();
  await expect(
    page.getByText(/a field or product of the form was deleted after it was sent\. Each visitor was told/),
  ).toBeVisible();
  // The banner sits above the cards.
  const bannerBox = await banner.boundingBox();
  const createBox = await page.getByRole("button", { name: "Create New Form" }).boundingBox();
  expect(bannerBox && createBox && bannerBox.y < createBox.y).toBe(true);
  await shot(page, "stuck-banner");

  await page.getByRole("button", { name: "Retry" }).click();
  await expect(toast(page, "Submissions back in the queue: 1.")).toBeVisible();
  await expect(banner).toHaveCount(0);
  await shot(page, "stuck-retried");

  // The apply job (woken by Retry) makes the contact.
  await expect(async () => {
    await page.goto("/contacts");
    await expect(page.getByRole("link", { name: firstName, exact: true })).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 60_000 });
});

import type { Page } from "@playwright/test";
import { seriousViolations } from "../support/axe";
import { postProduct } from "../support/contacts-e2e";
import {
  expect,
  gotoLive,
  readOnlyAdmin,
  signInNewCompanyAdmin,
  test,
  toast,
  viewCompanyAs,
} from "../support/e2e-helpers";
import { newWhatsAppNumber } from "../support/e2e-whatsapp";

// The WhatsApp view of /integration (spec 3 sections 2.5, 4.8, 5.5, 8 and 9; issue 16): the guide,
// the credentials checked against the Meta Graph API stand-in (bad then good), the webhook details,
// Meta's subscription check (a GET from the test, as Meta makes it) and the card turning 'Active',
// and the RO Admin's disabled form and refused writes.

const screens = "/tmp/whatsapp-screens";
const shot = (page: Page, name: string) =>
  page.screenshot({ path: `${screens}/${name}.png`, fullPage: true });
const field = (page: Page, label: string) => page.getByLabel(label, { exact: true });

test("a company admin connects its own WhatsApp number and verifies the webhook", async ({
  page,
  baseURL,
}) => {
  // Nine slides, two forms and a dozen screenshots: longer than the default on a shared machine.
  test.setTimeout(90_000);
  const number = await newWhatsAppNumber();
  await signInNewCompanyAdmin(page);
  await page.goto("/integration");
  const card = page.getByRole("region", { name: "WhatsApp" });
  await expect(card.getByText("Active", { exact: true })).toHaveCount(0);
  await card.getByRole("link", { name: "Open the WhatsApp integration" }).click();
  await expect(page).toHaveURL(/\/integration\?view=whatsapp$/);
  await expect(page.getByRole("heading", { name: "WhatsApp Integration", level: 1 })).toBeVisible();

  // No Meta account: the nine-step guide.
  await page.getByRole("button", { name: "No, I don't have a Meta Account" }).click();
  await expect(page.getByText("Step 1 of 9")).toBeVisible();
  await expect(page.getByRole("img", { name: "Create a Meta business account" })).toBeVisible();
  await shot(page, "guide-1");
  for (let i = 2; i <= 9; i++) {
    await page.getByRole("button", { name: "Next" }).click();
    await expect(page.getByText(`Step ${i} of 9`)).toBeVisible();
    if (i === 7) await shot(page, "guide-7");
  }
  await expect(page.getByRole("img", { name: "Connect it here" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Next" })).toBeDisabled();
  await shot(page, "guide-9");

  // A Meta account: Step 1.
  await page.getByRole("button", { name: "Yes, I do have a Meta Account" }).click();
  const verify = page.getByRole("button", { name: "Verify & Continue" });
  await expect(verify).toBeDisabled();
  await field(page, "Phone Number").pressSequentially("  12345");
  // Leading spaces are dropped as they are typed; editing enables the button.
  await expect(field(page, "Phone Number")).toHaveValue("12345");
  await expect(verify).toBeEnabled();
  await verify.click();
  await expect(page.getByText("Please enter valid Phone Number")).toBeVisible();
  await expect(page.getByText("Please enter Phone Number ID")).toBeVisible();
  await expect(page.getByText("Please enter WhatsApp Business Account ID")).toBeVisible();
  await expect(page.getByText("Please enter Authentication Token")).toBeVisible();
  await expect(page.getByText("Please enter App Secret")).toBeVisible();
  await shot(page, "form-errors");

  await field(page, "Phone Number").fill("15550100123");
  await field(page, "Phone Number ID").fill(number.phoneNumberId);
  await field(page, "WhatsApp Business Account ID").fill(number.businessAccountId);
  await field(page, "Authentication Token").fill("EAAG-not-the-right-token");
  await field(page, "App Secret").fill(number.appSecret);
  await expect(page.getByText("Please enter Phone Number ID")).toHaveCount(0);
  await verify.click();
  await expect(toast(page, "Details are not correct")).toBeVisible();
  await expect(page.getByText("Step 2", { exact: true })).toHaveCount(0);

  // The right token with a number of another account (issue 32): refused in words, nothing saved.
  const elsewhere = await newWhatsAppNumber();
  await field(page, "Authentication Token").fill(number.accessToken);
  await field(page, "Phone Number ID").fill(elsewhere.phoneNumberId);
  await verify.click();
  await expect(
    toast(page, "This Phone Number ID is not one of the numbers of that WhatsApp Business Account."),
  ).toBeVisible();
  await expect(page.getByText("Step 2", { exact: true })).toHaveCount(0);

  await field(page, "Phone Number ID").fill(number.phoneNumberId);
  await verify.click();
  await expect(toast(page, "Your details are saved successfully")).toBeVisible();

  // Step 2: the webhook details; the credentials are now shown, locked, secrets masked.
  await expect(page.getByText("Step 2", { exact: true })).toBeVisible();
  await expect(field(page, "Callback URL")).toHaveValue(`${baseURL}/gandalfproxy/api/whatsapp/webhook`);
  const verifyToken = await field(page, "Verify token").inputValue();
  expect(verifyToken).toMatch(/^[A-Za-z0-9]{36}$/);
  await expect(field(page, "Phone Number ID")).toBeDisabled();
  await expect(field(page, "Authentication Token")).toHaveValue(`••••${number.accessToken.slice(-4)}`);
  await expect(field(page, "App Secret")).toHaveValue(`••••${number.appSecret.slice(-4)}`);
  expect(await page.content()).not.toContain(number.accessToken);
  await expect(page.getByText("Webhook not verified yet")).toBeVisible();
  await shot(page, "webhook-details");

  // Before Meta's check: 'Verification failed!'.
  await page.getByRole("button", { name: "Verify & Save" }).click();
  await expect(toast(page, "Verification failed!")).toBeVisible();

  // Meta's subscription check, as Meta makes it: a wrong token is refused, the company's answered.
  const hook = "/gandalfproxy/api/whatsapp/webhook";
  const wrong = await page.request.get(
    `${hook}?hub.mode=subscribe&hub.verify_token=${"x".repeat(36)}&hub.challenge=42`,
  );
  expect(wrong.status()).toBe(403);
  const check = await page.request.get(
    `${hook}?hub.mode=subscribe&hub.verify_token=${verifyToken}&hub.challenge=1158201444`,
  );
  expect(check.status()).toBe(200);
  expect(await check.text()).toBe("1158201444");

  await page.getByRole("button", { name: "Verify & Save" }).click();
  await expect(toast(page, "Verified successfully!")).toBeVisible();
  await expect(page.getByText("Webhook verified", { exact: true })).toBeVisible();
  await expect(page.getByRole("button", { name: "Verify & Save" })).toBeDisabled();
  expect(await seriousViolations(page)).toEqual([]);
  await shot(page, "verified");

  await page.goto("/integration");
  await expect(
    page.getByRole("region", { name: "WhatsApp" }).getByText("Active", { exact: true }),
  ).toBeVisible();
  await shot(page, "home-active");
});

test("an RO Admin sees the WhatsApp form disabled and cannot save", async ({ page }) => {
  const number = await newWhatsAppNumber();
  const setup = await page.context().browser()?.newContext();
  const adminPage = await setup?.newPage();
  if (!adminPage) throw new Error("no page");
  const { accountId } = await signInNewCompanyAdmin(adminPage);
  await setup?.close();

  await viewCompanyAs(page, readOnlyAdmin, accountId, "roadmin");
  await page.goto("/integration?view=whatsapp");
  await page.getByRole("button", { name: "Yes, I do have a Meta Account" }).click();
  await expect(page.getByText("Read-only admins can see this integration but not change it.")).toBeVisible();
  await expect(field(page, "Phone Number")).toBeDisabled();
  await expect(field(page, "Authentication Token")).toBeDisabled();
  await expect(page.getByRole("button", { name: "Verify & Continue" })).toBeDisabled();
  await shot(page, "roadmin");

  const refused = await page.request.post("/integration?view=whatsapp", {
    form: {
      intent: "whatsapp-verify-and-save",
      phoneNumber: "15550100123",
      phoneNumberId: number.phoneNumberId,
      whatsappBusinessAccountId: number.businessAccountId,
      authToken: number.accessToken,
      appSecret: number.appSecret,
    },
    maxRedirects: 0,
  });
  expect(refused.status()).toBe(403);
});

test("a WhatsApp touchpoint uses an approved template, its language and {{n}} mapped to contact fields and the link", async ({
  page,
}) => {
  const number = await newWhatsAppNumber([
    {
      name: "order_follow_up",
      language: "en_US",
      status: "APPROVED",
      body: "Hi {{1}}, your order is ready. Details: {{2}}",
    },
    { name: "draft_promo", language: "en_US", status: "PENDING", body: "Save {{1}}" },
  ]);
  await signInNewCompanyAdmin(page);
  const saved = await page.request.post("/integration?view=whatsapp", {
    form: {
      intent: "whatsapp-verify-and-save",
      phoneNumber: "15550100123",
      phoneNumberId: number.phoneNumberId,
      whatsappBusinessAccountId: number.businessAccountId,
      authToken: number.accessToken,
      appSecret: number.appSecret,
    },
  });
  expect(saved.status()).toBe(200);
  await page.goto("/integration?view=whatsapp");
  await page.getByRole("button", { name: "Sync templates" }).click();
  await expect(toast(page, "Templates synced: 1 approved of 2.")).toBeVisible();
  await expect(page.getByText(/^1 approved templates · Last synced/)).toBeVisible();
  await shot(page, "templates-synced");

  await postProduct(page, "Garden Kit");
  await gotoLive(page, "/touchpoints");
  await page.getByRole("button", { name: "Add touchpoint: Garden Kit" }).click();
  const drawer = page.getByRole("dialog", { name: "Add touchpoint" });
  await drawer.getByLabel("Name", { exact: true }).fill("Order ready");
  await drawer.getByLabel("Channel").selectOption("whatsapp");
  const picker = drawer.getByLabel("WhatsApp template");
  await expect(picker).toHaveValue("");
  await expect(picker.locator("option")).toHaveText(["Free text (no template)", "order_follow_up (en_US)"]);
  await picker.selectOption({ label: "order_follow_up (en_US)" });
  await expect(drawer.getByText("Language: en_US")).toBeVisible();
  await drawer.getByLabel("{{2}} is").selectOption({ label: "The tracked link" });
  await expect(drawer.getByLabel("Message", { exact: true })).toHaveValue(
    "Hi {{first_name}}, your order is ready. Details: {{LINK}}",
  );
  await drawer.getByLabel("Link", { exact: true }).fill("https://example.com/orders");
  await shot(page, "touchpoint-template");
  await drawer.getByRole("button", { name: "Save" }).click();
  await expect(toast(page, "Touchpoint added successfully!")).toBeVisible();

  // Opened again: the template and its mapping are kept.
  await page.getByRole("button", { name: "Edit Order ready" }).click();
  const again = page.getByRole("dialog");
  await expect(again.getByLabel("WhatsApp template")).toHaveValue("order_follow_up|en_US");
  await expect(again.getByLabel("{{1}} is")).toHaveValue("first_name");
  await expect(again.getByLabel("{{2}} is")).toHaveValue("LINK");
});

import type { Page } from "@playwright/test";
import { writeFixture } from "../support/e2e-fixture";
import {
  expect,
  newCompanyDetails,
  newUserDetails,
  readLatestEmail,
  readOnlyAdmin,
  test,
  toast,
  viewCompanyAs,
} from "../support/e2e-helpers";

// The web chat editors (spec 3 sections 2.4, 3.6, 3.7, 4.3, 4.4, 5.4, 6, 8, 9): a beta user edits
// the Welcome template, keeps a draft across a reload, applies it and reads a test email in the
// outbox; edits the branding colours and sees the preview frame get them before Apply; uploads and
// deletes an image; RO Admin sees everything disabled and the server refuses.

const screens = "/tmp/webchat-editors-screens";
const shot = (page: Page, name: string) =>
  page.screenshot({ path: `${screens}/${name}.png`, fullPage: true });

/** A fresh company whose only member has the beta role. */
async function betaCompany(page: Page) {
  const user = newUserDetails();
  const company = newCompanyDetails("Webchat");
  const { accountId } = await writeFixture(page, { user, company, roles: ["beta"] });
  return { user, company, accountId: accountId ?? "" };
}

const body = (page: Page) => page.getByRole("textbox", { name: "Email body" });

test("templates: edit Welcome, the draft survives a reload, Apply, and a test email in the outbox", async ({
  page,
}) => {
  test.setTimeout(120_000);
  const { user } = await betaCompany(page);
  await page.goto("/webchat");
  await expect(page).toHaveURL(/\/webchat\/email-templates$/);
  await expect(page.getByRole("tab", { name: "Email Templates" })).toHaveAttribute("aria-selected", "true");
  const apply = page.getByRole("button", { name: "Apply" });
  await expect(apply).toBeDisabled();
  await expect(body(page)).toContainText("Welcome to the");
  await shot(page, "templates");

  // Typing: Apply enables, and the draft is kept one second after the last key.
  await page.getByLabel("Subject").fill("Hello {{firstName}}, welcome aboard");
  await body(page).click();
  await page.keyboard.press("End");
  await page.keyboard.type(" Our team is here for you.");
  await expect(apply).toBeEnabled();
  await expect(page.getByText("Draft kept")).toBeVisible({ timeout: 5_000 });
  await page.reload();
  await expect(page.getByLabel("Subject")).toHaveValue("Hello {{firstName}}, welcome aboard");
  await expect(body(page)).toContainText("Our team is here for you.");
  await expect(apply).toBeEnabled();

  // A link that is not http, https or ftp is refused.
  await page.getByRole("button", { name: "Link", exact: true }).click();
  await page.getByLabel("Link address").fill("javascript:alert(1)");
  await page.getByRole("button", { name: "Insert" }).click();
  await expect(page.getByText("Please enter valid url!")).toBeVisible();
  await page.getByRole("button", { name: "Cancel" }).click();

  // A variable from the list.
  await body(page).click();
  await page.keyboard.press("End");
  await page.getByLabel("Insert variable").selectOption("lastName");
  await expect(body(page)).toContainText("{{lastName}}");

  await apply.click();
  await expect(toast(page, "Template Saved!")).toBeVisible();
  await expect(apply).toBeDisabled();
  await expect(page.getByRole("region", { name: "Preview of Welcome" })).toContainText(
    "Our team is here for you.",
  );

  await page.getByRole("button", { name: "Send test email" }).click();
  await expect(toast(page, `Test email sent to ${user.email}`)).toBeVisible();
  const email = await readLatestEmail(page, user.email, /Hello Test, welcome aboard/);
  expect(email.subject).toBe("[Test] Hello Test, welcome aboard");
  expect(email.text).toContain("Our team is here for you.");
  expect(email.text).toContain("User");
  await shot(page, "templates-applied");
});

test("branding: colours reach the preview before Apply; problems; images; Apply", async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(150_000);
  const other = await browser.newPage({ baseURL });
  const { company: taken } = await betaCompany(other);
  await other.close();
  const { company } = await betaCompany(page);
  await page.goto("/webchat/branding");
  await expect(page.getByRole("tab", { name: "Branding" })).toHaveAttribute("aria-selected", "true");
  await expect(page.getByTestId("branding-preview")).toHaveAttribute("src", `/c/${company.chat}?preview=1`);
  const preview = page.frameLocator('[data-testid="branding-preview"]');
  const previewColour = () =>
    preview.locator("html").evaluate((html) => getComputedStyle(html).getPropertyValue("--cb-main").trim());
  await expect(preview.locator("body")).toBeVisible();
  const apply = page.getByRole("button", { name: "Apply" });
  await expect(apply).toBeDisabled();
  await shot(page, "branding");

  // The unsaved colour reaches the chat app in the frame; the swatch's text flips to black.
  await page.getByLabel("Main element colour", { exact: true }).fill("#0a0");
  await expect.poll(previewColour).toBe("#0a0");
  await page.getByLabel("Main element colour", { exact: true }).fill("#FFEE00");
  await expect.poll(previewColour).toBe("#FFEE00");
  await expect(page.locator(".webchat-swatch").first()).toHaveCSS("color", "rgb(0, 0, 0)");
  await expect(apply).toBeEnabled();

  // Problems of the save: another company's subdomain, an empty short name.
  await page.getByRole("button", { name: "Progressive Web App" }).click();
  await page.getByLabel("Short App Name").fill(" ");
  await apply.click();
  await expect(page.getByText("Short App Name MUST NOT be empty or blank")).toBeVisible();
  await expect(toast(page, "Failed to save changes")).toBeVisible();
  await page.getByLabel("Short App Name").fill(`W${company.chat.slice(-8)}`);
  await page.getByLabel("SubDomain").fill(taken.chat);
  await apply.click();
  await expect(page.getByText("Please fix the following:")).toBeVisible();
  await expect(page.getByText("This SubDomain is already used by another company")).toBeVisible();
  await shot(page, "branding-problems");
  await page.getByLabel("SubDomain").fill(company.chat);

  // An image: uploaded, chosen as the header icon, then deleted after a confirmation.
  await page.locator('input[type="file"]').setInputFiles("public/webchat/default-icon-192.png");
  await expect(toast(page, "Upload successful")).toBeVisible();
  await expect(page.getByRole("list", { name: "Images" }).getByText("default-icon-192.png")).toBeVisible();
  await page.getByRole("button", { name: "Chat", exact: true }).click();
  await page.getByLabel("Header icon").selectOption({ label: "default-icon-192.png (192x192)" });
  await page
    .locator('input[type="file"]')
    .setInputFiles({ name: "notes.txt", mimeType: "image/png", buffer: Buffer.from("not an image") });
  await expect(toast(page, "Upload failed")).toBeVisible();

  await apply.click();
  await expect(toast(page, "Settings updated successfully")).toBeVisible();
  await expect(apply).toBeDisabled();
  await expect(page.getByText("Please fix the following:")).toHaveCount(0);
  await shot(page, "branding-applied");

  // The Preview popover's shareable link opens the chat as saved.
  await page.getByRole("button", { name: "Preview", exact: true }).click();
  const link = page.getByLabel("Shareable link");
  await expect(link).toHaveValue(`${baseURL}/c/${company.chat}`);
  // The popover is at the page's top: a full-page screenshot resizes the viewport, which closes it.
  await page.screenshot({ path: `${screens}/branding-preview-popover.png` });
  const shared = await browser.newPage();
  await shared.goto(await link.inputValue());
  await expect
    .poll(() =>
      shared.locator("html").evaluate((html) => getComputedStyle(html).getPropertyValue("--cb-main").trim()),
    )
    .toMatch(/^#FFEE00$/i);
  await shared.close();
  await page.keyboard.press("Escape");

  await page.getByRole("button", { name: "Delete default-icon-192.png" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Delete", exact: true }).click();
  await expect(toast(page, "Asset deleted")).toBeVisible();
  await expect(page.getByText("No images yet: upload your icons here.")).toBeVisible();
});

test("an unknown tab is marked as an error", async ({ page }) => {
  await betaCompany(page);
  await page.goto("/webchat/nothing-here");
  await expect(page.getByText("This tab does not exist. Choose Email Templates or Branding.")).toBeVisible();
  await expect(page.getByRole("tab")).toHaveCount(0);
  await shot(page, "unknown-tab");
  await page.getByRole("link", { name: "Branding" }).click();
  await expect(page).toHaveURL(/\/webchat\/branding$/);
});

test("RO Admin sees everything disabled and the server refuses", async ({ page, browser, baseURL }) => {
  const owner = await browser.newPage({ baseURL });
  const { accountId } = await betaCompany(owner);
  await owner.close();
  await viewCompanyAs(page, readOnlyAdmin, accountId, "roadmin");
  await page.goto("/webchat/email-templates");
  await expect(page.getByRole("button", { name: "Apply" })).toBeDisabled();
  await expect(page.getByRole("button", { name: "Send test email" })).toBeDisabled();
  await expect(page.getByLabel("Subject")).toBeDisabled();
  await shot(page, "templates-roadmin");
  await page.goto("/webchat/branding");
  await expect(page.getByLabel("Main element colour", { exact: true })).toBeDisabled();
  await shot(page, "branding-roadmin");
  const writes = [
    page.request.post("/webchat/email-templates", {
      data: { intent: "apply", kind: "welcome", subject: "x", body: "<p>x</p>" },
    }),
    page.request.post("/webchat/branding", { data: { intent: "apply", branding: {} } }),
    page.request.post("/resources/webchat-assets", { form: { intent: "delete", id: accountId } }),
  ];
  for (const response of await Promise.all(writes)) expect(response.status()).toBe(403);
});

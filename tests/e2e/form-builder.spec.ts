import type { Page } from "@playwright/test";
import jsQR from "jsqr";
import { PNG } from "pngjs";
import { defaultFormDocument } from "../../app/domain/forms/form-document";
import { uniquePhone } from "../support/contacts-e2e";
import {
  expect,
  gotoLive,
  readOnlyAdmin,
  signInNewCompanyAdmin,
  test,
  toast,
  uniqueEmail,
  viewCompanyAs,
} from "../support/e2e-helpers";

// The form list and the form builder (spec 3 sections 2.1, 2.2, 4.1, 5.1, 5.2 and 6): a form with a
// custom attribute field and a product dropdown, saved and published; the publish popover (share
// link, a QR code that decodes to it, the iframe and script copies); copy and delete on the list;
// RO Admin sees everything disabled.

const screens = "/tmp/form-builder-screens";
const shot = (page: Page, name: string) =>
  page.screenshot({ path: `${screens}/${name}.png`, fullPage: true });

async function companyWithCatalogue(page: Page) {
  const created = await signInNewCompanyAdmin(page);
  const attribute = await page.request.post("/resources/attributes", {
    form: { title: "Skin type", type: "STRING", scope: "contact" },
  });
  expect(attribute.ok()).toBe(true);
  for (const name of ["Glow Serum", "Night Cream"]) {
    const product = await page.request.post("/product", { form: { name } });
    expect(product.ok()).toBe(true);
  }
  return created;
}

const canvasElement = (page: Page, name: string) =>
  page.getByRole("button", { name: `Edit ${name}`, exact: true });

test("build, save and publish a form; the publish popover; copy and delete on the list", async ({
  page,
  context,
  baseURL,
}) => {
  test.setTimeout(120_000);
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  await companyWithCatalogue(page);
  await page.goto("/contact-form");
  await expect(page.getByText("No forms yet: create your first sign-up form.")).toBeVisible();
  await page.getByRole("button", { name: "Create New Form" }).click();
  await expect(page).toHaveURL(/\/contact-form\/contact-form-builder$/);

  // A new form: Publish waits for the first Save.
  const publish = page.getByRole("switch", { name: "Publish" });
  await expect(publish).toBeDisabled();
  await page.getByTestId("publish-tooltip").hover();
  await expect(page.getByText("Please save the form inorder to publish it.")).toBeVisible();
  await page.getByLabel("Form title", { exact: true }).fill("Spring sign-up");

  // A contact-attribute text field; its messages first.
  await page.getByRole("tab", { name: "Component" }).click();
  await page.getByRole("button", { name: "Add field" }).click();
  await page.getByRole("button", { name: "Contact attribute" }).click();
  await page.getByRole("button", { name: "Text input" }).click();
  await page.getByRole("button", { name: "Save field" }).click();
  await expect(page.getByText("Please select value!")).toBeVisible();
  await expect(page.getByText("Please Enter label!")).toBeVisible();
  await expect(page.getByText("Please Enter placeholder!")).toBeVisible();
  await page.getByLabel("Attribute").selectOption({ label: "Skin type" });
  await expect(page.getByLabel("Label")).toHaveValue("Skin type");
  await page.getByLabel("Placeholder").fill("Dry, oily or mixed");
  await page.getByLabel("Answer type").selectOption({ label: "Any" });
  await page.getByRole("button", { name: "Save field" }).click();
  await expect(canvasElement(page, "Skin type")).toBeVisible();

  // The attribute is now used: disabled in the next field's list.
  await page.getByRole("button", { name: "Add field" }).click();
  await page.getByRole("button", { name: "Contact attribute" }).click();
  await page.getByRole("button", { name: "Dropdown" }).click();
  await expect(page.getByLabel("Attribute").locator("option", { hasText: "Skin type" })).toBeDisabled();
  await page.getByRole("button", { name: "Delete field" }).click();

  // A product dropdown; a second one is refused.
  await page.getByRole("button", { name: "Add field" }).click();
  await page.getByRole("button", { name: "Product", exact: true }).click();
  await page.getByRole("button", { name: "Dropdown" }).click();
  await page.getByLabel("Label").fill("Your product");
  await page.getByLabel("Placeholder").fill("Pick one");
  await page.getByLabel("Product 1").selectOption({ label: "Glow Serum" });
  await page.getByRole("button", { name: "Add option" }).click();
  await expect(page.getByLabel("Product 2").locator("option", { hasText: "Glow Serum" })).toBeDisabled();
  await page.getByLabel("Product 2").selectOption({ label: "Night Cream" });
  await expect(page.getByRole("button", { name: "Add option" })).toBeDisabled();
  await page.getByRole("button", { name: "Save field" }).click();
  await expect(canvasElement(page, "Your product")).toBeVisible();
  await page.getByRole("button", { name: "Add field" }).click();
  await page.getByRole("button", { name: "Product", exact: true }).click();
  await expect(page.getByText("You can't add more than 1 products dropdown!")).toBeVisible();
  await page.getByRole("button", { name: "Cancel" }).click();

  // Custom fields move between the fixed ends only.
  await canvasElement(page, "Skin type").click();
  await expect(page.getByRole("button", { name: "Move up" })).toBeDisabled();
  await page.getByRole("button", { name: "Move down" }).click();
  await expect(page.getByRole("button", { name: "Move down" })).toBeDisabled();

  // Settings: the logo note and the pop-up days rule.
  await page.getByRole("tab", { name: "Settings" }).click();
  await page.getByRole("button", { name: "Logo" }).click();
  await expect(page.getByText("*Logo height and width should not be more than 300px")).toBeVisible();
  await page.getByLabel("Logo height (px)").fill("450");
  await page.getByLabel("Logo width (px)").click();
  await expect(page.getByLabel("Logo height (px)")).toHaveValue("300");
  await page
    .getByLabel("Upload logo (png)")
    .setInputFiles({ name: "logo.jpg", mimeType: "image/jpeg", buffer: Buffer.from("x") });
  await expect(page.getByText("logo.jpg is not a png file")).toBeVisible();
  await page.getByRole("button", { name: "Pop Up Settings" }).click();
  // The section opens with an animation that clips its content: a click in that moment can land
  // outside the checkbox, so it is checked again until it holds (check() leaves a checked box alone).
  await expect(() => page.getByLabel("Hide for some days after close").check({ timeout: 2_000 })).toPass();
  await page.getByLabel("Days", { exact: true }).fill("0");
  await expect(page.getByText("Please enter days!")).toBeVisible();
  await page.getByLabel("Days", { exact: true }).fill("3");
  await shot(page, "builder-settings");

  // Save: the form exists (unpublished), Save waits for the next change.
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect(toast(page, "Form Saved successfully!")).toBeVisible();
  await expect(page).toHaveURL(/\?id=[0-9a-f-]{36}$/);
  const id = new URL(page.url()).searchParams.get("id");
  await expect(page.getByRole("button", { name: "Save", exact: true })).toBeDisabled();

  // An edit blocks Publish until saved.
  await page.getByLabel("Form title", { exact: true }).fill("Spring sign-up!");
  await expect(publish).toBeDisabled();
  await page.getByTestId("publish-tooltip").hover();
  await expect(page.getByText("There are unsaved changes. Please save first.")).toBeVisible();
  await page.getByLabel("Form title", { exact: true }).fill("Spring sign-up");
  await expect(page.getByRole("button", { name: "Save", exact: true })).toBeDisabled();

  // Publish with its confirmation.
  await publish.click();
  await expect(page.getByText("Do you want to publish this form?")).toBeVisible();
  await expect(page.getByText("Your customers will see all the updated details in this form!")).toBeVisible();
  await page.getByRole("button", { name: "Yes" }).click();
  await expect(toast(page, "Form Published successfully!")).toBeVisible();
  await expect(publish).toHaveAttribute("aria-checked", "true");
  await shot(page, "builder-published");

  // The publish popover.
  await page.getByRole("button", { name: "Share" }).click();
  const popover = page.getByTestId("publish-popover");
  const link = `${baseURL}/contact-form-builder/m/${id}`;
  await expect(popover.getByLabel("Share link")).toHaveValue(link);
  await popover.getByRole("button", { name: "Copy link" }).click();
  await expect(toast(page, "Link copied!")).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link);
  await popover.getByRole("button", { name: "Copy iframe" }).click();
  await expect(toast(page, "Iframe copied!")).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toContain(`<iframe src="${link}"`);
  await popover.getByRole("button", { name: "Copy script" }).click();
  await expect(toast(page, "Script copied!")).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toContain(`data-form-id="${id}"`);
  await expect(popover.getByRole("img", { name: "QR code of the share link" })).toBeVisible();
  // The downloads are links to the images themselves: their bytes are what a click saves.
  const pngLink = popover.getByRole("link", { name: "Download PNG" });
  await expect(pngLink).toHaveAttribute("download", "form-qr-code.png");
  const pngHref = (await pngLink.getAttribute("href")) ?? "";
  expect(pngHref).toMatch(/^data:image\/png;base64,/);
  const image = PNG.sync.read(Buffer.from(pngHref.split(",")[1] ?? "", "base64"));
  const decoded = jsQR(new Uint8ClampedArray(image.data), image.width, image.height);
  expect(decoded?.data).toBe(link);
  const jpgLink = popover.getByRole("link", { name: "Download JPG" });
  await expect(jpgLink).toHaveAttribute("download", "form-qr-code.jpg");
  const jpgHref = (await jpgLink.getAttribute("href")) ?? "";
  expect(Buffer.from(jpgHref.split(",")[1] ?? "", "base64").subarray(0, 3)).toEqual(
    Buffer.from([0xff, 0xd8, 0xff]),
  );
  // Last: a full-page screenshot resizes the window, which closes the popover.
  await page.screenshot({ path: `${screens}/builder-share-popover.png` });
  await page.keyboard.press("Escape");

  // The share link, as a visitor: fill, the captcha solves itself on Send, success (h-forms-core's page).
  const visitor = await context.browser()!.newPage();
  await visitor.goto(link);
  await visitor.getByLabel("First Name").fill("Vera");
  await visitor.getByLabel("Last Name").fill("Visitor");
  await visitor.getByLabel("Phone No.").fill(uniquePhone());
  await visitor.getByLabel("Email").fill(uniqueEmail("visitor"));
  await visitor.getByLabel("Skin type").fill("Dry");
  await visitor.getByLabel("Your product").selectOption({ label: "Night Cream" });
  await visitor.getByRole("button", { name: "Send" }).click();
  const success = visitor.getByRole("dialog", { name: "Form submmited successfully." });
  await expect(success).toBeVisible({ timeout: 30_000 });
  await shot(visitor, "public-form-success");
  await visitor.close();

  // Form details: the id, copied with 'Copied to clipboard!'.
  await page.getByRole("button", { name: "Form details" }).click();
  await page.getByRole("button", { name: "Copy id", exact: true }).click();
  await expect(toast(page, "Copied to clipboard!")).toBeVisible();
  await page.keyboard.press("Escape");

  // Preview: desktop and mobile tabs.
  await page.getByRole("button", { name: "Preview", exact: true }).click();
  const preview = page.getByRole("dialog");
  await expect(preview.getByText("Your product")).toBeVisible();
  await preview.getByRole("tab", { name: "Mobile" }).click();
  await expect(preview.getByTestId("preview-frame")).toHaveCSS("width", "390px");
  await shot(page, "builder-preview-mobile");
  await preview.getByRole("button", { name: "Close" }).click();

  // The unsaved-changes guard on the way back.
  await page.getByLabel("Form title", { exact: true }).fill("Spring sign-up (draft)");
  await page.getByRole("button", { name: "Back to forms" }).click();
  await expect(
    page.getByText("Your changes to this form will be lost if you leave this page."),
  ).toBeVisible();
  await page.getByRole("button", { name: "Stay" }).click();
  await expect(page).toHaveURL(/contact-form-builder/);
  await page.getByRole("button", { name: "Back to forms" }).click();
  await page.getByRole("button", { name: "Leave Anyway" }).click();
  await expect(page).toHaveURL(/\/contact-form$/);

  // The list: the saved form (not the abandoned edit), copy and delete.
  const card = page.getByRole("article", { name: "Spring sign-up", exact: true });
  await expect(card).toContainText(/Updated \d+ seconds? ago/);
  await expect(card).toContainText("Published");
  await shot(page, "list");
  await card.getByRole("button", { name: "Copy Spring sign-up" }).click();
  await expect(toast(page, "Form copied successfully!")).toBeVisible();
  const copy = page.getByRole("article", { name: "Spring sign-up-Copied" });
  await expect(copy).toContainText("Unpublished");
  await expect(page.getByRole("article").first()).toHaveAccessibleName("Spring sign-up-Copied");
  await copy.getByRole("button", { name: "Delete Spring sign-up-Copied" }).click();
  await expect(page.getByText("Are you sure you want to delete this form?")).toBeVisible();
  await page.getByRole("button", { name: "Yes" }).click();
  await expect(toast(page, "Form deleted successfully!")).toBeVisible();
  await expect(copy).toHaveCount(0);
  await expect(card).toBeVisible();

  await page.setViewportSize({ width: 390, height: 844 });
  await page.reload();
  await shot(page, "list-390");
  await card.getByRole("link", { name: "Open Spring sign-up" }).click();
  await expect(page.getByLabel("Form title", { exact: true })).toHaveValue("Spring sign-up");
  await page.reload();
  await shot(page, "builder-390");
});

/** Selects `text` inside the editor, as a member dragging over it would. */
async function selectText(page: Page, testId: string, text: string) {
  await page.getByTestId(testId).evaluate((editor, wanted) => {
    const walker = document.createTreeWalker(editor, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const at = node.textContent?.indexOf(wanted) ?? -1;
      if (at < 0) continue;
      (editor as HTMLElement).focus();
      const range = document.createRange();
      range.setStart(node, at);
      range.setEnd(node, at + wanted.length);
      const selection = document.getSelection();
      selection?.removeAllRanges();
      selection?.addRange(range);
      return;
    }
    throw new Error(`"${wanted}" is not in the editor`);
  }, text);
}

test("the consent text is edited as rich text: bold, a checked link, kept by Save and shown on the canvas", async ({
  page,
}) => {
  await signInNewCompanyAdmin(page);
  await page.goto("/contact-form/contact-form-builder");
  await page.getByLabel("Form title", { exact: true }).fill("Rich consent");
  await page.getByRole("tab", { name: "Component" }).click();
  await canvasElement(page, "consent text").click();
  const editor = page.getByRole("textbox", { name: "Consent text" });
  // The text itself, not its markup.
  await expect(editor).toContainText("By submitting this form, you agree");
  await expect(editor).not.toContainText("<p>");
  await editor.click();
  await page.keyboard.press("ControlOrMeta+a");
  await page.keyboard.type("Texts from {{COMPANY}} about our offers. Reply STOP to unsubscribe.");

  await selectText(page, "form-rich-text", "Reply STOP to unsubscribe.");
  await page.getByRole("button", { name: "Bold" }).click();
  await selectText(page, "form-rich-text", "offers");
  await page.getByRole("button", { name: "Link", exact: true }).click();
  const dialog = page.getByRole("dialog", { name: "Insert link" });
  await dialog.getByLabel("Link address").fill("example.com/terms");
  await dialog.getByRole("button", { name: "Insert" }).click();
  await expect(dialog.getByText("Please enter valid url!")).toBeVisible();
  await dialog.getByLabel("Link address").fill("https://example.com/terms");
  await dialog.getByRole("button", { name: "Insert" }).click();
  await expect(dialog).toBeHidden();

  // The canvas shows it as the public page will: the company named, bold, the link.
  const consent = canvasElement(page, "consent text");
  await expect(consent.locator("b, strong")).toHaveText("Reply STOP to unsubscribe.");
  await expect(consent.locator('a[href="https://example.com/terms"]')).toHaveText("offers");
  await expect(consent).not.toContainText("{{COMPANY}}");
  await shot(page, "builder-rich-text");

  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect(toast(page, "Form Saved successfully!")).toBeVisible();
  // A new form's first save moves the builder to ?id=: reload that, not the blank builder.
  await expect(page).toHaveURL(/\?id=[0-9a-f-]{36}$/);
  await gotoLive(page, page.url());
  await page.getByRole("tab", { name: "Component" }).click();
  await canvasElement(page, "consent text").click();
  await expect(page.getByTestId("form-rich-text").locator("b, strong")).toHaveText(
    "Reply STOP to unsubscribe.",
  );
  await expect(page.getByTestId("form-rich-text").locator("a")).toHaveAttribute(
    "href",
    "https://example.com/terms",
  );

  // Reset Form puts the default text back in the editor.
  await page.getByRole("tab", { name: "Settings" }).click();
  await page.getByRole("button", { name: "Form", exact: true }).click();
  // The section opens as it is clicked: a click that lands while it re-renders is tried again.
  const confirmReset = page.getByRole("button", { name: "Yes", exact: true });
  await expect(async () => {
    if (!(await confirmReset.isVisible()))
      await page.getByRole("button", { name: "Reset Form" }).click({ timeout: 2_000 });
    await expect(confirmReset).toBeVisible({ timeout: 2_000 });
  }).toPass();
  await confirmReset.click();
  await page.getByRole("tab", { name: "Component" }).click();
  await canvasElement(page, "consent text").click();
  await expect(page.getByTestId("form-rich-text")).toContainText("By submitting this form, you agree");
});

test("RO Admin sees the list and the builder with every control disabled; writes are 403", async ({
  page,
  browser,
}) => {
  const owner = await browser.newContext();
  const ownerPage = await owner.newPage();
  const { accountId } = await companyWithCatalogue(ownerPage);
  // Saved as the builder saves (its JSON post, React Router's data request).
  const created = await ownerPage.request.post("/contact-form/contact-form-builder.data", {
    data: { intent: "save", id: null, document: defaultFormDocument() },
  });
  expect(created.ok()).toBe(true);
  await ownerPage.goto("/contact-form");
  const href = await ownerPage.getByRole("link", { name: /^Open / }).getAttribute("href");
  const formId = new URL(href ?? "", "http://x").searchParams.get("id") ?? "";
  await owner.close();

  await viewCompanyAs(page, readOnlyAdmin, accountId, "roadmin");
  await page.goto("/contact-form");
  await expect(page.getByRole("button", { name: "Create New Form" })).toBeDisabled();
  await expect(page.getByRole("button", { name: /^Copy / })).toBeDisabled();
  await expect(page.getByRole("button", { name: /^Delete / })).toBeDisabled();
  await shot(page, "list-roadmin");
  await page.getByRole("link", { name: /^Open / }).click();
  await expect(page).toHaveURL(/contact-form-builder\?id=/);
  await expect(page.getByLabel("Form title", { exact: true })).toBeDisabled();
  await expect(page.getByRole("switch", { name: "Publish" })).toBeDisabled();
  await expect(page.getByRole("button", { name: "Save", exact: true })).toBeDisabled();
  await expect(page.getByRole("button", { name: "Form details" })).toBeDisabled();
  await expect(page.getByRole("button", { name: /^Edit / })).toHaveCount(0);
  await page.getByRole("tab", { name: "Layout" }).click();
  await expect(page.getByRole("button", { name: /Basic Template/ }).first()).toBeDisabled();
  await page.getByRole("tab", { name: "Settings" }).click();
  await page.getByRole("button", { name: "Theme setting" }).click();
  await expect(page.getByLabel("Background colour").first()).toBeDisabled();
  await shot(page, "builder-roadmin");
  const writes = [
    page.request.post("/contact-form", { form: { intent: "copy", id: formId } }),
    page.request.post("/contact-form", { form: { intent: "delete", id: formId } }),
    page.request.post("/contact-form/contact-form-builder.data", { data: { intent: "publish", id: formId } }),
  ];
  for (const response of await Promise.all(writes)) expect(response.status()).toBe(403);
});

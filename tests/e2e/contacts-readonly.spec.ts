import { postContact, postProduct, screenshot, uniquePhone } from "../support/contacts-e2e";
import {
  DEMO_ACCOUNT_ID,
  demo,
  expect,
  login,
  platformAdmin,
  test,
  viewCompanyAs,
} from "../support/e2e-helpers";

// Spec 2 section 6 and DESIGN rule 5: an RO Admin sees the contacts and product screens with their
// controls disabled, and every write is refused with 403.

test("RO Admin: contacts and products are visible, the controls disabled, forged POSTs refused", async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000);
  // Demo Co gets a contact and a product to look at.
  const demoContext = await browser.newContext();
  const demoPage = await demoContext.newPage();
  await login(demoPage, demo);
  const product = `Readonly Kit ${Date.now()}`;
  await postProduct(demoPage, product);
  await postContact(demoPage, {
    firstName: "Readonly",
    lastName: `Contact${Date.now()}`,
    phone: uniquePhone(),
  });
  await demoContext.close();

  await viewCompanyAs(page, platformAdmin, DEMO_ACCOUNT_ID, "roadmin");

  await page.goto("/contacts");
  await expect(page.getByRole("heading", { name: "All Contacts" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Add Contact" })).toBeDisabled();
  await expect(page.getByRole("button", { name: "Import CSV" }).first()).toBeDisabled();
  await expect(page.getByRole("button", { name: "Add Attribute" })).toBeDisabled();
  const row = page.getByRole("row").filter({ hasText: "Readonly" }).first();
  await row.getByRole("button", { name: /^Actions for/ }).click();
  await expect(page.getByRole("menuitem", { name: "Delete Contact" })).toBeDisabled();
  await expect(page.getByRole("menuitem", { name: "Edit Contact" })).toBeDisabled();
  await screenshot(page, "readonly-contacts");
  await page.keyboard.press("Escape");

  await row.getByRole("link").first().click();
  await expect(page).toHaveURL(/contact-detail/);
  await expect(page.getByRole("button", { name: "Add Product" })).toBeDisabled();
  await expect(page.getByRole("button", { name: "Edit Contact" })).toBeDisabled();
  const contactId = new URL(page.url()).searchParams.get("id") ?? "";

  await page.goto("/product");
  await expect(page.getByRole("button", { name: "Create Product" })).toBeDisabled();
  await page.getByRole("link", { name: `Open ${product}` }).click();
  await expect(page.getByRole("button", { name: "Add existing contact" })).toBeDisabled();
  await expect(page.getByRole("button", { name: "Add new contact" })).toBeDisabled();
  await expect(page.getByRole("button", { name: "Add Attribute" })).toBeDisabled();
  await expect(page.getByRole("button", { name: "Rename" })).toBeDisabled();
  await expect(page.getByRole("button", { name: "Delete Product" })).toBeDisabled();
  await screenshot(page, "readonly-product");
  const productUrl = new URL(page.url());

  const forged = [
    page.request.post("/contacts", {
      form: { intent: "create", firstName: "F", lastName: "G", phone: uniquePhone() },
    }),
    page.request.post("/contacts", { form: { intent: "delete", id: contactId } }),
    page.request.post("/contacts/create-contact", {
      form: { firstName: "F", lastName: "G", email: "f@example.com" },
    }),
    page.request.post(`/contacts/contact-detail?id=${contactId}`, { form: { intent: "contact-attributes" } }),
    page.request.post("/resources/attributes", {
      form: { title: "Forged", type: "STRING", scope: "contact" },
    }),
    page.request.post("/product", { form: { name: "Forged product" } }),
    page.request.post(`${productUrl.pathname}${productUrl.search}`, { form: { intent: "delete" } }),
    page.request.post(`${productUrl.pathname}${productUrl.search}`, {
      form: { intent: "add-existing", contactId },
    }),
  ];
  for (const response of await Promise.all(forged)) expect(response.status(), response.url()).toBe(403);
});

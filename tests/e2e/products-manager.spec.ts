import {
  freshCompanyAdmin,
  postContact,
  postProduct,
  screenshot,
  uniquePhone,
} from "../support/contacts-e2e";
import { expect, test, toast } from "../support/e2e-helpers";

// Spec 2 sections 2 (Products manager, Product detail), 4, 5 (Add product drawer, Contact search)
// and 8, plus product create, rename and delete (beyond the spec).

test("products: create, search, open, link contacts through Choose Contact, attributes, remove, rename, delete", async ({
  page,
}) => {
  test.setTimeout(120_000);
  await freshCompanyAdmin(page);
  await page.goto("/product");
  await expect(page.getByText("Welcome to your products")).toBeVisible();
  await expect(page.getByText("No Products", { exact: true })).toBeVisible();
  await expect(page.getByRole("link", { name: "Map Products" })).toHaveCount(0);
  await screenshot(page, "products-empty");

  await page.getByRole("button", { name: "Create Product" }).click();
  const create = page.getByRole("dialog", { name: "Create Product" });
  await create.getByRole("button", { name: "Save" }).click();
  await expect(create.getByText("This field can not be empty!")).toBeVisible();
  await create.getByLabel("Product Name").fill("Solar Panels");
  await create.getByRole("button", { name: "Save" }).click();
  await expect(toast(page, "Product created successfully!")).toBeVisible();
  await postProduct(page, "Heat Pump");
  await page.reload();
  await expect(page.getByRole("link", { name: "Map Products" })).toHaveAttribute("href", "/product-mapping");
  await expect(page.getByRole("link", { name: /^Open / })).toHaveCount(2);
  await page.getByRole("textbox", { name: "Search products by name" }).fill("solar");
  await expect(page.getByRole("link", { name: /^Open / })).toHaveCount(1);
  await screenshot(page, "products-grid");

  for (let n = 1; n <= 14; n++)
    await postContact(page, {
      firstName: `Owner${String(n).padStart(2, "0")}`,
      lastName: n === 3 ? "Lovelace" : "Sample",
      phone: uniquePhone(),
    });

  await page.getByRole("link", { name: "Open Solar Panels" }).click();
  await expect(page).toHaveURL(/\/product-detail\?id=/);
  await expect(page.getByRole("heading", { name: "Solar Panels" })).toBeVisible();
  await expect(page.getByText("No contacts found!")).toBeVisible();

  // Choose Contact: pages of 10, the next page on scroll, search over 2 characters.
  await page.getByRole("button", { name: "Add existing contact" }).click();
  const modal = page.getByRole("dialog", { name: "Choose Contact" });
  const list = modal.getByTestId("choose-contact-list");
  await expect(modal.getByRole("checkbox")).toHaveCount(10);
  await list.evaluate((element) => element.scrollTo(0, element.scrollHeight));
  await expect(modal.getByRole("checkbox")).toHaveCount(14);
  await modal.getByRole("textbox", { name: "Search contacts" }).fill("lo");
  await expect(modal.getByText("Type at least 3 characters")).toBeVisible();
  await modal.getByRole("textbox", { name: "Search contacts" }).fill("lovelace");
  await expect(modal.getByRole("checkbox")).toHaveCount(1);
  await modal.getByRole("checkbox", { name: "Owner03 Lovelace" }).check();
  await modal.getByRole("textbox", { name: "Search contacts" }).fill("");
  await expect(modal.getByRole("checkbox")).toHaveCount(10);
  await modal.getByRole("checkbox", { name: "Owner14 Sample" }).check();
  await screenshot(page, "choose-contact");
  await modal.getByRole("button", { name: "Add selected (2)" }).click();
  await expect(toast(page, "Contacts added to the product: 2.")).toBeVisible();
  await expect(modal).toBeHidden();
  await expect(page.getByRole("link", { name: "Owner03 Lovelace" })).toBeVisible();

  // Already-linked contacts are shown, disabled.
  await page.getByRole("button", { name: "Add existing contact" }).click();
  await expect(modal.getByRole("checkbox", { name: "Owner14 Sample" })).toBeDisabled();
  await modal.getByRole("button", { name: "Cancel" }).click();

  // Add new contact: created and linked at once.
  await page.getByRole("button", { name: "Add new contact" }).click();
  const drawer = page.getByRole("dialog", { name: "Add Contact" });
  await drawer.getByLabel("First Name").fill("Katherine");
  await drawer.getByLabel("Last Name").fill("Johnson");
  await drawer.getByLabel("Phone Number").fill(uniquePhone());
  await drawer.getByRole("button", { name: "Save" }).click();
  await expect(toast(page, "Contact created successfully!")).toBeVisible();
  await expect(page.getByRole("link", { name: "Katherine Johnson" })).toBeVisible();

  // Product attributes for a selected owner.
  await page.getByRole("button", { name: "Add Attribute" }).click();
  const attribute = page.getByRole("dialog", { name: "Add Attribute" });
  await attribute.getByLabel("Attribute Title").fill("Serial number");
  await attribute.getByLabel("Attribute Type").selectOption({ label: "Long" });
  await attribute.getByRole("button", { name: "Add", exact: true }).click();
  await expect(toast(page, "Attribute Added successfully!")).toBeVisible();
  await page.getByRole("link", { name: "Owner03 Lovelace" }).click();
  await expect(page.getByRole("heading", { name: "Product attributes of Owner03 Lovelace" })).toBeVisible();
  await page.getByLabel("Serial number").fill("SN-1");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(
    page.getByText("Please enter a whole number between -9223372036854775808 and 9223372036854775807."),
  ).toBeVisible();
  await page.getByLabel("Serial number").fill("123456789");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(toast(page, "Product attributes are saved successfully!")).toBeVisible();
  await page.reload();
  await expect(page.getByLabel("Serial number")).toHaveValue("123456789");
  await screenshot(page, "product-detail");

  // Remove a contact from the product, after a confirmation.
  await page.getByRole("button", { name: "Remove Owner14 Sample from this product" }).click();
  const confirm = page
    .getByRole("dialog")
    .filter({ hasText: "Are you sure you want to remove Owner14 Sample from this product?" });
  await confirm.getByRole("button", { name: "Yes" }).click();
  await expect(toast(page, "Contact removed from the product.")).toBeVisible();
  await expect(page.getByRole("link", { name: "Owner14 Sample" })).toHaveCount(0);

  // The contact page shows the product; its add-product drawer needs a choice.
  await page.goto("/contacts?q=lovelace");
  await page.getByRole("link", { name: "Owner03" }).click();
  await expect(page.getByRole("link", { name: /Solar Panels/ })).toBeVisible();
  await expect(page.getByLabel("Serial number")).toHaveValue("123456789");
  await page.getByRole("button", { name: "Add Product" }).click();
  const addProduct = page.getByRole("dialog", { name: "Add Product" });
  await addProduct.getByRole("button", { name: "Save" }).click();
  await expect(addProduct.getByText("Please select the product!")).toBeVisible();
  await addProduct.getByLabel("Product").selectOption({ label: "Heat Pump" });
  await addProduct.getByRole("button", { name: "Save" }).click();
  await expect(toast(page, "Product added to the contact!")).toBeVisible();
  await expect(page.getByRole("link", { name: /Heat Pump/ })).toBeVisible();
  await screenshot(page, "contact-detail-products");

  // Rename and delete (company admins).
  await page.goto("/product");
  await page.getByRole("link", { name: "Open Heat Pump" }).click();
  await page.getByRole("button", { name: "Rename" }).click();
  const rename = page.getByRole("dialog", { name: "Rename Product" });
  await rename.getByLabel("Product Name").fill("solar panels");
  await rename.getByRole("button", { name: "Save" }).click();
  await expect(rename.getByText("A product with this name already exists.")).toBeVisible();
  await rename.getByLabel("Product Name").fill("Heat Pump XL");
  await rename.getByRole("button", { name: "Save" }).click();
  await expect(toast(page, "Product renamed successfully!")).toBeVisible();
  await expect(page.getByRole("heading", { name: "Heat Pump XL" })).toBeVisible();
  await page.getByRole("button", { name: "Delete Product" }).click();
  await page
    .getByRole("dialog")
    .filter({ hasText: "Are you sure you want to delete Heat Pump XL?" })
    .getByRole("button", { name: "Yes" })
    .click();
  await expect(page).toHaveURL(/\/product$/);
  await expect(toast(page, "Product deleted successfully!")).toBeVisible();
  await expect(page.getByRole("link", { name: /^Open / })).toHaveCount(1);
});

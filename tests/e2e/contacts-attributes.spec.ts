import { freshCompanyAdmin, postContact, screenshot } from "../support/contacts-e2e";
import { expect, test, toast } from "../support/e2e-helpers";

// Spec 2 sections 2 (Contact detail), 3 (New attribute), 5 (Attributes) and 8: the add-attribute
// drawer, the contact attribute form (first 5, 'View more') and values checked by type.

const types = [
  {
    title: "Loyalty points",
    type: "Long",
    bad: "lots",
    badMessage: "Please enter a whole number between -9223372036854775808 and 9223372036854775807.",
    good: "9000000000",
  },
  { title: "Birthday", type: "Date Selection", good: "1990-04-01" },
  { title: "Nickname", type: "String", good: "Gracie" },
  { title: "VIP", type: "Boolean", good: "true" },
  {
    title: "Visits",
    type: "Integer",
    bad: "3.5",
    badMessage: "Please enter a whole number between -2147483648 and 2147483647.",
    good: "12",
  },
  { title: "Favourite colour", type: "String", good: "Blue" },
];

test("attributes of each type, their values checked by type, and 'View more' past five", async ({ page }) => {
  test.setTimeout(90_000);
  await freshCompanyAdmin(page);
  await postContact(page, { firstName: "Grace", lastName: "Hopper", phone: "(212) 555-0142" });
  await page.goto("/contacts");

  await page.getByRole("button", { name: "Add Attribute" }).click();
  const drawer = page.getByRole("dialog", { name: "Add Attribute" });
  await drawer.getByRole("button", { name: "Add", exact: true }).click();
  await expect(drawer.getByText("This field can not be empty!")).toHaveCount(2);
  await screenshot(page, "attribute-drawer-errors");

  for (const attribute of types) {
    if (!(await drawer.isVisible())) await page.getByRole("button", { name: "Add Attribute" }).click();
    await drawer.getByLabel("Attribute Title").fill(attribute.title);
    await drawer.getByLabel("Attribute Type").selectOption({ label: attribute.type });
    await drawer.getByRole("button", { name: "Add", exact: true }).click();
    await expect(toast(page, "Attribute Added successfully!").last()).toBeVisible();
    await expect(drawer).toBeHidden();
  }
  // The same title again is refused.
  await page.getByRole("button", { name: "Add Attribute" }).click();
  await drawer.getByLabel("Attribute Title").fill("visits");
  await drawer.getByLabel("Attribute Type").selectOption({ label: "String" });
  await drawer.getByRole("button", { name: "Add", exact: true }).click();
  await expect(drawer.getByText("An attribute with this title already exists.")).toBeVisible();
  await drawer.getByRole("button", { name: "Cancel" }).click();

  await page.getByRole("link", { name: "Grace" }).click();
  await expect(page.getByRole("heading", { name: "Grace Hopper" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Contact Attributes" })).toBeVisible();
  // The first 5 attributes show; the sixth behind 'View more'.
  await expect(page.getByLabel("Favourite colour")).toBeHidden();
  await page.getByRole("button", { name: "View more" }).click();
  await expect(page.getByLabel("Favourite colour")).toBeVisible();
  await page.getByRole("button", { name: "View less" }).click();
  await expect(page.getByLabel("Favourite colour")).toBeHidden();

  await page.getByLabel("Loyalty points").fill("lots");
  await page.getByLabel("Visits").fill("3.5");
  await page.getByRole("button", { name: "Save" }).first().click();
  for (const attribute of types.filter((a) => a.badMessage))
    await expect(page.getByText(attribute.badMessage ?? "")).toBeVisible();
  await screenshot(page, "contact-attributes-errors");

  await page.getByLabel("Loyalty points").fill("9000000000");
  await page.getByLabel("Birthday").fill("1990-04-01");
  await page.getByLabel("Nickname").fill("Gracie");
  await page.getByLabel("VIP").selectOption("true");
  await page.getByLabel("Visits").fill("12");
  await page.getByRole("button", { name: "View more" }).click();
  await page.getByLabel("Favourite colour").fill("Blue");
  await page.getByRole("button", { name: "Save" }).first().click();
  await expect(toast(page, "Contact attributes are saved successfully!")).toBeVisible();

  await page.reload();
  await page.getByRole("button", { name: "View more" }).click();
  for (const attribute of types) await expect(page.getByLabel(attribute.title)).toHaveValue(attribute.good);
  await screenshot(page, "contact-detail");
});

test("an unknown or another company's contact id goes back to the contacts with 'Something went wrong!'", async ({
  page,
}) => {
  await freshCompanyAdmin(page);
  await page.goto("/contacts/contact-detail?id=0f4c8b9e-2d3a-4c5b-8e6f-7a8b9c0d1e2f");
  await expect(page).toHaveURL(/\/contacts$/);
  await expect(toast(page, "Something went wrong!")).toBeVisible();
  await page.goto("/contacts-detail?id=not-a-uuid");
  await expect(page).toHaveURL(/\/contacts$/);
});

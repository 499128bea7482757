import { freshCompanyAdmin, postContact } from "../support/contacts-e2e";
import { expect, test } from "../support/e2e-helpers";

/**
 * Components we draw with Polaris' classes or pieces instead of its components (docs/decisions/0010
 * the contacts table, 0011 the search box, 0026 the drawer), compared with screenshots committed beside
 * this spec (taken with Debian's Chromium at /usr/bin/chromium). A Polaris release that keeps a class
 * but draws it differently, or a change of ours to the markup, shows here. `npx playwright test
 * tests/e2e/hand-written-components.spec.ts --update-snapshots` takes them again after a deliberate change.
 *
 * A fixed viewport, a fresh company whose only contacts are these three (fixed names, phones and
 * addresses), no caret and no animations: nothing on these components changes between runs.
 */
test.use({ viewport: { width: 1280, height: 800 } });

const shot = { animations: "disabled", caret: "hide", maxDiffPixelRatio: 0.01 } as const;

const contacts = [
  { firstName: "Ada", lastName: "Lovelace", phone: "(201) 555-0101", email: "ada@example.com" },
  { firstName: "Grace", lastName: "Hopper", phone: "(201) 555-0102", email: "grace@example.com" },
  { firstName: "Katherine", lastName: "Johnson", phone: "(201) 555-0103" },
];

test.beforeEach(async ({ page }) => {
  await freshCompanyAdmin(page);
  for (const contact of contacts) await postContact(page, contact);
  await page.goto("/contacts");
  await expect(page.getByRole("link", { name: "Katherine" })).toBeVisible();
});

test("the contacts table and its search box look as committed", async ({ page }) => {
  await expect(page.locator(".contacts-index-table")).toHaveScreenshot("contacts-table.png", shot);
  // Two letters: a value, the clear button, the focus ring and the help text (search starts at three).
  const search = page.getByRole("search");
  await search.getByRole("textbox").fill("Gr");
  await expect(search).toHaveScreenshot("contacts-search-field.png", shot);
});

test("the Add Attribute drawer looks as committed", async ({ page }) => {
  await page.getByRole("button", { name: "Add Attribute" }).click();
  const drawer = page.getByRole("dialog", { name: "Add Attribute" });
  await expect(drawer.getByRole("textbox", { name: "Attribute Title" })).toBeVisible();
  // Wherever the drawer put the focus, no focus ring in the picture.
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  await expect(drawer).toHaveScreenshot("add-attribute-drawer.png", shot);
});

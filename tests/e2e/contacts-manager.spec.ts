import { freshCompanyAdmin, postContact, screenshot, uniquePhone } from "../support/contacts-e2e";
import { expect, test, toast } from "../support/e2e-helpers";

// Spec 2 sections 2 (Contacts manager, Add contact), 4 (contact delete), 5 and 8: the 'All Contacts'
// table, its drawer, search, paging and delete, and the add-contact page, with their exact texts.

test("an empty company sees the welcome banner and 'No contact found'", async ({ page }) => {
  await freshCompanyAdmin(page);
  await page.goto("/contacts");
  await expect(page.getByText("Welcome to your contacts")).toBeVisible();
  await expect(page.getByRole("heading", { name: "All Contacts" })).toBeVisible();
  await expect(page.getByText("No contact found", { exact: true })).toBeVisible();
  await expect(page.getByText("Import CSV data file", { exact: true })).toBeVisible();
  await expect(page.getByRole("button", { name: "Add Contact" })).toBeEnabled();
  await screenshot(page, "contacts-empty");
});

test("an open drawer keeps the keyboard inside (Tab and Shift+Tab go round); Escape closes it and the focus goes back to its opener", async ({
  page,
}) => {
  await freshCompanyAdmin(page);
  await page.goto("/contacts");
  const opener = page.getByRole("button", { name: "Add Contact" });
  await opener.focus();
  await page.keyboard.press("Enter");
  const drawer = page.getByRole("dialog", { name: "Add Contact" });
  await expect(drawer).toBeVisible();

  // Where the focus is: the drawer's label if it is inside one, and the control's name.
  const focused = () =>
    page.evaluate(() => {
      const element = document.activeElement as HTMLElement | null;
      const name =
        element?.getAttribute("aria-label") ??
        (element as HTMLInputElement | null)?.labels?.[0]?.textContent ??
        element?.textContent?.trim() ??
        "";
      return {
        dialog: element?.closest("[role=dialog]")?.getAttribute("aria-label") ?? null,
        control: `${element?.tagName.toLowerCase()} ${name.slice(0, 40)}`.trim(),
      };
    });
  // Opened, the focus is in the drawer. Forward through every control and round again: it never
  // leaves the drawer, and comes back to where it started.
  await expect.poll(async () => (await focused()).dialog).toBe("Add Contact");
  const forward: string[] = [];
  for (let i = 0; i < 20; i++) {
    await page.keyboard.press("Tab");
    const now = await focused();
    expect(now.dialog, `Tab ${i + 1} left the drawer for "${now.control}"`).toBe("Add Contact");
    forward.push(now.control);
  }
  expect(forward).toContain("input First Name");
  expect(forward).toContain("button Close");
  expect(forward).toContain("button Save");
  // Backwards from the drawer's first control (its Close button) goes to its last.
  await drawer.getByRole("button", { name: "Close" }).focus();
  await page.keyboard.press("Shift+Tab");
  expect((await focused()).dialog).toBe("Add Contact");
  expect((await focused()).control).not.toBe("button Close");
  for (let i = 0; i < 20; i++) {
    await page.keyboard.press("Shift+Tab");
    expect((await focused()).dialog, `Shift+Tab ${i + 1}`).toBe("Add Contact");
  }

  await page.keyboard.press("Escape");
  await expect(drawer).toBeHidden();
  await expect(opener).toBeFocused();
});

test("Add Contact: required fields, the added contact in the table, edit, duplicates and delete", async ({
  page,
}) => {
  await freshCompanyAdmin(page);
  await page.goto("/contacts");
  // Drawers are above the app's top bar (Add Attribute's, opened from inside the contacts card, was
  // under it): their title and close button are what the pointer finds there.
  // Opened from the keyboard.
  await page.getByRole("button", { name: "Add Attribute" }).focus();
  await page.keyboard.press("Enter");
  const attributeDrawer = page.getByRole("dialog", { name: "Add Attribute" });
  for (const part of [
    attributeDrawer.getByRole("heading", { name: "Add Attribute" }),
    attributeDrawer.getByRole("button", { name: "Close" }),
  ]) {
    const { x, y, width, height } = (await part.boundingBox()) ?? { x: 0, y: 0, width: 0, height: 0 };
    const found = await page.evaluate(
      ([px, py]) => document.elementFromPoint(px, py)?.closest("[role=dialog]")?.getAttribute("aria-label"),
      [x + width / 2, y + height / 2],
    );
    expect(found).toBe("Add Attribute");
  }
  await page.keyboard.press("Escape");
  await expect(attributeDrawer).toBeHidden();
  await expect(page.getByRole("button", { name: "Add Attribute" })).toBeFocused();
  // Opened and closed with the mouse, the focus goes back to the button too.
  await page.getByRole("button", { name: "Add Attribute" }).click();
  await attributeDrawer.getByRole("button", { name: "Close" }).click();
  await expect(attributeDrawer).toBeHidden();
  await expect(page.getByRole("button", { name: "Add Attribute" })).toBeFocused();
  await page.getByRole("button", { name: "Add Contact" }).click();
  const drawer = page.getByRole("dialog", { name: "Add Contact" });
  await drawer.getByRole("button", { name: "Save" }).click();
  await expect(drawer.getByText("This field can not be empty!")).toHaveCount(3);
  await screenshot(page, "contacts-drawer-errors");

  await drawer.getByLabel("First Name").fill("Grace");
  await drawer.getByLabel("Last Name").fill("Hopper");
  await drawer.getByLabel("Phone Number").fill("555-123-4567");
  await drawer.getByRole("button", { name: "Save" }).click();
  await expect(drawer.getByText("Please enter a valid phone number.")).toBeVisible();

  await drawer.getByLabel("Phone Number").fill("(212) 555-0142");
  await drawer.getByLabel("Email Address").fill("not-an-email");
  await drawer.getByRole("button", { name: "Save" }).click();
  await expect(drawer.getByText("Please enter a valid email.")).toBeVisible();
  await drawer.getByLabel("Email Address").fill("");
  await drawer.getByRole("button", { name: "Save" }).click();
  await expect(toast(page, "Contact Added successfully!")).toBeVisible();
  await expect(drawer).toBeHidden();

  const row = page.getByRole("row").filter({ hasText: "Grace" });
  await expect(row.getByRole("cell")).toHaveText(["Grace", "Hopper", "(212) 555-0142", "-", ""]);
  await screenshot(page, "contacts-one");

  // The rows are plain markup with IndexTable's classes: hovered, the whole row is highlighted (the
  // sticky first cell too), and the row menu closes on Escape with the focus back on its button.
  const backgrounds = () =>
    row.evaluate((tr: HTMLTableRowElement) => [
      getComputedStyle(tr).backgroundColor,
      getComputedStyle(tr.cells[0]).backgroundColor,
    ]);
  const [plain] = await backgrounds();
  await row.hover();
  await expect.poll(backgrounds).not.toContain(plain);
  const [hovered, firstCell] = await backgrounds();
  expect(firstCell).toBe(hovered);
  const menuButton = row.getByRole("button", { name: "Actions for Grace Hopper" });
  await menuButton.click();
  await expect(page.getByRole("menuitem", { name: "Edit Contact" })).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(page.getByRole("menuitem", { name: "Edit Contact" })).toBeHidden();
  await expect(menuButton).toBeFocused();

  // Edit in the same drawer.
  await row.getByRole("button", { name: "Actions for Grace Hopper" }).click();
  await page.getByRole("menuitem", { name: "Edit Contact" }).click();
  const edit = page.getByRole("dialog", { name: "Edit Contact" });
  await expect(edit.getByLabel("Phone Number")).toHaveValue("(212) 555-0142");
  await edit.getByLabel("Email Address").fill("Grace@Navy.mil");
  await edit.getByRole("button", { name: "Save" }).click();
  await expect(toast(page, "Contact updated successfully!")).toBeVisible();
  await expect(row.getByRole("cell").nth(3)).toHaveText("grace@navy.mil");

  // The same phone, written differently, is a duplicate: refused, with a link to the existing contact.
  await page.getByRole("button", { name: "Add Contact" }).click();
  await drawer.getByLabel("First Name").fill("Other");
  await drawer.getByLabel("Last Name").fill("Person");
  await drawer.getByLabel("Phone Number").fill("+1 212 555 0142");
  await drawer.getByRole("button", { name: "Save" }).click();
  await expect(drawer.getByText("A contact with this phone number already exists.")).toBeVisible();
  await screenshot(page, "contacts-duplicate");
  await drawer.getByRole("link", { name: "View the existing contact" }).click();
  await expect(page).toHaveURL(/\/contacts\/contact-detail\?id=/);
  await expect(page.getByRole("heading", { name: "Grace Hopper" })).toBeVisible();

  // Delete, after a confirmation.
  await page.goto("/contacts");
  await row.getByRole("button", { name: "Actions for Grace Hopper" }).click();
  await page.getByRole("menuitem", { name: "Delete Contact" }).click();
  const confirm = page
    .getByRole("dialog")
    .filter({ hasText: "Are you sure you want to delete this contact?" });
  await confirm.getByRole("button", { name: "Yes" }).click();
  await expect(toast(page, "Contact deleted successfully!")).toBeVisible();
  await expect(page.getByText("No contact found", { exact: true })).toBeVisible();
});

test("search waits for 3 characters and a second, then pages through by keyset", async ({ page }) => {
  test.setTimeout(90_000);
  await freshCompanyAdmin(page);
  for (let n = 1; n <= 23; n++)
    await postContact(page, {
      firstName: `Person${String(n).padStart(2, "0")}`,
      lastName: n % 2 ? "Smith" : "Jones",
      phone: uniquePhone(),
      email: `person${n}@example.com`,
    });
  await page.goto("/contacts");
  const bodyRows = page.locator(".Polaris-IndexTable__TableRow");
  await expect(bodyRows).toHaveCount(10);
  await expect(bodyRows.first()).toContainText("Person23");

  await page.getByLabel("Next page", { exact: true }).click();
  await expect(page).toHaveURL(/after=/);
  await expect(bodyRows.first()).toContainText("Person13");
  await page.getByLabel("Next page", { exact: true }).click();
  await expect(bodyRows).toHaveCount(3);
  await expect(page.getByLabel("Next page", { exact: true })).toBeDisabled();
  await page.getByLabel("Previous page", { exact: true }).click();
  await expect(bodyRows.first()).toContainText("Person13");
  await page.getByLabel("Previous page", { exact: true }).click();
  await expect(bodyRows.first()).toContainText("Person23");
  await expect(page.getByLabel("Previous page", { exact: true })).toBeDisabled();

  await page.getByLabel("Rows per page").selectOption("50");
  await expect(bodyRows).toHaveCount(23);
  await expect(page).toHaveURL(/size=50/);
  // 23 rows scroll in the table's 325-pixel box, under headings that stay at its top.
  const box = page.locator(".contacts-index-table-scroll");
  expect((await box.boundingBox())?.height).toBe(325);
  await box.evaluate((element) => element.scrollTo({ top: 400 }));
  const heading = page.getByRole("columnheader", { name: "First Name" });
  await expect.poll(async () => (await heading.boundingBox())?.y).toBe((await box.boundingBox())?.y);
  await expect(bodyRows.first()).not.toBeInViewport();
  // The heading is on top where it sits: what the pointer finds there is the heading, not a row.
  const { x, y } = (await heading.boundingBox()) ?? { x: 0, y: 0 };
  expect(
    await page.evaluate(
      ([px, py]) => document.elementFromPoint(px, py)?.closest("th")?.textContent,
      [x + 5, y + 5],
    ),
  ).toBe("First Name");
  await box.evaluate((element) => element.scrollTo({ top: 0 }));

  const search = page.getByRole("textbox", { name: "Search contacts" });
  await search.fill("sm");
  await expect(page.getByText("Type at least 3 characters")).toBeVisible();
  await page.waitForTimeout(1300);
  await expect(page).not.toHaveURL(/q=/);
  await search.fill("smith");
  // Sent only after 1 s without typing.
  await page.waitForTimeout(400);
  await expect(page).not.toHaveURL(/q=/);
  await expect(page).toHaveURL(/q=smith/);
  await expect(bodyRows).toHaveCount(12);
  await search.fill("person7@");
  await expect(page).toHaveURL(/q=person7%40/);
  await expect(bodyRows).toHaveCount(1);
  await expect(bodyRows.first()).toContainText("Person07");
  await screenshot(page, "contacts-search");
  await search.fill("nobody-here");
  await expect(page.getByText("No contact found", { exact: true })).toBeVisible();
  // The clear button empties the box and leaves the cursor in it.
  await page.getByRole("button", { name: "Clear", exact: true }).click();
  await expect(search).toHaveValue("");
  await expect(search).toBeFocused();
  await expect(page.getByRole("button", { name: "Clear", exact: true })).toHaveCount(0);
  await expect(page).not.toHaveURL(/q=/);
  await expect(bodyRows).toHaveCount(23);
  await screenshot(page, "contacts-list");
});

test("the add-contact page: its texts, its checks and the success modal that goes back", async ({ page }) => {
  await freshCompanyAdmin(page);
  await page.goto("/contacts/create-contact");
  await expect(page.getByRole("heading", { name: "Back to all contacts" })).toBeVisible();
  const submit = page.getByRole("button", { name: "Add Contact" });
  await submit.click();
  await expect(page.getByText("This field cannot be empty!")).toHaveCount(2);
  await expect(page.getByText("Phone number or email address is required.")).toHaveCount(2);
  await screenshot(page, "create-contact-errors");

  await page.getByLabel("First Name").fill("Alan");
  await page.getByLabel("Last Name").fill("Turing");
  await page.getByLabel("Phone Number").fill("12345");
  await page.getByLabel("Email Address").fill("alan@");
  await submit.click();
  await expect(page.getByText("Please enter a valid phone number.")).toBeVisible();
  await expect(page.getByText("Please enter a valid email.")).toBeVisible();

  // Passes the pattern, but is not a real number: the server's message in the failure modal.
  await page.getByLabel("Phone Number").fill("+1 555 555 5555");
  await page.getByLabel("Email Address").fill("alan@bletchley.uk");
  await submit.click();
  const failed = page.getByRole("dialog", { name: "Something went wrong!" });
  await expect(failed.getByText("Please enter a valid phone number.")).toBeVisible();
  await screenshot(page, "create-contact-failed");
  await failed.getByRole("button", { name: "OK" }).click();

  await page.getByLabel("Phone Number").fill("+44 20 7946 0958");
  await submit.click();
  await expect(page.getByRole("dialog").getByText("Contacts added successfully!")).toBeVisible();
  await screenshot(page, "create-contact-success");
  await expect(page).toHaveURL(/\/contacts$/, { timeout: 4000 });
  await expect(page.getByRole("row").filter({ hasText: "Alan" }).getByRole("cell").nth(2)).toHaveText(
    "+44 20 7946 0958",
  );

  // The same email again: the failure modal says so and links to the contact.
  await page.goto("/contacts/create-contact");
  await page.getByLabel("First Name").fill("Alan");
  await page.getByLabel("Last Name").fill("Again");
  await page.getByLabel("Email Address").fill("ALAN@bletchley.uk");
  await page.getByRole("button", { name: "Add Contact" }).click();
  const duplicate = page.getByRole("dialog", { name: "Something went wrong!" });
  await expect(duplicate.getByText("A contact with this email address already exists.")).toBeVisible();
  await expect(duplicate.getByRole("link", { name: "View the existing contact" })).toBeVisible();
});

import type { Page } from "@playwright/test";
import { seriousViolations } from "../support/axe";
import { freshCompanyAdmin, postProduct } from "../support/contacts-e2e";
import {
  DEMO_ACCOUNT_ID,
  demo,
  expect,
  gotoLive,
  joinCompanyByInvitation,
  login,
  namedUser,
  platformAdmin,
  screenshotsIn,
  signInNewCompanyAdmin,
  signInNewUser,
  test,
  toast,
  twoUserTest,
  viewCompanyAs,
} from "../support/e2e-helpers";

// Issue 6 items 1 and 2 (spec 2 sections 2, 4, 6, 8 and 9): the touchpoint manager, its edit drawer,
// reorder and delete, the journey state switcher, the workflow and the touchpoint detail.

const shots = "/tmp/touchpoints-screens";
const shot = screenshotsIn(shots);

function row(page: Page, name: string) {
  return page.getByRole("row").filter({ has: page.getByRole("link", { name: `Details of ${name}` }) });
}

async function fillDrawer(
  page: Page,
  values: {
    name?: string;
    wait?: string;
    unit?: string;
    channel?: string;
    subject?: string;
    message?: string;
    link?: string;
  },
) {
  const drawer = page.getByRole("dialog");
  if (values.name !== undefined) await drawer.getByLabel("Name", { exact: true }).fill(values.name);
  if (values.wait !== undefined) await drawer.getByLabel("Wait", { exact: true }).fill(values.wait);
  if (values.unit) await drawer.getByLabel("Wait unit").selectOption(values.unit);
  if (values.channel) await drawer.getByLabel("Channel").selectOption(values.channel);
  if (values.subject !== undefined) await drawer.getByLabel("Subject").fill(values.subject);
  if (values.message !== undefined) await drawer.getByLabel("Message", { exact: true }).fill(values.message);
  if (values.link !== undefined) await drawer.getByLabel("Link", { exact: true }).fill(values.link);
  return drawer;
}

test("touchpoints: build a three-touchpoint journey, edit, reorder, delete, change its state", async ({
  page,
}) => {
  test.setTimeout(180_000);
  await freshCompanyAdmin(page);

  // No products: no journeys, and the way to make one.
  await page.goto("/touchpoints");
  await expect(page.getByText("No journeys yet")).toBeVisible();
  await expect(page.getByRole("link", { name: "Go to the products manager" })).toHaveAttribute(
    "href",
    "/product",
  );
  await shot(page, "touchpoints-no-journeys");

  await postProduct(page, "Solar Panels");
  await postProduct(page, "Heat Pump");
  await gotoLive(page, "/touchpoints");
  await expect(page.getByRole("heading", { name: "Solar Panels" })).toBeVisible();
  await page.getByLabel("Journey", { exact: true }).selectOption({ label: "Solar Panels" });
  await expect(page).toHaveURL(/journey=/);
  await expect(page.getByRole("heading", { name: "Heat Pump" })).toHaveCount(0);
  await expect(page.getByText("No touchpoints yet")).toBeVisible();
  // A new product's journey is a draft (issue 20): paused, said in words, with 'Make live'.
  await expect(page.getByText("This journey is paused: it messages no one yet")).toBeVisible();
  await expect(page.getByRole("button", { name: "Make live: Solar Panels" })).toBeEnabled();
  await shot(page, "touchpoints-empty-journey");

  // Add: validation per field, nothing typed lost.
  await page.getByRole("button", { name: "Add touchpoint: Solar Panels" }).click();
  let drawer = page.getByRole("dialog", { name: "Add touchpoint" });
  await fillDrawer(page, {
    channel: "email",
    message: "Hello {{first_name}}, see {{LINK}} {{nickname}}",
    wait: "1.5",
  });
  await expect(drawer.getByText("Unknown fields are sent as written: {{nickname}}")).toBeVisible();
  await drawer.getByRole("button", { name: "Save" }).click();
  await expect(drawer.getByText("This field can not be empty!")).toBeVisible();
  await expect(drawer.getByText("An email needs a subject.")).toBeVisible();
  await expect(drawer.getByText("Please enter a whole number of 0 or more.")).toBeVisible();
  await expect(
    drawer.getByText("The message contains the link placeholder: please enter the link."),
  ).toBeVisible();
  await shot(page, "touchpoints-drawer-errors");
  await fillDrawer(page, {
    name: "Welcome",
    wait: "0",
    subject: "Welcome aboard",
    link: "https://example.com/welcome",
  });
  // No wait on the first touchpoint: said before saving (issue 20).
  await expect(drawer.getByText(/sends as soon as a contact is linked/)).toBeVisible();
  await shot(page, "touchpoints-drawer-no-wait");
  await expect(drawer.getByLabel("Message", { exact: true })).toHaveValue(
    "Hello {{first_name}}, see {{LINK}} {{nickname}}",
  );
  await drawer.getByRole("button", { name: "Save" }).click();
  await expect(toast(page, "Touchpoint added successfully!")).toBeVisible();
  await expect(drawer).toBeHidden();
  // The toast's close button has a name, and the page with the toast up passes axe.
  await expect(page.getByRole("button", { name: "Dismiss notification" })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  // An SMS with its length in segments, and a WhatsApp message after hours.
  await page.getByRole("button", { name: "Add touchpoint: Solar Panels" }).click();
  drawer = await fillDrawer(page, { name: "Reminder", wait: "2", unit: "days", message: "a".repeat(161) });
  await expect(drawer.getByText(/sends as soon as a contact is linked/)).toHaveCount(0);
  await expect(drawer.getByTestId("sms-length")).toHaveText("161 characters, 2 segments (GSM-7)");
  await drawer.getByLabel("Message", { exact: true }).fill("Your panels are ready ☀");
  await expect(drawer.getByTestId("sms-length")).toHaveText("23 characters, 1 segment (UCS-2)");
  await shot(page, "touchpoints-drawer-sms");
  expect(await seriousViolations(page)).toEqual([]);
  await drawer.getByRole("button", { name: "Save" }).click();
  await expect(toast(page, "Touchpoint added successfully!")).toBeVisible();
  await page.getByRole("button", { name: "Add touchpoint: Solar Panels" }).click();
  drawer = await fillDrawer(page, {
    name: "Check-in",
    wait: "5",
    unit: "hours",
    channel: "whatsapp",
    message: "How is it going?",
  });
  await drawer.getByRole("button", { name: "Save" }).click();
  await expect(toast(page, "Touchpoint added successfully!")).toBeVisible();

  // The wait texts: immediate, days, hours.
  await expect(row(page, "Welcome")).toContainText("Immediate on insert");
  await expect(row(page, "Reminder")).toContainText("2 days");
  await expect(row(page, "Check-in")).toContainText("5 hours");
  await expect(row(page, "Welcome").getByRole("textbox", { name: "Message of Welcome" })).toHaveAttribute(
    "rows",
    "2",
  );
  await expect(row(page, "Welcome").getByRole("link", { name: "https://example.com/welcome" })).toBeVisible();
  await expect(page.getByText("3 touchpoints")).toBeVisible();

  // Edit: 30 hours shows as 1.3 days.
  await row(page, "Reminder").getByRole("button", { name: "Edit Reminder" }).click();
  drawer = page.getByRole("dialog", { name: "Edit touchpoint" });
  await expect(drawer.getByLabel("Name", { exact: true })).toHaveValue("Reminder");
  await fillDrawer(page, { wait: "30", unit: "hours" });
  await drawer.getByRole("button", { name: "Save" }).click();
  await expect(toast(page, "Touchpoint saved successfully!")).toBeVisible();
  await expect(row(page, "Reminder")).toContainText("1.3 days");

  // Reorder with the keyboard: Check-in up, twice.
  const order = () => page.getByRole("link", { name: /^Details of / }).allTextContents();
  await expect.poll(order).toEqual(["Welcome", "Reminder", "Check-in"]);
  await expect(page.getByRole("button", { name: "Move Welcome up" })).toBeDisabled();
  await expect(page.getByRole("button", { name: "Move Check-in down" })).toBeDisabled();
  await page.getByRole("button", { name: "Move Check-in up" }).focus();
  await page.keyboard.press("Enter");
  await expect.poll(order).toEqual(["Welcome", "Check-in", "Reminder"]);
  await page.getByRole("button", { name: "Move Check-in up" }).click();
  await expect.poll(order).toEqual(["Check-in", "Welcome", "Reminder"]);
  await shot(page, "touchpoints-table");
  expect(await seriousViolations(page)).toEqual([]);

  // Delete asks first; No keeps it.
  await page.getByRole("button", { name: "Delete Welcome" }).click();
  const confirm = page.getByRole("dialog").filter({ hasText: "delete the touchpoint Welcome" });
  await expect(confirm).toBeVisible();
  await shot(page, "touchpoints-delete-confirm");
  await confirm.getByRole("button", { name: "Cancel" }).click();
  await expect.poll(order).toEqual(["Check-in", "Welcome", "Reminder"]);
  await page.getByRole("button", { name: "Delete Welcome" }).click();
  await confirm.getByRole("button", { name: "Delete" }).click();
  await expect(toast(page, "Touchpoint deleted successfully!")).toBeVisible();
  await expect.poll(order).toEqual(["Check-in", "Reminder"]);
  await expect(page.getByRole("cell", { name: "2", exact: true })).toBeVisible();

  // The state: made live from the draft banner, then paused again with the switcher: confirmed,
  // changed, recorded.
  await page.getByRole("button", { name: "Make live: Solar Panels" }).click();
  await expect(toast(page, "Journey state changed to Live.")).toBeVisible();
  await expect(page.getByText("This journey is paused: it messages no one yet")).toHaveCount(0);
  await expect(page.getByText(/Paused → Live, by /)).toBeVisible();
  await shot(page, "touchpoints-live");
  await page.getByLabel("Journey state").selectOption("paused");
  await expect(page.getByText("schedule stops and resumes from the current position")).toBeVisible();
  await page.getByRole("button", { name: "Change state" }).click();
  const stateModal = page.getByRole("dialog", { name: "Change the journey state?" });
  await expect(stateModal).toContainText(
    "Set Solar Panels to Paused: schedule stops and resumes from the current position.",
  );
  await shot(page, "touchpoints-state-confirm");
  await stateModal.getByRole("button", { name: "Change state" }).click();
  await expect(toast(page, "Journey state changed to Paused.")).toBeVisible();
  await expect(page.getByText(/Live → Paused, by /)).toBeVisible();
  await expect(page.getByText("This journey is paused: it messages no one yet")).toBeVisible();
  await shot(page, "touchpoints-paused");

  // The workflow and the detail.
  await page.getByRole("link", { name: "View workflow" }).click();
  await expect(page.getByRole("heading", { name: "Workflow: Solar Panels" })).toBeVisible();
  await expect(page.getByText("A contact is linked to Solar Panels.")).toBeVisible();
  await expect(page.getByText("Wait 5 hours")).toBeVisible();
  await expect(page.getByText("Wait 1.3 days")).toBeVisible();
  await expect(page.getByText("End of journey")).toBeVisible();
  await shot(page, "touchpoints-workflow");
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByRole("link", { name: "Reminder" }).click();
  await expect(page).toHaveURL(/touchpoint-detail\?id=/);
  await expect(page.getByRole("heading", { name: "Reminder" })).toBeVisible();
  await expect(page.getByText("Step 2 of 2")).toBeVisible();
  for (const key of ["sent", "delivered", "failed", "clicked"])
    await expect(page.getByTestId(`count-${key}`)).toHaveText("0");
  await expect(page.getByText("No messages sent yet.")).toBeVisible();
  await shot(page, "touchpoint-detail");
  expect(await seriousViolations(page)).toEqual([]);

  // Without ?journey= the workflow shows the first journey by name: Heat Pump, with no touchpoints.
  await page.goto("/touchpoints/workflow");
  await expect(page.getByRole("heading", { name: "Workflow: Heat Pump" })).toBeVisible();
  await expect(page.getByText("This journey has no touchpoints yet.")).toBeVisible();
  await shot(page, "touchpoints-workflow-empty");

  await page.goto("/touchpoint-detail?id=00000000-0000-4000-8000-000000000000");
  await expect(page.getByText("Touchpoint not found")).toBeVisible();
  await shot(page, "touchpoint-detail-not-found");
  await page.goto("/touchpoints/workflow?journey=00000000-0000-4000-8000-000000000000");
  await expect(page.getByText("No journey found")).toBeVisible();
});

test("RO Admin: the touchpoint controls are disabled and forged writes refused", async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  // Demo Co gets a journey with a touchpoint to look at.
  const demoContext = await browser.newContext();
  const demoPage = await demoContext.newPage();
  await login(demoPage, demo);
  const product = `Readonly Journey ${Date.now()}`;
  await postProduct(demoPage, product);
  await gotoLive(demoPage, "/touchpoints");
  await demoPage.getByRole("button", { name: `Add touchpoint: ${product}` }).click();
  const drawer = await fillDrawer(demoPage, { name: "Look only", message: "Hello" });
  await drawer.getByRole("button", { name: "Save" }).click();
  await expect(toast(demoPage, "Touchpoint added successfully!")).toBeVisible();
  await demoContext.close();

  await viewCompanyAs(page, platformAdmin, DEMO_ACCOUNT_ID, "roadmin");
  await gotoLive(page, "/touchpoints");
  await expect(page.getByRole("heading", { name: "Touchpoints" })).toBeVisible();
  await page.getByLabel("Journey", { exact: true }).selectOption({ label: product });
  await expect(page.getByRole("heading", { name: product })).toBeVisible();
  // Demo Co has other journeys (other specs add products): wait until only the chosen one shows.
  await expect(page).toHaveURL(/journey=/);
  await expect(page.getByLabel("Journey state")).toHaveCount(1);
  const forged = await page.request.post("/touchpoints", {
    form: {
      intent: "create",
      journeyId: "x",
      name: "Forged",
      waitUnit: "days",
      channel: "sms",
      message: "x",
    },
    headers: { Accept: "application/json" },
    maxRedirects: 0,
  });
  expect(forged.status()).toBe(403);
  const state = await page.request.post("/touchpoints", {
    form: { intent: "state", journeyId: "x", state: "paused" },
    headers: { Accept: "application/json" },
    maxRedirects: 0,
  });
  expect(state.status()).toBe(403);
  await expect(page.getByLabel("Journey state")).toBeDisabled();
  await expect(page.getByRole("button", { name: "Change state" })).toBeDisabled();
  await expect(page.getByRole("button", { name: `Add touchpoint: ${product}` })).toBeDisabled();
  for (const name of [
    "Test now: Look only",
    "Edit Look only",
    "Move Look only up",
    "Move Look only down",
    "Delete Look only",
  ])
    await expect(page.getByRole("button", { name })).toBeDisabled();
  await shot(page, "touchpoints-readonly");
});

twoUserTest(
  "a member who is not a company admin edits only a touchpoint's link",
  async ({ page, otherPage }) => {
    test.setTimeout(150_000);
    await signInNewCompanyAdmin(page, namedUser("Alice", "Admin"));
    const member = await signInNewUser(otherPage, namedUser("Bob", "Member"));
    await joinCompanyByInvitation(page, otherPage, member);
    await postProduct(page, "Tool Kit");
    await gotoLive(page, "/touchpoints");
    await page.getByRole("button", { name: "Add touchpoint: Tool Kit" }).click();
    const drawer = await fillDrawer(page, {
      name: "Manual",
      message: "Your manual: {{LINK}}",
      link: "https://example.com/v1",
    });
    await drawer.getByRole("button", { name: "Save" }).click();
    await expect(toast(page, "Touchpoint added successfully!")).toBeVisible();

    await gotoLive(otherPage, "/touchpoints");
    await expect(otherPage.getByRole("button", { name: /^Add touchpoint/ })).toHaveCount(0);
    await expect(otherPage.getByRole("button", { name: "Move Manual up" })).toHaveCount(0);
    await expect(otherPage.getByRole("button", { name: "Delete Manual" })).toHaveCount(0);
    await expect(otherPage.getByLabel("Journey state")).toBeDisabled();
    await otherPage.getByRole("button", { name: "Edit Manual" }).click();
    const linkDrawer = otherPage.getByRole("dialog", { name: "Edit touchpoint link" });
    await expect(linkDrawer.getByText("Only a company admin can change the other fields.")).toBeVisible();
    await expect(linkDrawer.getByLabel("Name", { exact: true })).toBeDisabled();
    await expect(linkDrawer.getByLabel("Message", { exact: true })).toBeDisabled();
    // The message uses {{LINK}}: the link cannot be emptied.
    await linkDrawer.getByLabel("Link", { exact: true }).fill("");
    await linkDrawer.getByRole("button", { name: "Save" }).click();
    await expect(
      linkDrawer.getByText("The message contains the link placeholder: please enter the link."),
    ).toBeVisible();
    await linkDrawer.getByLabel("Link", { exact: true }).fill("https://example.com/v2");
    await otherPage.screenshot({ path: `${shots}/touchpoints-member-link.png`, fullPage: true });
    await linkDrawer.getByRole("button", { name: "Save" }).click();
    await expect(toast(otherPage, "Touchpoint saved successfully!")).toBeVisible();
    await expect(
      row(otherPage, "Manual").getByRole("link", { name: "https://example.com/v2" }),
    ).toBeVisible();
    await expect(otherPage.getByRole("textbox", { name: "Message of Manual" })).toHaveValue(
      "Your manual: {{LINK}}",
    );
  },
);

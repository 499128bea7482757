import { randomBytes } from "node:crypto";
import type { Locator, Page } from "@playwright/test";
import { seriousViolations } from "../support/axe";
import {
  demo,
  expect,
  login,
  platformAdmin,
  readOnlyAdmin,
  test,
  toast,
  uniqueSubdomain,
} from "../support/e2e-helpers";

// Spec 1 sections 2, 4 and 5: the Companies tab of /admin, its modals, View As, and who may write.

type AdminCompany = { company: string; url: string; link: string; chat: string; status: string };

function companyDetails(prefix = "Admin Co"): AdminCompany {
  const suffix = randomBytes(3).toString("hex");
  return {
    company: `${prefix} ${suffix}`,
    url: `www.admin-${suffix}.com`,
    link: uniqueSubdomain("links"),
    chat: uniqueSubdomain("chat"),
    status: "CREATED",
  };
}

// An external dashboard's address; the browser's requests to it are answered by the test.
const EMBED_URL = "https://dashboards.example.test/embed/sales";

// Waits for a list reloaded after a save (the status one 1500 ms later); generous for a busy machine.
const RELOADED = 15_000;

const addCompanyDialog = (page: Page) => page.getByRole("dialog", { name: "Add Company" });

async function fillAddCompany(dialog: Locator, company: AdminCompany) {
  await dialog.getByLabel("Company Name").fill(company.company);
  await dialog.getByLabel("Company URL").fill(company.url);
  await dialog.getByLabel("Account Status").selectOption(company.status);
  await dialog.getByLabel("Account Dashboard").selectOption({ label: "Default Dashboard" });
  await dialog.getByLabel("Link Shortener Subdomain").fill(company.link);
  await dialog.getByLabel("ChatStream Subdomain").fill(company.chat);
}

/** Adds a company through the Add Company modal and closes the success modal. */
async function addCompany(page: Page, company: AdminCompany = companyDetails()) {
  await page.goto("/admin");
  await page.getByRole("button", { name: "Add Company" }).click();
  const dialog = addCompanyDialog(page);
  await fillAddCompany(dialog, company);
  await dialog.getByRole("button", { name: "Submit" }).click();
  const success = page.getByRole("dialog").filter({ hasText: "Company added successfully!" });
  await expect(success).toBeVisible();
  await success.getByRole("button", { name: "OK" }).click();
  await expect(success).toBeHidden();
  return company;
}

/** Narrows the table to one company by searching its name (the search is debounced into the URL). */
async function findCompany(page: Page, name: string) {
  await page.getByRole("textbox", { name: "Search companies by name" }).fill(name);
  await expect(page).toHaveURL(new RegExp(`q=${encodeURIComponent(name).replace(/%20/g, "\\+")}`));
  const row = page.getByRole("row").filter({ hasText: name });
  await expect(row).toHaveCount(1);
  return row;
}

test.describe("platform admin", () => {
  test.beforeEach(async ({ page }) => {
    await login(page, platformAdmin);
  });

  test("the tab shows Company Management with its controls and columns", async ({ page }) => {
    await page.goto("/admin");
    await expect(page.getByRole("heading", { name: "Company Management" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Add Company" })).toBeEnabled();
    await expect(page.getByRole("button", { name: "View Dashboards" })).toBeEnabled();
    for (const column of ["Id", "Name", "View As", "Status", "Dashboard", "Tags", "Users"])
      await expect(page.getByRole("columnheader", { name: column, exact: true })).toBeVisible();
    await expect(page.getByRole("button", { name: /^Created At/ })).toBeVisible();
    const demoRow = await findCompany(page, "Demo Co");
    // Three seeded members: demo, beta and invited.
    await expect(demoRow.getByRole("cell").last()).toHaveText("3");
  });

  test("the tab and the Add Company modal (with the late start pickers) have no serious accessibility violations", async ({
    page,
  }) => {
    await page.goto("/admin");
    await expect(page.getByRole("heading", { name: "Company Management" })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole("button", { name: "Add Company" }).click();
    await addCompanyDialog(page).getByLabel("Account Status").selectOption("LATE_START");
    await expect(addCompanyDialog(page).getByText("Late Start Date")).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  });

  test("Add Company with LATE_START and a plan starts the plan's checkout and shows its link", async ({
    page,
  }) => {
    await page.goto("/admin");
    await page.getByRole("button", { name: "Add Company" }).click();
    const dialog = addCompanyDialog(page);
    const company = { ...companyDetails("Late Co"), status: "LATE_START" };
    await fillAddCompany(dialog, company);
    await dialog.getByRole("button", { name: /next month/i }).click();
    await dialog
      .getByRole("button", { name: /\b15\b/ })
      .first()
      .click();
    await dialog.getByLabel("Plan").selectOption({ label: "Lite-2500-$399" });
    await dialog.getByRole("button", { name: "Submit" }).click();
    const success = page.getByRole("dialog").filter({ hasText: "Company added successfully!" });
    await expect(success).toBeVisible();
    await expect(
      success.getByText(`Checkout started for ${company.company}.`, { exact: false }),
    ).toBeVisible();
    await expect(success.getByLabel("Checkout link")).toHaveValue(/\/checkout\/cs_/);
    await success.getByRole("button", { name: "OK" }).click();
    await expect(success).toBeHidden();
  });

  test("Add Company refuses empty and invalid input with the spec's messages", async ({ page }) => {
    await page.goto("/admin");
    await page.getByRole("button", { name: "Add Company" }).click();
    const dialog = addCompanyDialog(page);
    await dialog.getByRole("button", { name: "Submit" }).click();
    for (const message of [
      "Please enter the name of your company",
      "Please enter the URL of the company",
      "Please Select Status of the company",
      "Please Select Dashboard of the company",
      "Please enter Link Shortener Subdomain",
      "Please enter ChatStream Subdomain",
    ])
      await expect(dialog.getByText(message, { exact: true })).toBeVisible();

    await dialog.getByLabel("Company Name").fill("-Bad name");
    await dialog.getByLabel("Company URL").fill("not a url");
    await dialog.getByLabel("Link Shortener Subdomain").fill("-Bad");
    await dialog.getByRole("button", { name: "Submit" }).click();
    await expect(dialog.getByText("Please enter valid company name", { exact: true })).toBeVisible();
    await expect(dialog.getByText("Please enter valid URL", { exact: true })).toBeVisible();
    // Every failing configured pattern shows under the field.
    await expect(dialog.getByText("Only lowercase letters, digits and hyphens are allowed")).toBeVisible();
    await expect(dialog.getByText("Cannot start or end with a hyphen")).toBeVisible();
  });

  test("a taken subdomain keeps the company, shows the alert, and can be fixed", async ({ page }) => {
    const company = { ...companyDetails("Partial Co"), link: "demo-links" };
    await page.goto("/admin");
    await page.getByRole("button", { name: "Add Company" }).click();
    const dialog = addCompanyDialog(page);
    await fillAddCompany(dialog, company);
    await dialog.getByRole("button", { name: "Submit" }).click();
    await expect(
      dialog.getByText(
        `Company ${company.company} was saved, however the Link Shortener Subdomain or the ChatStream Subdomain was not correctly saved. Please contact support`,
      ),
    ).toBeVisible();
    await expect(dialog.getByText("This subdomain is already used by another company")).toBeVisible();
    await expect(dialog.getByLabel("Company Name")).toBeDisabled();

    await dialog.getByLabel("Link Shortener Subdomain").fill(uniqueSubdomain("links"));
    await dialog.getByRole("button", { name: "Save subdomains" }).click();
    const success = page.getByRole("dialog").filter({ hasText: "Company added successfully!" });
    await expect(success).toBeVisible();
    await success.getByRole("button", { name: "OK" }).click();
    // Saved once, not twice.
    await findCompany(page, company.company);
  });

  test("a new company's status is set, and viewing it as Admin shows the status banner", async ({ page }) => {
    const company = await addCompany(page);
    const row = await findCompany(page, company.company);
    await expect(row.getByText("CREATED", { exact: true })).toBeVisible();

    await row.getByRole("button", { name: `Edit status of ${company.company}` }).click();
    const dialog = page.getByRole("dialog", { name: "Update Account Status" });
    await dialog.getByLabel("Account Status").selectOption("PENDING_PAYMENT");
    await dialog.getByRole("button", { name: "Save" }).click();
    await expect(toast(page, "Account status updated successfully")).toBeVisible();
    // The list refreshes 1500 ms later.
    await expect(row.getByText("PENDING_PAYMENT", { exact: true })).toBeVisible({ timeout: RELOADED });

    await row.getByRole("button", { name: `View ${company.company} as Admin` }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByText("Viewing as Admin")).toBeVisible();
    await expect(page.locator("header").getByText(company.company)).toBeVisible();
    await expect(
      page.getByText("There has been an issue with your recent payment. Please review billing details here"),
    ).toBeVisible();
  });

  test("LATE_START shows the date and plan pickers, turns manual billing off and asks before a new subscription", async ({
    page,
  }) => {
    const company = await addCompany(page);
    const row = await findCompany(page, company.company);
    await row.getByRole("button", { name: `Edit status of ${company.company}` }).click();
    const dialog = page.getByRole("dialog", { name: "Update Account Status" });
    await expect(dialog.getByLabel("Manual Billing")).toBeEnabled();
    await dialog.getByLabel("Account Status").selectOption("LATE_START");
    await expect(dialog.getByLabel("Manual Billing")).toBeDisabled();
    await expect(dialog.getByLabel("Manual Billing")).not.toBeChecked();
    await expect(dialog.getByText("Late Start Date")).toBeVisible();

    // Plans sorted by price; a company not linked to the store cannot take the plan priced 25.
    const plan = dialog.getByLabel("Plan");
    await expect(plan.locator("option", { hasText: "Lite-250-$25" })).toBeDisabled();
    await expect(plan.locator("option", { hasText: "Lite-250-$0" })).toBeEnabled();
    await expect(plan.locator("option", { hasText: "Lite-10000-$1,299" })).toBeEnabled();
    await plan.selectOption({ label: "Lite-1000-$199" });

    await dialog.getByRole("button", { name: "Save" }).click();
    await expect(dialog.getByText("Please select the late start date")).toBeVisible();

    await dialog.getByRole("button", { name: /next month/i }).click();
    await dialog
      .getByRole("button", { name: /\b15\b/ })
      .first()
      .click();
    await dialog.getByRole("button", { name: "Save" }).click();
    const confirm = page.getByRole("dialog").filter({
      hasText:
        "This will start new subscription and it will cancel all previous subscriptions, Do you want to proceed?",
    });
    await expect(confirm).toBeVisible();
    await confirm.getByRole("button", { name: "Yes" }).click();
    await expect(toast(page, "Account status updated successfully")).toBeVisible();
    // The plan's checkout started (on the Stripe stand-in), its subscription beginning at the date:
    // the link to hand to the customer.
    const started = page.getByRole("dialog", { name: "Update Account Status" });
    await expect(started.getByText(/^Checkout started for /)).toBeVisible();
    const link = started.getByLabel("Checkout link");
    await expect(link).toHaveValue(/\/checkout\/cs_/);
    // The checkout opens in a new tab: the admin's list stays where it was.
    await expect(started.getByRole("link", { name: "Open checkout" })).toHaveAttribute("target", "_blank");
    await page.screenshot({ path: "/tmp/billing-screens/admin-late-start-checkout.png" });
    await started.getByRole("button", { name: "Close" }).first().click();
    await expect(row.getByText("LATE_START", { exact: true })).toBeVisible({ timeout: RELOADED });
  });

  test("a dashboard is added, assigned to a company, and deleted (the company falls back to the default)", async ({
    page,
  }) => {
    const company = await addCompany(page);
    const dashboardId = `dash-${randomBytes(3).toString("hex")}`;
    const dashboardName = `Sales ${dashboardId}`;

    await page.getByRole("button", { name: "View Dashboards" }).click();
    const list = page.getByRole("dialog", { name: "All Dashboards" });
    await expect(list.getByText("Default Dashboard")).toBeVisible();
    await expect(list.getByText("Default", { exact: true })).toBeVisible();
    await expect(list.getByRole("button", { name: "Delete Default Dashboard" })).toHaveCount(0);
    await list.getByRole("button", { name: "Add Dashboard" }).click();

    const form = page.getByRole("dialog", { name: "Add Dashboard" });
    await form.getByRole("button", { name: "Save" }).click();
    await expect(form.getByText("Please enter the name of your dashboard")).toBeVisible();
    await expect(form.getByText("Please enter the dashboard id")).toBeVisible();
    await form.getByLabel("Dashboard Name").fill(`  ${dashboardName}`);
    await form.getByLabel("Dashboard Id").fill(dashboardId);
    await form.getByLabel("Embed URL").fill("http://not-https.example.test/board");
    await form.getByRole("button", { name: "Save" }).click();
    await expect(form.getByText("Please enter a valid https URL")).toBeVisible();
    await form.getByLabel("Embed URL").fill(EMBED_URL);
    await form.getByRole("button", { name: "Save" }).click();
    await expect(toast(page, "Dashboard added Successfully!")).toBeVisible();
    await expect(list.getByText(dashboardName, { exact: true })).toBeVisible({ timeout: RELOADED });

    await list.getByRole("button", { name: `Edit ${dashboardName}` }).click();
    const edit = page.getByRole("dialog", { name: "Edit Dashboard" });
    await expect(edit.getByLabel("Dashboard Id")).toHaveAttribute("readonly", "");
    await edit.getByRole("button", { name: "Back" }).click();
    await list.getByRole("button", { name: "Close" }).first().click();

    const row = await findCompany(page, company.company);
    await row.getByRole("button", { name: `Edit dashboard of ${company.company}` }).click();
    const assign = page.getByRole("dialog", { name: "Update Account Dashboard" });
    await assign.getByLabel("Account Dashboard").selectOption({ label: dashboardName });
    await assign.getByRole("button", { name: "Save" }).click();
    await expect(toast(page, "Account dashboard updated successfuly")).toBeVisible();
    await expect(row.getByText(dashboardName)).toBeVisible({ timeout: RELOADED });

    // The company's home (issue 18): our analytics first, the assigned embed in a tab beside it.
    await page.route(`${EMBED_URL}**`, (route) =>
      route.fulfill({ contentType: "text/html", body: "<h1>Quarterly sales board</h1>" }),
    );
    await row.getByRole("button", { name: `View ${company.company} as Admin` }).click();
    await expect(page).toHaveURL(/\/$/);
    const tabs = page.getByRole("tablist");
    await expect(tabs.getByRole("tab", { name: "Analytics" })).toHaveAttribute("aria-selected", "true");
    await expect(page.getByText("No figures yet")).toBeVisible();
    await tabs.getByRole("tab", { name: dashboardName }).click();
    await expect(page).toHaveURL(/view=embed/);
    await expect(
      page
        .frameLocator(`iframe[title="${dashboardName}"]`)
        .getByRole("heading", { name: "Quarterly sales board" }),
    ).toBeVisible();
    await page.screenshot({ path: "/tmp/analytics-screens/embed-tab.png" });
    await tabs.getByRole("tab", { name: "Analytics" }).click();
    await expect(page.getByText("No figures yet")).toBeVisible();
    await expect(page.locator(`iframe[title="${dashboardName}"]`)).toHaveCount(0);
    await page.goto("/admin");
    await findCompany(page, company.company);

    await page.getByRole("button", { name: "View Dashboards" }).click();
    await list.getByRole("button", { name: `Delete ${dashboardName}` }).click();
    const confirm = page
      .getByRole("dialog")
      .filter({ hasText: "Are you sure you want to delete this dashboard?" });
    await confirm.getByRole("button", { name: "Yes" }).click();
    await expect(toast(page, "Dashboard deleted successfully!")).toBeVisible();
    await expect(list.getByText(dashboardName, { exact: true })).toHaveCount(0, { timeout: RELOADED });
    await list.getByRole("button", { name: "Close" }).first().click();
    await expect(row.getByText("Default Dashboard")).toBeVisible({ timeout: RELOADED });
  });

  test("tags are entered comma-separated, cleaned up, and shown in the row", async ({ page }) => {
    const company = await addCompany(page);
    const row = await findCompany(page, company.company);
    await row.getByRole("button", { name: `Edit tags of ${company.company}` }).click();
    const dialog = page.getByRole("dialog", { name: "Update Account Tags" });
    await dialog.getByLabel("Tags").fill("  vip,   big    spender , VIP");
    await dialog.getByRole("button", { name: "Save" }).click();
    await expect(toast(page, "Account tags updated successfully")).toBeVisible();
    await expect(row.getByText("vip", { exact: true })).toBeVisible({ timeout: RELOADED });
    await expect(row.getByText("big spender", { exact: true })).toBeVisible();

    await row.getByRole("button", { name: `Edit tags of ${company.company}` }).click();
    await expect(dialog.getByLabel("Tags")).toHaveValue("big spender, vip");
    await dialog.getByLabel("Tags").fill("vip");
    await dialog.getByRole("button", { name: "Save" }).click();
    await expect(row.getByText("big spender", { exact: true })).toHaveCount(0, { timeout: RELOADED });
  });

  test("search by id, the Shopify filter and the Created At sort cycle live in the URL", async ({ page }) => {
    await page.goto("/admin");
    await page.getByLabel("Search by").selectOption("id");
    await page.getByRole("textbox", { name: "Search companies by id" }).fill("0F4C8B9E-2D3A");
    await expect(page).toHaveURL(/by=id/);
    await expect(page).toHaveURL(/q=0F4C8B9E-2D3A/);
    await expect(page.getByRole("row").filter({ hasText: "Demo Co" })).toHaveCount(1);

    await page.getByLabel("Source").selectOption("shopify");
    await expect(page).toHaveURL(/source=shopify/);
    await expect(page.getByText("No companies found")).toBeVisible();

    await page.goto("/admin");
    await page.getByRole("button", { name: "Created At, sorted newest first" }).click();
    await expect(page).toHaveURL(/sort=asc/);
    await page.getByRole("button", { name: "Created At, sorted oldest first" }).click();
    await expect(page).toHaveURL(/sort=none/);
    await page.getByRole("button", { name: "Created At, not sorted" }).click();
    await expect(page).toHaveURL(/sort=desc/);
  });

  test("a Suspend confirmation never moves to another company when the list reloads", async ({ page }) => {
    // Newest first under one tag: the confirmation is opened on the first row, then a newer company
    // of the tag is added elsewhere and the list reloads, which puts that one in the first row.
    const tag = `Retarget ${randomBytes(3).toString("hex")}`;
    const first = await addCompany(page, { ...companyDetails(tag), company: `${tag} Alpha` });
    await page.goto(`/admin?tab=companies&sort=desc&q=${encodeURIComponent(tag)}`);
    const rows = page.getByRole("row").filter({ hasText: tag });
    await expect(rows).toHaveCount(1);
    await rows.getByRole("button", { name: `Suspend ${first.company}` }).click();
    const confirm = page.getByRole("dialog").filter({ hasText: "suspend" });
    await expect(confirm).toContainText(first.company);

    const elsewhere = await page.context().newPage();
    const newer = await addCompany(elsewhere, { ...companyDetails(tag), company: `${tag} Beta` });
    await elsewhere.close();
    await page.evaluate(() =>
      (
        window as unknown as { __reactRouterDataRouter: { revalidate(): Promise<void> } }
      ).__reactRouterDataRouter.revalidate(),
    );
    await expect(rows).toHaveCount(2);
    await expect(rows.first()).toContainText(newer.company);
    // Closed with its company's row, never showing (and suspending) the company now in that row.
    await expect(page.getByRole("dialog").filter({ hasText: newer.company })).toHaveCount(0);
    await expect(confirm).toHaveCount(0);
  });

  test("viewing a company as RO Admin shows the chip", async ({ page }) => {
    await page.goto("/admin");
    const row = await findCompany(page, "Demo Co");
    await row.getByRole("button", { name: "View Demo Co as RO Admin" }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByText("Viewing as RO Admin")).toBeVisible();
  });
});

test.describe("read-only admin", () => {
  test.beforeEach(async ({ page }) => {
    await login(page, readOnlyAdmin);
  });

  test("sees the companies but every write control is disabled and the Admin view is absent", async ({
    page,
  }) => {
    await page.goto("/admin");
    await expect(page.getByRole("heading", { name: "Company Management" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Add Company" })).toBeDisabled();
    await expect(page.getByRole("button", { name: "View Dashboards" })).toBeDisabled();
    const row = await findCompany(page, "Demo Co");
    await expect(row.getByRole("button", { name: "Edit status of Demo Co" })).toBeDisabled();
    await expect(row.getByRole("button", { name: "Edit dashboard of Demo Co" })).toBeDisabled();
    await expect(row.getByRole("button", { name: "Edit tags of Demo Co" })).toBeDisabled();
    await expect(row.getByRole("button", { name: "View Demo Co as RO Admin" })).toBeEnabled();
    await expect(row.getByRole("button", { name: "View Demo Co as Admin" })).toHaveCount(0);
  });

  test("a forged POST to the company and dashboard routes is refused with 403", async ({ page }) => {
    const company = companyDetails("Forged Co");
    const create = await page.request.post("/resources/admin/companies", {
      form: {
        intent: "create",
        company: company.company,
        url: company.url,
        accountStatus: "ACTIVE",
        dashboardId: "default",
        linkShortenerSubdomain: company.link,
        chatstreamSubdomain: company.chat,
      },
      maxRedirects: 0,
    });
    expect(create.status()).toBe(403);
    const dashboard = await page.request.post("/resources/admin/dashboards", {
      form: { intent: "delete", id: "default" },
      maxRedirects: 0,
    });
    expect(dashboard.status()).toBe(403);

    await page.goto("/admin");
    await page.getByRole("textbox", { name: "Search companies by name" }).fill(company.company);
    await expect(page.getByText("No companies found")).toBeVisible();
  });
});

test.describe("company member without a platform role", () => {
  test("/admin sends them to / and a POST to the company route is refused with 403", async ({ page }) => {
    await login(page, demo);
    await page.goto("/admin");
    await expect(page).toHaveURL(/\/$/);
    const response = await page.request.post("/resources/admin/companies", {
      form: { intent: "tags", accountId: "0f4c8b9e-2d3a-4c5b-8e6f-7a8b9c0d1e2f", tags: "forged" },
      maxRedirects: 0,
    });
    expect(response.status()).toBe(403);
  });
});

import {
  acceptTerms,
  createCompanyViaSetup,
  demo,
  expect,
  login,
  newCompanyDetails,
  platformAdmin,
  test,
} from "../support/e2e-helpers";

// Spec 1 section 2 (application shell) and section 4 (company switch).

test.describe("demo user", () => {
  test.beforeEach(async ({ page }) => {
    await login(page, demo);
  });

  test("the collapse toggle narrows the sidebar from 250 to 80 and back", async ({ page }) => {
    await page.goto("/");
    const sidebar = page.getByRole("navigation", { name: "Main menu" });
    const width = async () => (await sidebar.boundingBox())?.width;
    await expect.poll(width).toBe(250);
    await expect(sidebar.getByText("Touchpoints", { exact: true })).toBeVisible();

    await page.getByRole("button", { name: "Collapse sidebar" }).click();
    await expect.poll(width).toBe(80);
    // Collapsed: icons only, the labels stay available to assistive technology.
    await expect(sidebar.getByText("Touchpoints", { exact: true })).toHaveCount(0);
    await expect(sidebar.getByRole("link", { name: "Touchpoints" })).toBeVisible();

    // The choice survives a reload.
    await page.reload();
    await expect.poll(width).toBe(80);

    await page.getByRole("button", { name: "Expand sidebar" }).click();
    await expect.poll(width).toBe(250);
    await expect(sidebar.getByText("Touchpoints", { exact: true })).toBeVisible();
  });

  test("content padding is left out on / and /touchpoints only", async ({ page }) => {
    // The shell's content area (inside the <main> of Polaris' Frame).
    const padding = () => page.locator(".shell-content").evaluate((el) => getComputedStyle(el).padding);
    await page.goto("/");
    await expect.poll(padding).toBe("0px");
    await page.goto("/touchpoints");
    await expect.poll(padding).toBe("0px");
    await page.goto("/contacts");
    await expect.poll(padding).not.toBe("0px");
  });

  test("the footer shows the version and the legal links", async ({ page }) => {
    await page.goto("/");
    const footer = page.locator("footer");
    await expect(footer.getByText("v1.503.0", { exact: true })).toBeVisible();
    await expect(footer.getByRole("link", { name: "Terms & Conditions" })).toHaveAttribute(
      "href",
      "/termsandCondition",
    );
    await expect(footer.getByRole("link", { name: "Privacy Policy" })).toHaveAttribute("href", "/privacy");
  });

  test("pages and client navigations say how long the server spent on them (Server-Timing)", async ({
    page,
  }) => {
    const response = await page.goto("/contacts");
    const phase = (name: string) => `${name};dur=\\d+\\.\\d`;
    expect(await response?.headerValue("server-timing")).toMatch(
      new RegExp(`^${phase("loaders")}, ${phase("render")}, ${phase("compress")}$`),
    );
    const data = page.waitForResponse((answer) => new URL(answer.url()).pathname.endsWith(".data"));
    await page.getByRole("navigation", { name: "Main menu" }).getByRole("link", { name: "Products" }).click();
    expect(await (await data).headerValue("server-timing")).toMatch(new RegExp(`^${phase("loaders")}$`));
  });

  test("the sidebar marks the current screen", async ({ page }) => {
    // The whole route manifest is one cached file (routeDiscovery "initial"): pages do not inline a
    // partial one, and moving between screens never waits for /__manifest.
    const manifestRequests: string[] = [];
    page.on("request", (request) => {
      if (new URL(request.url()).pathname === "/__manifest") manifestRequests.push(request.url());
    });
    const response = await page.goto("/contacts");
    // A page with nothing left to stream is written whole: compressed once, with its length.
    const headers = (await response?.allHeaders()) ?? {};
    expect(headers["content-encoding"]).toBe("br");
    expect(Number(headers["content-length"])).toBeGreaterThan(1000);
    expect(await page.content()).not.toContain("__reactRouterManifest =");
    const sidebar = page.getByRole("navigation", { name: "Main menu" });
    await expect(sidebar.getByRole("link", { name: "Contacts" })).toHaveAttribute("aria-current", "page");
    // The menu's links move within the app: the page is not loaded again (the mark survives).
    await page.evaluate(() => Object.assign(window, { stillThisPage: true }));
    const historyLength = () => page.evaluate(() => history.length);
    const entries = await historyLength();
    await sidebar.getByRole("link", { name: "Products" }).click();
    await expect(page).toHaveURL(/\/product$/);
    await expect(sidebar.getByRole("link", { name: "Products" })).toHaveAttribute("aria-current", "page");
    await expect(sidebar.getByRole("link", { name: "Contacts" })).not.toHaveAttribute("aria-current");
    expect(await page.evaluate(() => "stillThisPage" in window)).toBe(true);
    expect(await historyLength()).toBe(entries + 1);
    // The current screen's own link replaces its history entry, as React Router's Link does.
    await sidebar.getByRole("link", { name: "Products" }).click();
    await expect(page).toHaveURL(/\/product$/);
    expect(await historyLength()).toBe(entries + 1);
    expect(manifestRequests).toEqual([]);
  });

  test("a menu link clicked with the new-tab modifier opens the screen in a new tab", async ({ page }) => {
    await page.goto("/contacts");
    const sidebar = page.getByRole("navigation", { name: "Main menu" });
    const opened = page.context().waitForEvent("page");
    await sidebar.getByRole("link", { name: "Products" }).click({ modifiers: ["ControlOrMeta"] });
    const tab = await opened;
    await tab.waitForLoadState();
    expect(new URL(tab.url()).pathname).toBe("/product");
    // This tab stays where it was.
    await expect(page).toHaveURL(/\/contacts$/);
    await tab.close();
  });

  test("the suspended page is not reachable for an active user", async ({ page }) => {
    await page.goto("/suspended");
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByText("Account Suspended")).toHaveCount(0);
  });

  test("one company: the user menu has no organization list", async ({ page }) => {
    await page.goto("/");
    await page.getByRole("button", { name: "Account menu" }).click();
    await expect(page.getByRole("menuitem", { name: "Log out" })).toBeVisible();
    await expect(page.getByText("Your Organizations")).toHaveCount(0);
  });
});

test("a user of two companies switches between them in the user menu", async ({ page, loginAsNewUser }) => {
  const first = (await loginAsNewUser({ company: newCompanyDetails("First") })).company!;
  const second = await createCompanyViaSetup(page, newCompanyDetails("Second"));
  await acceptTerms(page);

  const menuButton = page.getByRole("button", { name: "Account menu" });
  await menuButton.click();
  await expect(page.getByText("Your Organizations", { exact: true })).toBeVisible();
  // The newest company is the active one.
  await expect(page.getByRole("menuitem", { name: `${second.company} (Active organization)` })).toBeVisible();
  const firstItem = page.getByRole("menuitem", { name: first.company, exact: true });
  await expect(firstItem).toBeVisible();

  // The app reloads at / after 500 ms with the other company active.
  const reloaded = page.waitForEvent("load");
  await firstItem.click();
  await reloaded;
  await expect(page).toHaveURL(/\/$/);
  await menuButton.click();
  await expect(page.getByRole("menuitem", { name: `${first.company} (Active organization)` })).toBeVisible();
  await expect(page.getByRole("menuitem", { name: second.company, exact: true })).toBeVisible();
});

test("the platform admin's menu has ChatStream in English and none in French", async ({ page }) => {
  await login(page, platformAdmin);
  await page.goto("/admin");
  const sidebar = page.getByRole("navigation", { name: "Main menu" });
  await expect(sidebar.getByRole("listitem")).toHaveText([
    "Analytics",
    "Touchpoints",
    "Products",
    "Contacts",
    "ChatStream",
    "Forms",
    "Support",
    "Integrations",
  ]);

  await page.getByRole("button", { name: "Account menu" }).click();
  await page.getByLabel("Language").selectOption("fr");
  const frenchSidebar = page.getByRole("navigation", { name: "Menu principal" });
  await expect(frenchSidebar.getByRole("listitem")).toHaveText([
    "Statistiques",
    "Points de contact",
    "Produits",
    "Contacts",
    "Formulaires",
    "Assistance",
    "Intégrations",
  ]);
  await expect(page.getByText("Administration Blusteam", { exact: true })).toBeVisible();
});

import { betaUser, demo, expect, login, platformAdmin, test, toast } from "../support/e2e-helpers";

// Spec 1 section 2 (guarded behaviour, signed-in routes) and the security rules of DESIGN.md.

test.describe("signed out", () => {
  for (const path of ["/", "/settings", "/admin", "/contacts"]) {
    test(`${path} sends the visitor to /signin with 'Please login'`, async ({ page }) => {
      await page.goto(path);
      await expect(page).toHaveURL(/\/signin$/);
      await expect(toast(page, "Please login")).toBeVisible();
    });
  }

  test("an invitation link (?requestid=) sends the visitor to /signup instead", async ({ page }) => {
    await page.goto("/?requestid=abc");
    await expect(page).toHaveURL(/\/signup\?requestid=abc$/);
    await expect(page.getByRole("heading", { name: "Create Account", level: 1 })).toBeVisible();
    await expect(toast(page, "Please login")).toHaveCount(0);
  });

  test("/confirm_sign_up and /reset-password without parameters redirect to /", async ({ page }) => {
    for (const path of ["/confirm_sign_up", "/reset-password"]) {
      const response = await page.request.get(path, { maxRedirects: 0 });
      expect(response.status(), path).toBe(302);
      expect(response.headers().location, path).toBe("/");
    }
  });

  test("/set-new-password without a pending challenge redirects to /signin", async ({ page }) => {
    await page.goto("/set-new-password");
    await expect(page).toHaveURL(/\/signin$/);
  });

  test("a cross-origin POST to the login form is refused and signs nobody in", async ({ page }) => {
    const response = await page.request.post("/login", {
      form: { email: demo.email, password: demo.password },
      headers: { Origin: "https://evil.example" },
      maxRedirects: 0,
    });
    // React Router's own check answers document actions before the app's middleware (403) runs.
    expect([400, 403]).toContain(response.status());
    expect(response.headers()["set-cookie"]).toBeUndefined();
    expect((await page.context().cookies()).some((c) => c.name === "__session")).toBe(false);
  });

  test("pages carry the security headers", async ({ page }) => {
    const response = await page.goto("/signin");
    const headers = response!.headers();
    expect(headers["content-security-policy"]).toContain("frame-ancestors 'none'");
    expect(headers["x-content-type-options"]).toBe("nosniff");
    expect(headers["x-frame-options"]).toBe("DENY");
  });
});

test("the session cookie is httpOnly and SameSite=Lax", async ({ page }) => {
  await login(page, demo);
  const session = (await page.context().cookies()).find((c) => c.name === "__session");
  expect(session).toBeDefined();
  expect(session!.httpOnly).toBe(true);
  expect(session!.sameSite).toBe("Lax");
});

test("a cross-origin POST to a resource route is refused with 403", async ({ page }) => {
  await login(page, demo);
  const response = await page.request.post("/logout", {
    headers: { Origin: "https://evil.example" },
    maxRedirects: 0,
  });
  expect(response.status()).toBe(403);
  // The session survived.
  await page.goto("/");
  await expect(page.getByRole("navigation", { name: "Main menu" })).toBeVisible();
});

test.describe("demo user (company admin, no platform role)", () => {
  test.beforeEach(async ({ page }) => {
    await login(page, demo);
  });

  test("an unknown path goes to /", async ({ page }) => {
    await page.goto("/no-such-page");
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole("heading", { name: "Analytics", level: 1 })).toBeVisible();
  });

  for (const path of ["/signin", "/signup", "/forgot-password"]) {
    test(`the public page ${path} sends the signed-in user to /`, async ({ page }) => {
      await page.goto(path);
      await expect(page).toHaveURL(/\/$/);
      await expect(page.getByRole("navigation", { name: "Main menu" })).toBeVisible();
    });
  }

  for (const path of ["/admin", "/chat-interface", "/webchat/branding", "/webchat"]) {
    test(`${path} is not for this user and goes to /`, async ({ page }) => {
      await page.goto(path);
      await expect(page).toHaveURL(/\/$/);
    });
  }

  test("the user menu has no Admin entry and the header no admin label", async ({ page }) => {
    await page.goto("/");
    await page.getByRole("button", { name: "Account menu" }).click();
    await expect(page.getByRole("menuitem", { name: "Settings" })).toBeVisible();
    await expect(page.getByRole("menuitem", { name: "Admin" })).toHaveCount(0);
    await expect(page.getByText("Blusteam Admin")).toHaveCount(0);
  });
});

test("a signed-in user without a company is sent from / to /setup", async ({ page, loginAsNewUser }) => {
  await loginAsNewUser({ company: false });
  await page.goto("/");
  await expect(page).toHaveURL(/\/setup$/);
  await page.goto("/contacts");
  await expect(page).toHaveURL(/\/setup$/);
});

test.describe("platform admin without a company", () => {
  test.beforeEach(async ({ page }) => {
    await login(page, platformAdmin);
  });

  test("/ leads to /admin with the admin label and the Admin menu entry", async ({ page }) => {
    await page.goto("/");
    await expect(page).toHaveURL(/\/admin$/);
    await expect(page.getByText("Blusteam Admin", { exact: true })).toBeVisible();
    await page.getByRole("button", { name: "Account menu" }).click();
    await expect(page.getByRole("menuitem", { name: "Admin" })).toBeVisible();
    await expect(page.getByRole("menuitem", { name: "Settings" })).toBeVisible();
  });

  test("/chat-interface opens for the admin role", async ({ page }) => {
    await page.goto("/chat-interface");
    await expect(page).toHaveURL(/\/chat-interface$/);
    await expect(page.getByRole("navigation", { name: "Main menu" }).getByText("ChatStream")).toBeVisible();
  });
});

test.describe("beta user", () => {
  test.beforeEach(async ({ page }) => {
    await login(page, betaUser);
  });

  test("/webchat/branding opens and the menu shows WebChat", async ({ page }) => {
    await page.goto("/webchat/branding");
    await expect(page).toHaveURL(/\/webchat\/branding$/);
    const sidebar = page.getByRole("navigation", { name: "Main menu" });
    await expect(sidebar.getByRole("listitem")).toHaveText([
      "Analytics",
      "Touchpoints",
      "Products",
      "Contacts",
      "WebChat",
      // The company's web chat inbox (issue 17), beside the chat's editors.
      "Chat inbox",
      "Forms",
      "Support",
      "Integrations",
    ]);
  });

  test("/webchat redirects to /webchat/email-templates", async ({ page }) => {
    await page.goto("/webchat");
    await expect(page).toHaveURL(/\/webchat\/email-templates$/);
    await expect(page.getByRole("navigation", { name: "Main menu" })).toBeVisible();
  });
});

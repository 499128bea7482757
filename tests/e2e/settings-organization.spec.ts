import {
  expect,
  joinCompanyByInvitation,
  namedUser,
  openSettings,
  postForm,
  readAccountId,
  settingsData,
  signInNewCompanyAdmin,
  signInNewUser,
  test,
  toast,
  twoUserTest,
} from "../support/e2e-helpers";

// Issue 3: Settings › Organization. Spec 2 sections 2 (Organization tab), 4 (Secret key), 5
// (Company edit, Secret keys), 6 (key generation for company admins only) and 8.

test.describe.configure({ timeout: 60_000 });

test("the company's name, URL and Account ID, with a copy button", async ({ page, context }) => {
  const { company } = await signInNewCompanyAdmin(page);
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  const accountId = await readAccountId(page);

  await expect(page.getByRole("heading", { name: company.company })).toBeVisible();
  const link = page.getByRole("link", { name: company.url });
  await expect(link).toHaveAttribute("href", `https://${company.url}`);
  await expect(page.getByText("Account ID:", { exact: true })).toBeVisible();
  expect((await settingsData(page)).account.id).toBe(accountId);

  await page.getByRole("button", { name: "Copy" }).click();
  await expect(toast(page, "Copied to clipboard")).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(accountId);
});

test("the Edit Company Details drawer checks and saves the name and URL", async ({ page }) => {
  const { company } = await signInNewCompanyAdmin(page);
  const accountId = await readAccountId(page);
  await page.getByRole("button", { name: "Edit company" }).click();
  const drawer = page.getByRole("dialog", { name: "Edit Company Details" });
  await expect(drawer).toBeVisible();
  const name = drawer.getByLabel("Company name");
  const url = drawer.getByLabel("Company URL");
  await expect(name).toHaveValue(company.company);
  await expect(url).toHaveValue(company.url);
  // The Account ID is shown, not editable.
  await expect(drawer.getByText(`Account ID: ${accountId}`, { exact: true })).toBeVisible();
  await expect(drawer.getByRole("textbox")).toHaveCount(2);

  await name.fill("");
  await url.fill("");
  await drawer.getByRole("button", { name: "Save" }).click();
  await expect(drawer.getByText("Please enter the name of your company", { exact: true })).toBeVisible();
  await expect(drawer.getByText("Please enter the URL of your company", { exact: true })).toBeVisible();

  await name.fill("Joe's");
  await url.fill("nope");
  await drawer.getByRole("button", { name: "Save" }).click();
  await expect(drawer.getByText("Please enter valid company name", { exact: true })).toBeVisible();
  await expect(drawer.getByText("Please enter valid URL", { exact: true })).toBeVisible();

  // Cancel drops what was typed.
  await drawer.getByRole("button", { name: "Cancel" }).click();
  await expect(drawer).toBeHidden();
  await expect(page.getByRole("heading", { name: company.company })).toBeVisible();

  const renamed = `Renamed & Co. ${Date.now()}`;
  await page.getByRole("button", { name: "Edit company" }).click();
  await name.fill(renamed);
  await url.fill("https://renamed.example.org");
  await drawer.getByRole("button", { name: "Save" }).click();
  await expect(toast(page, "Company details updated successfully!")).toBeVisible();
  await expect(drawer).toBeHidden();
  await expect(page.getByRole("heading", { name: renamed })).toBeVisible();
  await expect(page.getByRole("link", { name: "https://renamed.example.org" })).toHaveAttribute(
    "href",
    "https://renamed.example.org",
  );
  await page.reload();
  await expect(page.getByRole("heading", { name: renamed })).toBeVisible();
});

test("secret keys: at most two, shown once, enabled, disabled and deleted", async ({ page }) => {
  await signInNewCompanyAdmin(page);
  await openSettings(page, "organization");
  const generate = page.getByRole("button", { name: "Generate secret key" });
  await expect(page.getByText("No secret keys yet.", { exact: true })).toBeVisible();

  const secrets: string[] = [];
  for (const _ of [1, 2]) {
    await generate.click();
    await expect(toast(page, "Secret key added successfully")).toBeVisible();
    const shown = page.getByRole("dialog", { name: "Copy your secret key now" });
    await expect(
      shown.getByText("This is the only time the full key is shown. Store it somewhere safe.", {
        exact: true,
      }),
    ).toBeVisible();
    const secret = (await shown.getByTestId("new-secret-key").textContent()) ?? "";
    expect(secret).toMatch(/^bsk_[0-9a-f]{12}\.[\w-]{20,}$/);
    secrets.push(secret);
    await shown.getByRole("button", { name: "Close" }).click();
    await expect(shown).toBeHidden();
    // The row shows the key's public id only.
    await expect(page.getByText(secret.split(".")[0], { exact: true })).toBeVisible();
  }
  expect(secrets[0]).not.toBe(secrets[1]);
  await expect(generate).toHaveCount(0);
  await expect(page.getByText("Enabled", { exact: true })).toHaveCount(2);

  // Never shown again.
  await page.reload();
  await expect(page.getByText(secrets[0].split(".")[0], { exact: true })).toBeVisible();
  await expect(page.getByText(secrets[0], { exact: true })).toHaveCount(0);
  await expect(page.getByText(secrets[0].split(".")[1])).toHaveCount(0);
  await expect(generate).toHaveCount(0);

  const firstKey = secrets[0].split(".")[0];
  const row = page
    .locator(".Polaris-InlineStack")
    .filter({ has: page.getByText(firstKey, { exact: true }) })
    .filter({
      has: page.getByRole("button", { name: "Delete" }),
    });
  await row.getByRole("button", { name: "Disable" }).click();
  await expect(toast(page, "Disable successfully")).toBeVisible();
  await expect(row.getByText("Disabled", { exact: true })).toBeVisible();
  await row.getByRole("button", { name: "Enable" }).click();
  await expect(toast(page, "Enable successfully")).toBeVisible();
  await expect(row.getByText("Enabled", { exact: true })).toBeVisible();

  // The row goes, its toast stays on screen (toasts live at the top of the page).
  await row.getByRole("button", { name: "Delete" }).click();
  const confirm = page.getByRole("dialog").filter({ hasText: "Delete this secret key?" });
  await confirm.getByRole("button", { name: "Yes", exact: true }).click();
  await expect(toast(page, "Deleted successfully")).toBeVisible();
  await expect(page.getByText(firstKey, { exact: true })).toHaveCount(0);
  await expect(page.getByText(secrets[1].split(".")[0], { exact: true })).toBeVisible();
  // Below two keys, generating is possible again.
  await expect(generate).toBeEnabled();
});

twoUserTest(
  "a member who is not a company admin cannot generate keys, edit the company or manage users",
  async ({ page, otherPage }) => {
    const a = await signInNewCompanyAdmin(page, namedUser("Alice", "Admin"));
    const b = await signInNewUser(otherPage, namedUser("Bob", "Member"));
    await joinCompanyByInvitation(page, otherPage, b);
    // A key of the company, for B's disabled row buttons.
    await openSettings(page, "organization");
    await page.getByRole("button", { name: "Generate secret key" }).click();
    await page
      .getByRole("dialog", { name: "Copy your secret key now" })
      .getByRole("button", { name: "Close" })
      .click();
    await expect(page.getByText(/^bsk_[0-9a-f]{12}$/)).toBeVisible();
    const [key] = (await settingsData(page)).apiKeys;
    expect(key).toBeDefined();

    await openSettings(otherPage, "organization");
    await expect(otherPage.getByRole("heading", { name: a.company.company })).toBeVisible();
    await expect(otherPage.getByRole("button", { name: "Generate secret key" })).toBeDisabled();
    await expect(otherPage.getByRole("button", { name: "Disable" })).toBeDisabled();
    await expect(otherPage.getByRole("button", { name: "Delete" })).toBeDisabled();
    await expect(otherPage.getByRole("button", { name: "Edit company" })).toBeDisabled();
    // Leaving is for everyone.
    await expect(otherPage.getByRole("button", { name: "Leave organization" })).toBeEnabled();

    // The server refuses what the disabled buttons would have sent.
    const generated = await postForm(otherPage, "/resources/api-keys", { intent: "generate" });
    expect(generated.status()).toBe(403);
    const deleted = await postForm(otherPage, "/resources/api-keys", { intent: "delete", keyId: key.id });
    expect(deleted.status()).toBe(403);
    const edited = await postForm(otherPage, "/settings?tab=organization", {
      intent: "company",
      company: "Taken Over",
      url: "www.taken.com",
    });
    expect(edited.status()).toBe(403);
    const removed = await postForm(otherPage, "/resources/members", {
      intent: "remove",
      userId: (await settingsData(page)).user.id,
    });
    expect(removed.status()).toBe(403);

    await openSettings(otherPage, "users", "current");
    await expect(otherPage.getByRole("button", { name: "Invite a user" })).toBeDisabled();
    await expect(otherPage.getByRole("button", { name: `Remove ${a.user.email}` })).toBeDisabled();
    await expect(otherPage.getByRole("button", { name: "Make company admin" })).toHaveCount(1);
    await expect(otherPage.getByRole("button", { name: "Make company admin" })).toBeDisabled();

    // Nothing changed: A still sees one enabled key, the company name and both members.
    await openSettings(page, "organization");
    await expect(page.getByRole("heading", { name: a.company.company })).toBeVisible();
    await expect(page.getByText(key.keyId, { exact: true })).toBeVisible();
    await expect(page.getByText("Enabled", { exact: true })).toHaveCount(1);
    await expect(page.getByRole("button", { name: "Generate secret key" })).toBeEnabled();
    await openSettings(page, "users", "current");
    await expect(page.getByText(a.user.email, { exact: true })).toBeVisible();
    await expect(page.getByText(b.email, { exact: true })).toBeVisible();
  },
);

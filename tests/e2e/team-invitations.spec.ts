import {
  accountMenuButton,
  expect,
  gotoLive,
  invitationDot,
  inviteByRequest,
  inviteIdOf,
  inviteViaSettings,
  namedUser,
  newUserPage,
  openAccountMenu,
  openSettings,
  readInvitationLink,
  readLatestCode,
  readLatestEmail,
  recordToasts,
  signInNewCompanyAdmin,
  twoUserTest as test,
  toast,
  uniqueEmail,
} from "../support/e2e-helpers";

// Issue 3: invitations end to end. Spec 2 sections 2 (Settings › Users), 4 (Invitation) and 5
// (Invites); spec 1 sections 2 (user menu invitation banner, modals) and 4 (invite acceptance).
//
// Expiry is not tested here: a browser cannot move the server's clock. That invitations expire
// after INVITATION_LIFETIME_DAYS, and that an expired one cannot be accepted, is covered by the
// database tests in app/domain/team/invitations.*.db.test.ts.

// Two or three fresh users per test, each signed up and confirmed through the outbox.
test.describe.configure({ timeout: 90_000 });

/** Marks the document, so a test can tell later that the page was never reloaded. */
async function markDocument(page: import("@playwright/test").Page) {
  await page.evaluate(() => {
    (window as unknown as { e2eNoReload: boolean }).e2eNoReload = true;
  });
}
async function expectNotReloaded(page: import("@playwright/test").Page) {
  expect(
    await page.evaluate(() => (window as unknown as { e2eNoReload?: boolean }).e2eNoReload),
    "the page should not have been reloaded",
  ).toBe(true);
}

test("an invitation appears live in the invitee's menu; accepting it updates the inviter's member list live", async ({
  page,
  otherPage,
}, testInfo) => {
  const a = await signInNewCompanyAdmin(page, namedUser("Alice", "Admin"));
  const b = await signInNewCompanyAdmin(otherPage, namedUser("Bob", "Member"));

  // B waits on the home page, live, with nothing pending.
  await gotoLive(otherPage, "/");
  await markDocument(otherPage);
  await expect(accountMenuButton(otherPage)).toBeVisible();
  await expect(invitationDot(otherPage)).toHaveCount(0);

  // A: Settings › Users › Invite a user.
  await gotoLive(page, "/settings");
  await page.getByRole("tab", { name: "Users" }).click();
  await expect(page).toHaveURL(/tab=users/);
  await page.getByRole("button", { name: "Invite a user" }).click();
  const modal = page.getByRole("dialog", { name: "Invite a user" });
  await modal.getByLabel("Email addresses").fill(b.user.email);
  await modal.getByRole("button", { name: "Send invite" }).click();
  await expect(toast(page, `Invitation sent to ${b.user.email}.`)).toBeVisible();
  await expect(modal).toBeHidden();

  // A keeps the Current users list open.
  await page.getByRole("tab", { name: "Current users" }).click();
  await expect(page.getByText(a.user.email, { exact: true })).toBeVisible();
  await expect(page.getByText(b.user.email, { exact: true })).toHaveCount(0);
  await markDocument(page);

  // B, without a reload: the badge dot, then the banner in the menu.
  await expect(invitationDot(otherPage)).toBeVisible();
  await expectNotReloaded(otherPage);
  await openAccountMenu(otherPage);
  const banner = otherPage.getByText("Alice Admin has invited you to join");
  await expect(banner).toBeVisible();
  await expect(banner).toHaveText(`Alice Admin has invited you to join ${a.company.company}`);
  await expect(otherPage.getByRole("button", { name: "View", exact: true })).toBeVisible();
  await expect(otherPage.getByRole("button", { name: "Decline invitation" })).toBeVisible();
  await testInfo.attach("invitation banner in the user menu", {
    body: await otherPage.screenshot({ path: testInfo.outputPath("invitation-banner.png") }),
    contentType: "image/png",
  });

  await otherPage.getByRole("button", { name: "Accept", exact: true }).click();
  await expect(toast(otherPage, "Joined organization successfully!")).toBeVisible();
  await expect(otherPage).toHaveURL(/\/$/);
  await expect(invitationDot(otherPage)).toHaveCount(0);
  // A's company is now B's active one; B's own company stays in the list.
  await openAccountMenu(otherPage);
  await expect(
    otherPage.getByRole("menuitem", { name: `${a.company.company} (Active organization)` }),
  ).toBeVisible();
  await expect(otherPage.getByRole("menuitem", { name: b.company.company, exact: true })).toBeVisible();

  // A's open list shows B without a reload.
  await expect(page.getByText(b.user.email, { exact: true })).toBeVisible();
  await expect(page.getByText("Bob Member", { exact: true })).toBeVisible();
  await expectNotReloaded(page);
});

test("the emailed link joins the invited user and is refused to anyone else", async ({
  page,
  otherPage,
  browser,
  baseURL,
}) => {
  const a = await signInNewCompanyAdmin(page, namedUser("Alice", "Admin"));
  const b = await signInNewCompanyAdmin(otherPage, namedUser("Bob", "Member"));
  await inviteViaSettings(page, b.user.email);

  const email = await readLatestEmail(page, b.user.email, /invited you to join/);
  expect(email.subject).toBe(`Alice Admin invited you to join ${a.company.company} on Blusteam`);
  expect(email.text).toContain(`Alice Admin has invited you to join ${a.company.company}.`);
  expect(email.text).toContain("The invitation expires on");
  expect(email.link).toMatch(/^http:\/\/localhost:\d+\/\?requestid=[0-9a-f-]{36}$/);
  const link = email.link!;

  // Another signed-in user following B's link.
  const other = await newUserPage(browser, baseURL);
  await signInNewCompanyAdmin(other.page, namedUser("Carol", "Other"));
  await other.page.goto(link);
  await expect(other.page).toHaveURL(/\/\?invite=ineligible$/);
  const ineligible = other.page.getByRole("dialog", { name: "Invitation" });
  await expect(
    ineligible.getByText("You are ineligible for this invite. Please log in with the invitee's account.", {
      exact: true,
    }),
  ).toBeVisible();
  await ineligible.getByRole("button", { name: "Close" }).first().click();
  await expect(ineligible).toBeHidden();
  await other.close();

  // B, signed in, follows the same link: joined at once.
  await otherPage.goto(link);
  await expect(otherPage).toHaveURL(/\/$/);
  await expect(toast(otherPage, "Joined organization successfully!")).toBeVisible();
  await openAccountMenu(otherPage);
  await expect(
    otherPage.getByRole("menuitem", { name: `${a.company.company} (Active organization)` }),
  ).toBeVisible();

  // Used up: following it again says so.
  await otherPage.goto(link);
  await expect(otherPage.getByRole("dialog", { name: "Request not found!" })).toBeVisible();
});

test("a cancelled invitation's link shows 'Request not found!'", async ({ page, otherPage }) => {
  await signInNewCompanyAdmin(page, namedUser("Alice", "Admin"));
  const b = await signInNewCompanyAdmin(otherPage, namedUser("Bob", "Member"));
  await inviteViaSettings(page, b.user.email);
  const link = await readInvitationLink(page, b.user.email);

  await page.getByRole("tab", { name: "Pending Invitations" }).click();
  await expect(page.getByText(b.user.email, { exact: true })).toBeVisible();
  await expect(page.getByText(/^Expires /)).toBeVisible();
  const toastShown = await recordToasts(page);
  await page.getByRole("button", { name: "Cancel", exact: true }).click();
  await expect(page.getByText("No pending invitations found!", { exact: true })).toBeVisible();
  await expect.poll(() => toastShown("Invitation cancelled.")).toBe(true);

  await otherPage.goto(link);
  await expect(otherPage).toHaveURL(/\/\?invite=not_found$/);
  const modal = otherPage.getByRole("dialog", { name: "Request not found!" });
  await expect(
    modal.getByText("It might have been deleted or already accepted.", { exact: true }),
  ).toBeVisible();
  await expect(invitationDot(otherPage)).toHaveCount(0);
  await modal.getByRole("button", { name: "Close" }).first().click();
  await expect(modal).toBeHidden();
  await expect(otherPage).toHaveURL(/\/$/);
});

test("declining from the menu asks first, and the inviter's pending list empties live", async ({
  page,
  otherPage,
}) => {
  const a = await signInNewCompanyAdmin(page, namedUser("Alice", "Admin"));
  const b = await signInNewCompanyAdmin(otherPage, namedUser("Bob", "Member"));
  await inviteViaSettings(page, b.user.email);
  await page.getByRole("tab", { name: "Pending Invitations" }).click();
  await expect(page.getByText(b.user.email, { exact: true })).toBeVisible();

  await gotoLive(otherPage, "/");
  await expect(invitationDot(otherPage)).toBeVisible();
  await openAccountMenu(otherPage);
  await otherPage.getByRole("button", { name: "Decline invitation" }).click();
  const question = "Are you sure you want to decline this invitation to join the organization?";
  const confirm = otherPage.getByRole("dialog").filter({ hasText: question });
  await expect(confirm.getByText(question, { exact: true })).toBeVisible();
  await expect(confirm.getByRole("button", { name: "Yes, Sure" })).toBeVisible();

  // No keeps the invitation.
  await confirm.getByRole("button", { name: "No", exact: true }).click();
  await expect(confirm).toBeHidden();
  await expect(invitationDot(otherPage)).toBeVisible();

  await openAccountMenu(otherPage);
  await otherPage.getByRole("button", { name: "Decline invitation" }).click();
  await confirm.getByRole("button", { name: "Yes, Sure" }).click();
  await expect(confirm).toBeHidden();
  await expect(invitationDot(otherPage)).toHaveCount(0);
  await openAccountMenu(otherPage);
  await expect(otherPage.getByText(/has invited you to join/)).toHaveCount(0);
  await expect(otherPage.getByText(a.company.company)).toHaveCount(0);

  // A's open Pending Invitations list, without a reload.
  await expect(page.getByText("No pending invitations found!", { exact: true })).toBeVisible();
  await expect(page.getByText(b.user.email, { exact: true })).toHaveCount(0);
});

test("a signed-out invitee is sent to sign up, and after confirming lands in the company", async ({
  page,
  otherPage,
}) => {
  const a = await signInNewCompanyAdmin(page, namedUser("Alice", "Admin"));
  const invitee = namedUser("Dana", "Newcomer");
  await inviteViaSettings(page, invitee.email);
  const link = await readInvitationLink(page, invitee.email);
  const inviteId = inviteIdOf(link);

  await otherPage.goto(link);
  await expect(otherPage).toHaveURL(`/signup?requestid=${inviteId}`);
  await otherPage.getByLabel("First name").fill(invitee.givenName);
  await otherPage.getByLabel("Last name").fill(invitee.familyName);
  await otherPage.getByLabel("Email").fill(invitee.email);
  await otherPage.getByLabel("Password").fill(invitee.password);
  await otherPage.getByRole("checkbox", { name: /I agree to the/ }).check();
  await otherPage.getByRole("button", { name: "Sign Up" }).click();

  await expect(otherPage).toHaveURL(`/confirm_sign_up?requestid=${inviteId}`);
  const code = await readLatestCode(otherPage, invitee.email, /confirmation code/);
  await otherPage.getByLabel("Confirmation code").fill(code);
  await otherPage.getByRole("button", { name: "Confirm" }).click();

  await expect(otherPage).toHaveURL(`/signin?requestid=${inviteId}`);
  await expect(otherPage.getByText("Sign in with your new account")).toBeVisible();
  await otherPage.getByLabel("Email").fill(invitee.email);
  await otherPage.getByLabel("Password").fill(invitee.password);
  await otherPage.getByRole("button", { name: "Login" }).click();

  await expect(otherPage).toHaveURL(/\/$/);
  await expect(toast(otherPage, "Joined organization successfully!")).toBeVisible();
  await openAccountMenu(otherPage);
  await expect(otherPage.getByText(a.company.company, { exact: true })).toBeVisible();
  await expect(otherPage.getByText("Your Organizations")).toHaveCount(0);

  await openSettings(page, "users", "current");
  await expect(page.getByText(invitee.email, { exact: true })).toBeVisible();
});

test("the invite form's messages", async ({ page }) => {
  const a = await signInNewCompanyAdmin(page, namedUser("Alice", "Admin"));
  await openSettings(page, "users");
  await page.getByRole("button", { name: "Invite a user" }).click();
  const modal = page.getByRole("dialog", { name: "Invite a user" });
  const field = modal.getByLabel("Email addresses");
  const send = modal.getByRole("button", { name: "Send invite" });
  const warning = modal.locator(".Polaris-Banner");

  await send.click();
  await expect(modal.getByText("This field can not be empty!", { exact: true })).toBeVisible();

  await field.fill("bad");
  await send.click();
  await expect(warning).toContainText("Please enter valid email");
  await expect(warning).toContainText("bad");
  await expect(modal).toBeVisible();

  // Entries are lowercased; an invalid one is dropped and the others are sent.
  const first = uniqueEmail("first");
  await field.fill(`${first.toUpperCase()}, nope`);
  await send.click();
  await expect(toast(page, `Invitation sent to ${first}.`)).toBeVisible();
  await expect(warning).toContainText("Please enter valid email: nope");

  await field.fill(first);
  await send.click();
  await expect(
    warning.getByText(`The invitation to ${first} has already been sent.`, { exact: true }),
  ).toBeVisible();

  await field.fill(a.user.email);
  await send.click();
  await expect(
    warning.getByText(`${a.user.email} has already joined the organization.`, { exact: true }),
  ).toBeVisible();

  await modal.getByRole("button", { name: "Cancel" }).click();
  await page.getByRole("tab", { name: "Pending Invitations" }).click();
  await expect(page.getByText(first, { exact: true })).toBeVisible();
  await expect(page.getByText(first.toUpperCase(), { exact: true })).toHaveCount(0);
});

test("with two invitations the banner shows the newest, View all lists both, and View opens the invitation", async ({
  page,
  otherPage,
  browser,
  baseURL,
}) => {
  const older = await signInNewCompanyAdmin(page, namedUser("Alice", "Admin"));
  const second = await newUserPage(browser, baseURL);
  const newer = await signInNewCompanyAdmin(second.page, namedUser("Nina", "Newer"));
  const b = await signInNewCompanyAdmin(otherPage, namedUser("Bob", "Member"));
  await inviteByRequest(page, b.user.email);
  await inviteByRequest(second.page, b.user.email);
  await second.close();

  await gotoLive(otherPage, "/");
  await openAccountMenu(otherPage);
  await expect(otherPage.getByText("Nina Newer has invited you to join")).toHaveText(
    `Nina Newer has invited you to join ${newer.company.company}`,
  );
  await otherPage.getByRole("button", { name: "View all" }).click();
  await expect(otherPage).toHaveURL(/\/settings\?tab=personal&sub=invites$/);
  await expect(otherPage.getByRole("tab", { name: "My Invite requests", selected: true })).toBeVisible();
  await expect(otherPage.getByText("Invited by Nina Newer", { exact: true })).toBeVisible();
  await expect(otherPage.getByText("Invited by Alice Admin", { exact: true })).toBeVisible();
  const rows = otherPage.locator(".Polaris-ResourceItem__ListItem");
  await expect(rows).toHaveCount(2);
  await expect(rows.first()).toContainText(newer.company.company);

  // Accept the newer one from the list: B joins it.
  await rows.first().getByRole("button", { name: "Accept" }).click();
  await expect(otherPage).toHaveURL(/\/$/);
  await expect(toast(otherPage, "Joined organization successfully!")).toBeVisible();

  // One invitation left: View opens it in the invitation modal.
  await openAccountMenu(otherPage);
  await expect(
    otherPage.getByRole("menuitem", { name: `${newer.company.company} (Active organization)` }),
  ).toBeVisible();
  await otherPage.getByRole("button", { name: "View", exact: true }).click();
  const invitation = otherPage.getByRole("dialog", { name: "Invitation" });
  await expect(invitation.getByText("Alice Admin has invited you to join")).toHaveText(
    `Alice Admin has invited you to join ${older.company.company}`,
  );
  await invitation.getByRole("button", { name: "Decline" }).click();
  const question = "Are you sure you want to decline this invitation to join the organization?";
  const confirm = otherPage.getByRole("dialog").filter({ hasText: question });
  await confirm.getByRole("button", { name: "Yes, Sure" }).click();
  await expect(confirm).toBeHidden();
  await expect(invitationDot(otherPage)).toHaveCount(0);
  await openSettings(otherPage, "personal", "invites");
  await expect(otherPage.getByText("No invitations found!", { exact: true })).toBeVisible();
});

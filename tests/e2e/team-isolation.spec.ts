import {
  expect,
  inviteByRequest,
  inviteIdOf,
  joinCompanyByInvitation,
  namedUser,
  newUserPage,
  openSettings,
  postForm,
  readAccountId,
  readInvitationLink,
  settingsData,
  settingsDataOfEveryTab,
  signInNewCompanyAdmin,
  signInNewUser,
  twoUserTest as test,
  uniqueEmail,
} from "../support/e2e-helpers";

// Issue 3, "How it will be checked": a company admin of company A cannot cancel, approve, remove or
// delete anything of company B by putting B's ids in a request. Every write below is a request
// the Settings screen itself sends (same route, same fields), with B's ids instead of A's.

test.describe.configure({ timeout: 120_000 });

test("a company admin cannot touch another company's invitations, requests, members or keys", async ({
  page,
  otherPage,
  browser,
  baseURL,
}) => {
  // Company A: Alice is its company admin.
  const a = await signInNewCompanyAdmin(page, namedUser("Alice", "Attacker"));
  // Company B: Bob is its company admin, with Dora as a plain member.
  const b = await signInNewCompanyAdmin(otherPage, namedUser("Bob", "Owner"));
  const dora = await newUserPage(browser, baseURL);
  const doraUser = await signInNewUser(dora.page, namedUser("Dora", "Member"));
  await joinCompanyByInvitation(otherPage, dora.page, doraUser);
  await dora.close();

  // Company B's things: a pending invitation, a pending request (from Alice herself: approving it
  // would let her in), a member, and a secret key.
  const invitee = uniqueEmail("invitee");
  await inviteByRequest(otherPage, invitee);
  const inviteId = inviteIdOf(await readInvitationLink(otherPage, invitee));
  const bAccountId = await readAccountId(otherPage);
  const requested = await postForm(
    page,
    "/setup",
    { intent: "request", accountId: bAccountId },
    { maxRedirects: 0 },
  );
  expect(requested.status()).toBe(302);
  await otherPage.getByRole("button", { name: "Generate secret key" }).click();
  await otherPage
    .getByRole("dialog", { name: "Copy your secret key now" })
    .getByRole("button", { name: "Close" })
    .click();
  const before = await settingsDataOfEveryTab(otherPage);
  await openSettings(otherPage, "users", "requests");
  expect(before.account.id).toBe(bAccountId);
  const requestId = before.requests.find((r) => r.email === a.user.email)!.id;
  const doraId = before.members.find((m) => m.email === doraUser.email)!.userId;
  const [key] = before.apiKeys;
  expect(before.pendingInvitations.map((i) => i.id)).toEqual([inviteId]);

  // Alice, signed in to company A, forges each write with company B's ids.
  const forged = [
    ["/resources/invitations", { intent: "cancel", inviteId }],
    ["/resources/access-requests", { intent: "approve", requestId }],
    ["/resources/access-requests", { intent: "decline", requestId }],
    ["/resources/members", { intent: "remove", userId: doraId }],
    ["/resources/members", { intent: "make-admin", userId: doraId, name: "Dora Member" }],
    ["/resources/api-keys", { intent: "disable", keyId: key.id }],
    ["/resources/api-keys", { intent: "delete", keyId: key.id }],
  ] as const;
  for (const [url, form] of forged) {
    const response = await postForm(page, url, form);
    expect(response.ok(), `${url} ${form.intent} with company B's id should be refused`).toBe(false);
    const body = (await response.json()) as { toast?: { error?: boolean } };
    expect(body.toast?.error, `${url} ${form.intent} should answer with an error`).toBe(true);
  }

  // Bob's screens: nothing changed.
  await otherPage.reload();
  await expect(otherPage.getByText(a.user.email, { exact: true })).toBeVisible();
  await otherPage.getByRole("tab", { name: "Current users" }).click();
  await expect(otherPage.getByText(doraUser.email, { exact: true })).toBeVisible();
  await expect(otherPage.getByText("Company admin", { exact: true })).toHaveCount(1);
  await expect(otherPage.getByText(a.user.email, { exact: true })).toHaveCount(0);
  await otherPage.getByRole("tab", { name: "Pending Invitations" }).click();
  await expect(otherPage.getByText(invitee, { exact: true })).toBeVisible();
  await openSettings(otherPage, "organization");
  await expect(otherPage.getByText(key.keyId, { exact: true })).toBeVisible();
  await expect(otherPage.getByText("Enabled", { exact: true })).toHaveCount(1);
  expect(await settingsDataOfEveryTab(otherPage)).toMatchObject({
    apiKeys: [{ id: key.id, disabled: false }],
    pendingInvitations: [{ id: inviteId }],
    requests: [{ id: requestId }],
  });
  // And Alice is still only in her own company.
  await openSettings(page, "users", "current");
  await expect(page.getByText(a.user.email, { exact: true })).toBeVisible();
  expect((await settingsData(page)).account.company).toBe(a.company.company);

  // The same requests from Bob, for his own company, do what they say: the forgeries were refused
  // for the company, not for their form.
  for (const [url, form] of [
    ["/resources/invitations", { intent: "cancel", inviteId }],
    ["/resources/access-requests", { intent: "decline", requestId }],
    ["/resources/members", { intent: "remove", userId: doraId }],
    ["/resources/api-keys", { intent: "delete", keyId: key.id }],
  ] as const) {
    const response = await postForm(otherPage, url, form);
    expect(response.status(), `${url} ${form.intent} by company B's admin should succeed`).toBe(200);
  }
  expect(await settingsDataOfEveryTab(otherPage)).toMatchObject({
    apiKeys: [],
    pendingInvitations: [],
    requests: [],
    members: [{ email: b.user.email }],
  });
});

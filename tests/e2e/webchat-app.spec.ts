import { mkdirSync } from "node:fs";
import { gzipSync } from "node:zlib";
import type { Browser, Page } from "@playwright/test";
import { postContact, uniquePhone } from "../support/contacts-e2e";
import {
  betaUser,
  expect,
  login,
  readLatestEmail,
  screenshotsIn,
  test,
  uniqueEmail,
} from "../support/e2e-helpers";

// Issue 17, "How it will be checked" (the chat app's side): a contact added to Demo Co opens
// /c/{subdomain}, asks for a link, reads it in /dev/outbox, signs in, sees the brand and writes; the
// beta member answers from the inbox and the contact sees it without reloading; a second contact sees
// nothing of the first's conversation. Also: the page's JavaScript weight, the branding preview's
// postMessage, a forged cross-site post, and screenshots (desktop and phone).

const SUBDOMAIN = "demo-chat";
const APP = `/c/${SUBDOMAIN}/`;
const shots = "/tmp/webchat-app-screens";
mkdirSync(shots, { recursive: true });
const shot = screenshotsIn(shots);

type SignInEmail = { link: string; code: string };

/** The New Magic Link email to the address: its sign-in link and its 6-digit code. */
async function signInEmail(staff: Page, email: string): Promise<SignInEmail> {
  const mail = await readLatestEmail(staff, email, /Your sign-in link/);
  const link = mail.text.match(/https?:\/\/[^\s)]+\/magic\?token=[A-Za-z0-9_-]{43}/)?.[0];
  const code = mail.text.match(/code:\s*(\d{6})/)?.[1];
  expect(link, "the email carries the sign-in link").toBeTruthy();
  expect(code, "the email carries the 6-digit code").toBeTruthy();
  return { link: link as string, code: code as string };
}

async function contactPage(
  browser: Browser,
  baseURL: string | undefined,
  viewport = { width: 1100, height: 800 },
) {
  const context = await browser.newContext({ baseURL, viewport });
  return context.newPage();
}

async function askForLink(page: Page, email: string) {
  await page.goto(APP);
  const welcome = page.getByRole("dialog", { name: "Welcome to Demo Co" });
  if (await welcome.isVisible()) await welcome.getByRole("button", { name: "Get started" }).click();
  await page.getByLabel("Email address").fill(email);
  await page.getByRole("button", { name: "Email me a sign-in link" }).click();
  await expect(page.getByRole("heading", { name: "Check your email" })).toBeVisible();
}

test("a Demo Co contact signs in by email, writes, and gets the member's answer live; another contact sees none of it", async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(240_000);
  await login(page, betaUser);
  const first = { firstName: "Lena", lastName: `Chat${Date.now() % 100000}`, email: uniqueEmail("lena") };
  const second = { firstName: "Omar", lastName: `Chat${Date.now() % 100000}`, email: uniqueEmail("omar") };
  await postContact(page, { ...first, phone: uniquePhone() });
  await postContact(page, { ...second, phone: uniquePhone() });

  // The contact opens the chat app: the welcome pop-up and the brand's header.
  const contact = await contactPage(browser, baseURL);
  const scripts: string[] = [];
  contact.on("response", (response) => {
    if (response.request().resourceType() === "script") scripts.push(response.url());
  });
  await contact.goto(APP);
  const welcome = contact.getByRole("dialog", { name: "Welcome to Demo Co" });
  await expect(welcome).toBeVisible();
  await shot(contact, "chat-welcome");
  await welcome.getByRole("button", { name: "Get started" }).click();
  await expect(welcome).toBeHidden();
  await expect(contact.getByRole("heading", { name: "Demo Co", level: 1 })).toBeVisible();
  await expect(contact.locator(".cb-header")).toHaveCSS("background-color", "rgb(31, 81, 153)");
  await expect(contact.locator('link[rel="manifest"]')).toHaveAttribute(
    "href",
    `/c/${SUBDOMAIN}/manifest.webmanifest`,
  );
  await shot(contact, "chat-sign-in");

  // Asks for a link, reads it in /dev/outbox, signs in with it.
  await askForLink(contact, first.email);
  await shot(contact, "chat-check-email");
  const { link } = await signInEmail(page, first.email);
  await contact.goto(link);
  await contact.getByRole("button", { name: "Continue" }).click();
  await expect(contact.getByText(`Signed in as ${first.firstName} ${first.lastName}`)).toBeVisible();
  await expect(contact.getByText("No messages yet. Write to Demo Co below")).toBeVisible();
  // The link works once.
  const replay = await contact.context().newPage();
  await replay.goto(link);
  await replay.getByRole("button", { name: "Continue" }).click();
  await expect(replay.getByRole("heading", { name: /expired or was already used/ })).toBeVisible();
  await replay.close();
  // First sign-in: the Welcome email.
  await readLatestEmail(page, first.email, /Welcome to Demo Co/);

  // The contact writes; the message shows at once.
  await contact.getByLabel("Message").fill("Hello, is my serum in stock?");
  await contact.getByRole("button", { name: "Send" }).click();
  const thread = contact.getByRole("list", { name: "Conversation with Demo Co" });
  await expect(thread.getByText("Hello, is my serum in stock?")).toBeVisible();
  await expect(contact.getByLabel("Message")).toHaveValue("");

  // The JavaScript the page loaded, gzipped, stays under 80 KB.
  const gzipped = (
    await Promise.all(
      [...new Set(scripts)].map(
        async (s) => gzipSync(Buffer.from(await (await fetch(s)).arrayBuffer())).length,
      ),
    )
  ).reduce((a, b) => a + b, 0);
  console.log(
    `chat app JavaScript: ${new Set(scripts).size} files, ${(gzipped / 1024).toFixed(1)} KB gzipped`,
  );
  expect(scripts.length).toBeGreaterThan(0);
  expect(gzipped).toBeLessThan(80 * 1024);

  // The member answers from the inbox.
  await page.goto("/webchat/inbox");
  await expect(page.getByRole("heading", { name: "Chat inbox" })).toBeVisible();
  const conversations = page.getByRole("navigation", { name: "Conversations" });
  const row = conversations.getByRole("link", { name: new RegExp(`${first.firstName} ${first.lastName}`) });
  await expect(row).toContainText("1 unread");
  await row.click();
  // In the opened thread: the row keeps the same text as its preview, so a page-wide match found the
  // row alone before the thread came, or both after it (a strict-mode failure when the thread won).
  await expect(page.locator(".chat-thread").getByText("Hello, is my serum in stock?")).toBeVisible();
  await expect(page.getByRole("link", { name: "Contact timeline" })).toHaveAttribute(
    "href",
    /\/contacts\/contact-detail\?id=/,
  );
  await page.getByLabel("Reply").fill("Yes! Glow Serum ships today.");
  await page.getByRole("button", { name: "Send" }).click();
  await expect(page.getByText("Reply sent")).toBeVisible();
  await expect(row).not.toContainText("unread");
  await shot(page, "inbox");

  // ...and the contact sees it without reloading.
  await expect(thread.getByText("Yes! Glow Serum ships today.")).toBeVisible({ timeout: 15_000 });
  await shot(contact, "chat-conversation");

  // The contact writes again: the inbox shows it without a reload.
  await contact.getByLabel("Message").fill("Great, thanks!");
  await contact.getByLabel("Message").press("Enter");
  await expect(page.locator(".chat-thread").getByText("Great, thanks!")).toBeVisible({ timeout: 15_000 });

  // The same conversation on a phone.
  const phone = await contactPage(browser, baseURL, { width: 390, height: 844 });
  await phone.context().addCookies(await contact.context().cookies());
  await phone.goto(APP);
  await expect(phone.getByText("Yes! Glow Serum ships today.")).toBeVisible();
  await shot(phone, "chat-conversation-phone");
  await phone.context().close();

  // A second contact signs in with the code and sees only its own (empty) conversation.
  const other = await contactPage(browser, baseURL);
  await askForLink(other, second.email);
  const { code } = await signInEmail(page, second.email);
  await other.getByLabel("6-digit code").fill(code);
  await other.getByRole("button", { name: "Sign in" }).click();
  await expect(other.getByText(`Signed in as ${second.firstName} ${second.lastName}`)).toBeVisible();
  await expect(other.getByText("No messages yet.")).toBeVisible();
  await expect(other.getByText("Hello, is my serum in stock?")).toHaveCount(0);
  await expect(other.getByText("Yes! Glow Serum ships today.")).toHaveCount(0);
  const ownMessages = await other.request.get(`/c/${SUBDOMAIN}/messages`, {
    headers: { Accept: "application/json" },
  });
  expect((await ownMessages.json()).messages).toEqual([]);

  // A post from another site is refused, even with the contact's cookie.
  const forged = await other.request.post(`/c/${SUBDOMAIN}/messages`, {
    headers: {
      Origin: "https://evil.example",
      "Content-Type": "application/json",
      Accept: "application/json",
    },
    data: { body: "forged" },
  });
  expect(forged.status()).toBe(403);

  await other.context().close();
  await contact.context().close();
});

test("the branding editor's preview restyles live from the app's own messages only", async ({
  browser,
  baseURL,
}) => {
  const preview = await contactPage(browser, baseURL);
  await preview.goto(`${APP}?preview=1`);
  await expect(preview.getByText("Has my order shipped yet?")).toBeVisible();
  const header = preview.locator(".cb-header");
  await expect(header).toHaveCSS("background-color", "rgb(31, 81, 153)");

  // From another origin: ignored.
  await preview.evaluate(() => {
    window.dispatchEvent(
      new MessageEvent("message", {
        origin: "https://evil.example",
        data: { type: "blusteam-chat-branding", branding: { mainElementColor: "#00FF00" } },
      }),
    );
  });
  await expect(header).toHaveCSS("background-color", "rgb(31, 81, 153)");

  // From the app itself (the editor's frame parent): applied without saving.
  await preview.evaluate(() => {
    window.postMessage(
      {
        type: "blusteam-chat-branding",
        branding: { mainElementColor: "#AA0000", longAppName: "Demo Glow", welcomeTitleText: "Hi there" },
      },
      window.location.origin,
    );
  });
  await expect(header).toHaveCSS("background-color", "rgb(170, 0, 0)");
  await expect(preview.getByRole("heading", { name: "Demo Glow", level: 1 })).toBeVisible();
  await expect(preview.getByRole("dialog", { name: "Hi there" })).toBeVisible();
  await shot(preview, "chat-preview");
  // Nothing was saved.
  const saved = await preview.context().newPage();
  await saved.goto(APP);
  await expect(saved.getByRole("heading", { name: "Demo Co", level: 1 })).toBeVisible();
  await preview.context().close();
});

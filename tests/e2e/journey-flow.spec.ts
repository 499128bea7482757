import type { Page } from "@playwright/test";
import { freshCompanyAdmin, postContact, postProduct, uniquePhone } from "../support/contacts-e2e";
import {
  expect,
  gotoLive,
  readLatestEmail,
  screenshotsIn,
  test,
  toast,
  uniqueEmail,
} from "../support/e2e-helpers";
import { addTouchpoint, contactUrlOf, linkFromContactPage, makeJourneyLive } from "../support/journeys-e2e";

// Issue 6, "How it will be checked": a three-touchpoint journey, a linked contact's first message in
// /dev/outbox, its tracked link followed and the click on the contact's timeline; mute, pause,
// disable and resume with each state's effect; Test now. The journey's messages go by email, which
// has no quiet hours, so the test passes at any hour; SMS is covered by Test now (which bypasses
// quiet hours) after the contact's consent is recorded.

const shots = "/tmp/journey-flow-screens";
const shot = screenshotsIn(shots);

/** Sets the journey's state through the switcher and its confirmation. */
async function setState(page: Page, state: "Live" | "Muted" | "Paused" | "Disabled") {
  await gotoLive(page, "/touchpoints");
  await page.getByLabel("Journey state").selectOption({ label: state });
  await page.getByRole("button", { name: "Change state" }).click();
  const confirm = page.getByRole("dialog").filter({ hasText: "Change the journey state?" });
  await expect(confirm).toBeVisible();
  await confirm.getByRole("button", { name: "Change state" }).click();
  await expect(confirm).toHaveCount(0);
}

/** The timeline's events of a contact, as text, newest first (reloaded until `expected` shows). */
async function expectOnTimeline(page: Page, contactUrl: string, expected: RegExp | string) {
  await expect(async () => {
    await page.goto(contactUrl);
    await expect(page.getByTestId("timeline-event").filter({ hasText: expected }).first()).toBeVisible({
      timeout: 1_000,
    });
  }).toPass({ timeout: 30_000 });
}

test("a journey sends, tracks its link, and obeys mute, pause, disable and resume; Test now sends by SMS", async ({
  page,
  baseURL,
}) => {
  test.setTimeout(300_000);
  await freshCompanyAdmin(page);
  await postProduct(page, "Garden Kit");
  const ada = { firstName: "Ada", lastName: "Lovelace", phone: uniquePhone(), email: uniqueEmail("ada") };
  await postContact(page, ada);
  const adaUrl = await contactUrlOf(page, "Ada");

  // Three touchpoints: a welcome email with a tracked link at once, then two later ones.
  await gotoLive(page, "/touchpoints");
  await page.getByLabel("Journey", { exact: true }).selectOption({ label: "Garden Kit" });
  // A link target needs a domain with a dot: the loopback address stands in for one.
  const target = `${baseURL?.replace("localhost", "127.0.0.1")}/healthz?from=journey`;
  await addTouchpoint(page, "Garden Kit", {
    name: "Welcome",
    wait: "0",
    unit: "minutes",
    channel: "email",
    subject: "Welcome to your Garden Kit",
    message: "Hi {{first_name}}, your guide: {{LINK}}",
    link: target,
  });
  await addTouchpoint(page, "Garden Kit", {
    name: "Check in",
    wait: "1",
    unit: "days",
    channel: "email",
    subject: "How is it growing?",
    message: "Hi {{first_name}}, how is it going?",
  });
  await addTouchpoint(page, "Garden Kit", {
    name: "Review",
    wait: "2",
    unit: "days",
    channel: "sms",
    message: "Would you review it, {{first_name}}? Reply STOP to opt out",
  });
  await expect(page.getByText("Immediate on insert")).toBeVisible();
  await expect(page.getByText("1 day", { exact: true })).toBeVisible();
  await expect(page.getByText("2 days", { exact: true })).toBeVisible();
  await shot(page, "journey-three-touchpoints");
  // A new product's journey is a draft until made live (issue 20).
  await makeJourneyLive(page, "Garden Kit");

  // Linking Ada enrolls her: the welcome email arrives with her own tracked link.
  await linkFromContactPage(page, adaUrl, "Garden Kit");
  const welcome = await readLatestEmail(page, ada.email, /Welcome to your Garden Kit/);
  expect(welcome.text).toContain("Hi Ada, your guide: ");
  expect(welcome.link).toMatch(/\/l\/[2-9a-km-zA-HJ-NP-Z]{8}$/);

  // Following it lands on the target, and the click shows on her timeline.
  const followed = await page.request.get(welcome.link as string, {
    maxRedirects: 0,
    headers: { "User-Agent": "JourneyFlowTest/1.0" },
  });
  expect(followed.status()).toBe(302);
  expect(followed.headers().location).toBe(target);
  await expectOnTimeline(page, adaUrl, "Clicked the link of Welcome");
  await expect(
    page.getByTestId("timeline-event").filter({ hasText: "Email message · Welcome" }),
  ).toBeVisible();
  await expect(
    page.getByTestId("timeline-event").filter({ hasText: "Enrolled in the Garden Kit journey" }),
  ).toBeVisible();
  await shot(page, "journey-contact-timeline");

  // Muted: the schedule goes on, but a newly linked contact's welcome is recorded, not sent.
  await setState(page, "Muted");
  const ben = { firstName: "Ben", lastName: "Muted", phone: uniquePhone(), email: uniqueEmail("ben") };
  await postContact(page, ben);
  const benUrl = await contactUrlOf(page, "Ben");
  await linkFromContactPage(page, benUrl, "Garden Kit");
  await expectOnTimeline(page, benUrl, /Email message · Welcome.*Not sent/s);

  // Paused: a newly linked contact waits; resuming sends from where they are.
  await setState(page, "Paused");
  const cleo = { firstName: "Cleo", lastName: "Paused", phone: uniquePhone(), email: uniqueEmail("cleo") };
  await postContact(page, cleo);
  const cleoUrl = await contactUrlOf(page, "Cleo");
  await linkFromContactPage(page, cleoUrl, "Garden Kit");
  await expectOnTimeline(page, cleoUrl, "Enrolled in the Garden Kit journey");
  // Give a worker the time it would take to send, then check nothing went.
  await page.waitForTimeout(3_000);
  await page.goto(cleoUrl);
  await expect(page.getByTestId("timeline-event").filter({ hasText: "Email message" })).toHaveCount(0);
  await setState(page, "Live");
  const cleoWelcome = await readLatestEmail(page, cleo.email, /Welcome to your Garden Kit/);
  expect(cleoWelcome.text).toContain("Hi Cleo");

  // Disabled, then live again: every enrollment restarts, so Ada gets the welcome a second time.
  await setState(page, "Disabled");
  await setState(page, "Live");
  await expect(async () => {
    await page.goto("/dev/outbox");
    await expect(
      page
        .locator("article")
        .filter({ hasText: `To: ${ada.email} ` })
        .filter({ hasText: "Welcome to your Garden Kit" }),
    ).toHaveCount(2, { timeout: 1_000 });
  }).toPass({ timeout: 30_000 });
  await gotoLive(page, "/touchpoints");
  await expect(page.getByText(/Disabled → Live/)).toBeVisible();

  // Test now by SMS: refused without consent, sent once consent is recorded.
  await page.goto(adaUrl);
  await page.getByRole("button", { name: "Record SMS consent" }).click();
  const consent = page.getByRole("dialog").filter({ hasText: "Record SMS consent" });
  await consent.getByLabel("How did the contact agree?").fill("Signed the paper form at the garden show");
  await consent.getByRole("button", { name: "Record consent" }).click();
  await expect(toast(page, "SMS consent recorded")).toBeVisible();
  await expect(page.getByText("Agreed to receive SMS", { exact: true })).toBeVisible();
  await expectOnTimeline(page, adaUrl, "Agreed to receive SMS (recorded by a team member)");
  await shot(page, "journey-consent-recorded");

  await gotoLive(page, "/touchpoints");
  await page.getByRole("button", { name: "Test now: Review" }).click();
  const chooser = page.getByRole("dialog", { name: "Choose Contact" });
  await chooser.getByRole("checkbox", { name: "Ada Lovelace" }).check();
  await chooser.getByRole("button", { name: "Send to 1" }).click();
  await expect(toast(page, "Touchpoint Sent !")).toBeVisible();
  const e164 = `+1${ada.phone.replace(/\D/g, "")}`;
  const sms = await readLatestEmail(page, e164);
  expect(sms.text).toBe("Would you review it, Ada? Reply STOP to opt out");
});

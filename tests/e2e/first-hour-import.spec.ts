import { mkdirSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Page } from "@playwright/test";
import { quietHoursAt } from "../../app/domain/messaging/phone-time-zones.server";
import { seriousViolations } from "../support/axe";
import { freshCompanyAdmin, postProduct } from "../support/contacts-e2e";
import { expect, gotoLive, test, toast } from "../support/e2e-helpers";
import { addTouchpoint, contactUrlOf, makeJourneyLive } from "../support/journeys-e2e";

// Issue 20 items 1 to 3, as a new merchant meets them: a file with a consent column and one without
// (with the merchant's declaration), the counts before the import starts, the result with its
// refused rows, and a new product's journey that stays a draft until 'Make live', whose first SMS
// then goes to the imported contacts who consented, and only to them.

const screens = "/tmp/first-hour-screens";
const files = path.join(os.tmpdir(), "blusteam-first-hour-e2e");
mkdirSync(screens, { recursive: true });
mkdirSync(files, { recursive: true });
const shot = (page: Page, name: string) =>
  page.screenshot({ path: `${screens}/${name}.png`, fullPage: true });

function csvFile(name: string, lines: string[]) {
  const file = path.join(files, `${Date.now()}-${name}`);
  writeFileSync(file, `${lines.join("\n")}\n`);
  return file;
}

const digits = (n: number) => Array.from({ length: n }, () => Math.floor(Math.random() * 10)).join("");

/**
 * Numbers (E.164) where it is day now and for the next half hour, so quiet hours (21:00 to 08:00 in
 * the number's zone) cannot hold the SMS back, whatever the hour the test runs at. The app's own
 * zone lookup picks them.
 */
function daytimeNumbers(count: number): string[] {
  const makers = [
    () => `+1212${300 + Math.floor(Math.random() * 600)}${digits(4)}`, // New York
    () => `+1213${300 + Math.floor(Math.random() * 600)}${digits(4)}`, // Los Angeles
    () => `+4420794${digits(5)}`, // London
    () => `+3361${digits(7)}`, // France
    () => `+9122${2}${digits(7)}`, // Mumbai
    () => `+813${digits(8)}`, // Tokyo
    () => `+6129${digits(7)}`, // Sydney
  ];
  const now = Date.now();
  const openAt = [0, 30].map((m) => quietHoursAt(new Date(now + m * 60_000)));
  for (const make of makers) {
    const sample = make();
    if (openAt.every((quiet) => quiet(sample, "UTC") === null)) {
      const numbers = new Set<string>([sample]);
      while (numbers.size < count) numbers.add(make());
      return [...numbers];
    }
  }
  throw new Error("no zone is in daytime now");
}

async function openImport(page: Page, product: string) {
  await gotoLive(page, "/contacts");
  await page.getByRole("button", { name: "Import CSV" }).first().click();
  await page
    .getByRole("dialog", { name: "SMS opt-in compliance" })
    .getByRole("button", { name: "I understand" })
    .click();
  const products = page.getByRole("dialog", { name: "Link contacts to products" });
  await products.getByLabel(product).check();
  await products.getByRole("button", { name: "Next" }).click();
  return page.getByRole("dialog", { name: "Upload CSV file" });
}

async function chooseFile(page: Page, file: string) {
  const upload = page.getByRole("dialog", { name: "Upload CSV file" });
  await upload.locator('input[type="file"]').setInputFiles(file);
  await upload.getByRole("button", { name: "Upload", exact: true }).click();
  const confirm = page.getByRole("dialog", { name: "Upload confirmation" });
  await expect(confirm.getByText(/contact rows? in this file/)).toBeVisible();
  return confirm;
}

function outboxTo(page: Page, recipient: string) {
  return page.locator("article").filter({ hasText: `To: ${recipient} ` });
}

test("consent at import, the import's result, and a draft journey whose first SMS goes only to consenting contacts", async ({
  page,
}) => {
  test.setTimeout(240_000);
  await freshCompanyAdmin(page);
  await postProduct(page, "Tea Club");
  const [ann, bob, cat, fay, gus] = daytimeNumbers(5);

  // The new product's journey is a draft; its first touchpoint says it sends at linking.
  await gotoLive(page, "/touchpoints");
  await expect(page.getByText("This journey is paused: it messages no one yet")).toBeVisible();
  await page.getByRole("button", { name: "Add touchpoint: Tea Club" }).click();
  const drawer = page.getByRole("dialog", { name: "Add touchpoint" });
  await expect(drawer.getByText(/sends as soon as a contact is linked/)).toBeVisible();
  await drawer.getByRole("button", { name: "Cancel" }).click();
  await addTouchpoint(page, "Tea Club", {
    name: "Welcome",
    wait: "0",
    unit: "minutes",
    channel: "sms",
    message: "Hi {{first_name}}, welcome to the Tea Club!",
  });
  await shot(page, "1-draft-journey");

  // A file with consent columns: the counts before anything is sent.
  await openImport(page, "Tea Club");
  let confirm = await chooseFile(
    page,
    csvFile("with-consent.csv", [
      "First Name,Last Name,Phone,Email,SMS Consent,WhatsApp Consent",
      `Ann,Able,${ann},,yes,yes`,
      `Bob,Baker,${bob},,no,`,
      `Cat,Cole,${cat},,2025-01-15,`,
      "Dan,Dale,,dan@example.com,yes,",
      "Eve,Eng,+12015550199,,maybe,",
    ]),
  );
  await expect(confirm.getByText("5 contact rows in this file.")).toBeVisible();
  const sms = confirm.getByRole("region", { name: "SMS" });
  await expect(sms.getByText("Consent is read from the column “SMS Consent”.")).toBeVisible();
  await expect(sms.getByText("2 rows can receive messages")).toBeVisible();
  await expect(sms.getByText("3 rows cannot:")).toBeVisible();
  await expect(sms.getByText("1 without a phone number")).toBeVisible();
  await expect(sms.getByText("1 where the file says no consent")).toBeVisible();
  await expect(
    sms.getByText("1 whose consent value is not understood (these rows will not be imported)"),
  ).toBeVisible();
  const whatsapp = confirm.getByRole("region", { name: "WhatsApp" });
  await expect(whatsapp.getByText("Consent is read from the column “WhatsApp Consent”.")).toBeVisible();
  await expect(whatsapp.getByText("1 row can receive messages")).toBeVisible();
  await expect(whatsapp.getByText("4 rows cannot:")).toBeVisible();
  await expect(whatsapp.getByText("3 with no consent in the file", { exact: true })).toBeVisible();
  // Every row says something: no declaration is offered.
  await expect(confirm.getByLabel("These contacts gave SMS consent")).toHaveCount(0);
  await shot(page, "2-confirm-consent-column");
  expect(await seriousViolations(page)).toEqual([]);
  await confirm.getByRole("button", { name: "Upload and import" }).click();

  // The result: added, updated, refused, and the refused row with its reason.
  const result = page.getByRole("dialog", { name: "Import finished: 1 row was refused" });
  await expect(result).toBeVisible({ timeout: 60_000 });
  await expect(result.getByText("Added: 4")).toBeVisible();
  await expect(result.getByText("Updated: 0")).toBeVisible();
  await expect(result.getByText("Refused: 1")).toBeVisible();
  await expect(
    result.getByText(
      "Row 6: SMS Consent “maybe”: use yes or no, true or false, 1 or 0, or the date consent was given (YYYY-MM-DD).",
    ),
  ).toBeVisible();
  await expect(result.getByRole("button", { name: "Download error report" })).toBeVisible();
  await expect(page.getByRole("dialog", { name: "Contacts added successfully!" })).toHaveCount(0);
  await shot(page, "3-result-refused");
  await result.getByRole("button", { name: "Done" }).click();

  // A file without a consent column: the merchant declares consent, with its source and date.
  await openImport(page, "Tea Club");
  confirm = await chooseFile(
    page,
    csvFile("no-consent.csv", ["First Name,Last Name,Phone", `Fay,Fox,${fay}`, `Gus,Gray,${gus}`]),
  );
  await expect(
    confirm.getByText(
      "This file has no SMS consent column (such as “SMS Consent”, “Accepts SMS” or “Opt-in”).",
    ),
  ).toBeVisible();
  await expect(confirm.getByText("0 rows can receive messages")).toBeVisible();
  await expect(confirm.getByText("2 with no consent in the file and none declared")).toBeVisible();
  await confirm.getByLabel("These contacts gave SMS consent").check();
  await confirm.getByRole("button", { name: "Upload and import" }).click();
  await expect(confirm.getByText("Say how the contacts agreed (at least 3 characters).")).toBeVisible();
  await confirm.getByLabel("How did they agree?").fill("Paper sign-up sheet at the tea shop");
  await confirm.getByLabel("When did they agree?").fill("2025-10-01");
  await expect(confirm.getByText("2 rows can receive messages")).toBeVisible();
  await expect(confirm.getByText("Every row can receive messages.")).toBeVisible();
  await shot(page, "4-confirm-declaration");
  expect(await seriousViolations(page)).toEqual([]);
  await confirm.getByRole("button", { name: "Upload and import" }).click();
  const success = page.getByRole("dialog", { name: "Contacts added successfully!" });
  await expect(success).toBeVisible({ timeout: 60_000 });
  await expect(success.getByText("Added: 2")).toBeVisible();
  await expect(success.getByText("Refused: 0")).toBeVisible();
  await shot(page, "5-result-all-added");
  await success.getByRole("button", { name: "Done" }).click();

  // The declaration is each contact's consent, with its source, on the contact's page.
  const fayUrl = await contactUrlOf(page, "Fay");
  await gotoLive(page, fayUrl);
  await expect(page.getByText("Agreed to receive SMS (import)")).toBeVisible();
  await expect(
    page.getByText(
      /Declared at the import of .*no-consent\.csv: Paper sign-up sheet at the tea shop \(given on 2025-10-01\)/,
    ),
  ).toBeVisible();
  await expect(page.getByText("Enrolled in the Tea Club journey")).toBeVisible();
  await shot(page, "6-contact-consent");

  // Paused: everyone is enrolled, nobody is messaged.
  await page.waitForTimeout(3_000);
  await page.goto("/dev/outbox");
  for (const phone of [ann, bob, cat, fay, gus]) await expect(outboxTo(page, phone)).toHaveCount(0);

  // Made live: the welcome SMS goes to Ann, Cat, Fay and Gus; never to Bob (the file said no).
  await makeJourneyLive(page, "Tea Club");
  await shot(page, "7-journey-live");
  await expect(async () => {
    await page.goto("/dev/outbox");
    for (const [phone, name] of [
      [ann, "Ann"],
      [cat, "Cat"],
      [fay, "Fay"],
      [gus, "Gus"],
    ])
      await expect(
        outboxTo(page, phone).filter({ hasText: `Hi ${name}, welcome to the Tea Club!` }),
      ).toHaveCount(1, {
        timeout: 1_000,
      });
  }).toPass({ timeout: 60_000 });
  await expect(outboxTo(page, bob)).toHaveCount(0);
  await shot(page, "8-outbox");

  // Bob's timeline says why.
  const bobUrl = await contactUrlOf(page, "Bob");
  await expect(async () => {
    await gotoLive(page, bobUrl);
    await expect(page.getByTestId("timeline-event").filter({ hasText: /SMS message · Welcome/ })).toBeVisible(
      {
        timeout: 1_000,
      },
    );
  }).toPass({ timeout: 30_000 });
  await expect(page.getByText("No SMS consent recorded").first()).toBeVisible();
  await shot(page, "9-bob-timeline");
  await expect(toast(page, "Journey state changed to Live.")).toHaveCount(0);
});

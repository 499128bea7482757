import { createHmac } from "node:crypto";
import type { Page } from "@playwright/test";
import { seriousViolations } from "../support/axe";
import { postProduct, uniquePhone } from "../support/contacts-e2e";
import {
  expect,
  newCompanyDetails,
  newUserDetails,
  readLatestEmail,
  readOnlyAdmin,
  signInNewCompanyAdmin,
  test,
  toast,
  uniqueEmail,
  viewCompanyAs,
} from "../support/e2e-helpers";
import { addTouchpoint, makeJourneyLive } from "../support/journeys-e2e";

// Issue 16, Tri-Tech, "How it will be checked" in a real browser: reveal and regenerate the key, AIM's
// handshake, edit statuses, map a product to 2-3, post a signed NEW_CONTRACT event and see the
// contact, the link and the first journey message in /dev/outbox; an RO Admin sees the controls
// disabled and is refused.

const screens = "/tmp/tritech-screens";
const shot = (page: Page, name: string) =>
  page.screenshot({ path: `${screens}/${name}.png`, fullPage: true });

const sign = (body: string, secret: string) =>
  `sha256=${createHmac("sha256", secret).update(body).digest("hex")}`;

async function postEvent(page: Page, event: Record<string, unknown>, secret: string) {
  const body = JSON.stringify(event);
  const response = await page.request.post("/integrations/tritech/events", {
    data: body,
    headers: { "Content-Type": "application/json", "X-TriTech-Signature": sign(body, secret) },
  });
  return { status: response.status(), json: (await response.json()) as { status: string; reason: string } };
}

const secretShown = (page: Page) => page.getByTestId("tritech-secret");

test("a company admin sets Tri-Tech up and a signed NEW_CONTRACT starts the mapped product's journey", async ({
  page,
  browser,
}) => {
  test.setTimeout(240_000);
  const { accountId } = await signInNewCompanyAdmin(page, newUserDetails(), newCompanyDetails("Rentals"));
  await postProduct(page, "Rental Kit");
  await postProduct(page, "Spare Parts");
  // The journey's first touchpoint is an email at once: no quiet hours, so the test passes at any hour.
  await page.goto("/touchpoints");
  await page.getByLabel("Journey", { exact: true }).selectOption({ label: "Rental Kit" });
  await addTouchpoint(page, "Rental Kit", {
    name: "Welcome",
    wait: "0",
    unit: "minutes",
    channel: "email",
    subject: "Welcome to your Rental Kit",
    message: "Hi {{first_name}}, welcome aboard.",
  });
  // New journeys start as drafts: made live, so the contract's contact gets its first message.
  await makeJourneyLive(page, "Rental Kit");

  // The home's card opens the view: not synced, the five steps, no key yet.
  await page.goto("/integration");
  await page.getByRole("link", { name: "Open the Tri-Tech integration" }).click();
  await expect(page).toHaveURL(/\/integration\?view=tritech$/);
  await expect(page.getByRole("heading", { name: "Tri-Tech Integration", level: 1 })).toBeVisible();
  await expect(page.getByText("Not synced with Tri-Tech (AIM)")).toBeVisible();
  for (const step of [1, 2, 3, 4, 5])
    await expect(page.getByRole("heading", { name: new RegExp(`^Step ${step}:`) })).toBeVisible();
  await expect(page.getByTestId("tritech-endpoint")).toHaveText(
    /^http:\/\/[^/]+\/integrations\/tritech\/events$/,
  );
  await expect(page.getByTestId("tritech-account-id")).toHaveText(accountId);
  await expect(page.getByRole("button", { name: "Copy the API endpoint" })).toBeVisible();
  await expect(page.getByText("No secret key yet: generate one.")).toBeVisible();
  await shot(page, "view-no-key");

  // Generate: the new key comes back revealed.
  await page.getByRole("button", { name: "Generate", exact: true }).click();
  await expect(toast(page, "A new secret key was generated. Save it in AIM.")).toBeVisible();
  await expect(secretShown(page)).toHaveText(/^[A-Za-z0-9]{36}$/);
  const first = (await secretShown(page).textContent()) as string;

  // After a reload it is blurred (and not in the page) until 'Reveal secret key'.
  await page.reload();
  await expect(secretShown(page)).toHaveCSS("filter", /blur/);
  expect(await page.content()).not.toContain(first);
  await shot(page, "view-key-blurred");
  await page.getByRole("button", { name: "Reveal secret key" }).click();
  await expect(secretShown(page)).toHaveText(first);
  await expect(secretShown(page)).not.toHaveCSS("filter", /blur/);
  await shot(page, "view-key-revealed");

  // Regenerate (confirmed): another key; the old one no longer signs.
  await page.getByRole("button", { name: "Generate new secret key" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Generate" }).click();
  await expect(secretShown(page)).toHaveText(/^[A-Za-z0-9]{36}$/);
  await expect(secretShown(page)).not.toHaveText(first);
  const secret = (await secretShown(page).textContent()) as string;
  const handshake = { eventId: `hs-${Date.now()}`, accountId, action: "AIM_BLUSTEAM_HANDSHAKE" };
  expect((await postEvent(page, handshake, first)).status).toBe(401);
  expect(await postEvent(page, handshake, secret)).toEqual({
    status: 200,
    json: { status: "processed", reason: "handshake: the integration is synced" },
  });
  await page.reload();
  await expect(page.getByText("Synced with Tri-Tech (AIM)")).toBeVisible();
  await page.goto("/integration");
  await expect(
    page.getByRole("region", { name: "Tri-Tech" }).getByText("Active", { exact: true }),
  ).toBeVisible();

  // Configure Events: the three actions with the four statuses; the pencil's modal edits them.
  await page.goto("/integration?view=tritech");
  await page.getByRole("link", { name: "Configure Events" }).click();
  await expect(page.getByRole("heading", { name: "Configure Events", level: 1 })).toBeVisible();
  for (const action of ["NEW_CONTRACT", "EXCHANGED_CONTRACT", "RETURN_CONTRACT"])
    await expect(page.getByTestId(`statuses-${action}`)).toHaveText(
      "C Budget Monthly Rental, Best Value Monthly, Auto Monthly Rental, BME Premier Rental",
    );
  await expect(page.getByText("AIM_BLUSTEAM_HANDSHAKE")).toHaveCount(0);
  await page.getByRole("button", { name: "Edit the transaction statuses of NEW_CONTRACT" }).click();
  const modal = page.getByRole("dialog", { name: "Transaction statuses of NEW_CONTRACT" });
  await modal.getByRole("button", { name: "Add status" }).click();
  await modal.getByRole("button", { name: "Save" }).click();
  await expect(modal.getByText("Please Enter value!")).toBeVisible();
  await modal.getByRole("textbox", { name: "Transaction status 5" }).fill("   Weekly Rental  ");
  await expect(modal.getByRole("textbox", { name: "Transaction status 5" })).toHaveValue("Weekly Rental  ");
  await shot(page, "configure-events-modal");
  await modal.getByRole("button", { name: "Save" }).click();
  await expect(modal).toHaveCount(0);
  await expect(page.getByTestId("statuses-NEW_CONTRACT")).toHaveText(
    "C Budget Monthly Rental, Best Value Monthly, Auto Monthly Rental, BME Premier Rental, Weekly Rental",
  );
  await shot(page, "configure-events");

  // The Tri-Tech tab of /product-mapping: Rental Kit mapped to 2-3.
  await page.goto("/product-mapping?tab=tritech");
  await expect(page.getByRole("heading", { name: "Tri-Tech product mapping" })).toBeVisible();
  await expect(page.getByText("Tri-Tech is not connected")).toHaveCount(0);
  await page.getByRole("button", { name: "Edit the Tri-Tech mapping of Rental Kit" }).click();
  const mapping = page.getByRole("dialog", { name: "Map Rental Kit with Tri-Tech categories" });
  await mapping.getByRole("button", { name: "Save" }).click();
  await expect(mapping.getByText("Add product details to map!")).toBeVisible();
  await mapping.getByRole("button", { name: "Add", exact: true }).click();
  await expect(mapping.getByText("Please Enter the category Number!")).toBeVisible();
  await expect(mapping.getByText("Please Enter the sub category Number!")).toBeVisible();
  await mapping.getByRole("spinbutton", { name: "Category Number", exact: true }).fill("2");
  await mapping.getByRole("spinbutton", { name: "Sub Category Number" }).fill("3");
  await mapping.getByRole("button", { name: "Add", exact: true }).click();
  await mapping.getByRole("spinbutton", { name: "Category Number", exact: true }).fill("2");
  await mapping.getByRole("spinbutton", { name: "Sub Category Number" }).fill("3");
  await mapping.getByRole("button", { name: "Add", exact: true }).click();
  await expect(mapping.getByText("Product is already exist!")).toBeVisible();
  await shot(page, "mapping-modal");
  await mapping.getByRole("button", { name: "Save" }).click();
  await expect(mapping).toHaveCount(0);
  await expect(toast(page, "The product was mapped successfully!")).toBeVisible();
  const row = page.getByRole("row").filter({ hasText: "Rental Kit" });
  await expect(row.getByText("2-3", { exact: true })).toBeVisible();
  await page.getByRole("button", { name: "Edit the Tri-Tech mapping of Rental Kit" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Save" }).click();
  await expect(page.getByRole("dialog").getByText("Update the mapping to map!")).toBeVisible();
  await page.getByRole("dialog").getByRole("button", { name: "Cancel" }).click();
  expect(await seriousViolations(page)).toEqual([]);
  await shot(page, "mapping-tab");

  // AIM posts a signed NEW_CONTRACT for a new customer with an item in 2-3.
  const email = uniqueEmail("ada");
  const phone = uniquePhone();
  const event = {
    eventId: `evt-${Date.now()}`,
    accountId,
    action: "NEW_CONTRACT",
    transactionStatus: "Best Value Monthly",
    contract: { id: "C-1001", date: "2026-11-23" },
    customer: { firstName: "Ada", lastName: "Lovelace", phone, email },
    items: [{ category: 2, subcategory: 3 }],
  };
  const answer = await postEvent(page, event, secret);
  expect(answer.status).toBe(200);
  expect(answer.json.status).toBe("processed");
  expect(answer.json.reason).toContain("1 product(s) linked");
  // A replay changes nothing.
  expect((await postEvent(page, event, secret)).json.reason).toMatch(/^already received/);

  // The contact, her link to Rental Kit, and the journey's first message in the outbox.
  await page.goto("/contacts");
  const ada = page.getByRole("link", { name: "Ada", exact: true }).first();
  await expect(ada).toBeVisible();
  await ada.click();
  await expect(page.getByText("Rental Kit").first()).toBeVisible();
  await expect(page.getByText("Consent given in Tri-Tech contract C-1001 of 2026-11-23")).toHaveCount(1);
  await shot(page, "contact");
  const welcome = await readLatestEmail(page, email, /Welcome to your Rental Kit/);
  expect(welcome.text).toContain("Hi Ada, welcome aboard.");

  // The view lists the events with their outcome.
  await page.goto("/integration?view=tritech");
  const events = page.getByRole("table");
  await expect(events.getByRole("row").filter({ hasText: event.eventId })).toContainText("Processed");
  await expect(events.getByRole("row").filter({ hasText: handshake.eventId })).toContainText("Processed");
  expect(await seriousViolations(page)).toEqual([]);
  await shot(page, "view-synced-events");

  // An RO Admin viewing the company: everything shown, the controls disabled, a forged POST refused.
  const context = await browser.newContext();
  const ro = await context.newPage();
  await viewCompanyAs(ro, readOnlyAdmin, accountId, "roadmin");
  await ro.goto("/integration?view=tritech");
  await expect(ro.getByRole("button", { name: "Reveal secret key" })).toBeDisabled();
  await expect(ro.getByRole("button", { name: "Generate new secret key" })).toBeDisabled();
  await expect(ro.getByText("Only company admins can reveal or generate the secret key.")).toBeVisible();
  await shot(ro, "roadmin-view");
  const forged = await ro.request.post("/integration?view=tritech", {
    form: { intent: "tritech-reveal" },
    headers: { Accept: "application/json" },
    maxRedirects: 0,
  });
  expect(forged.status()).toBe(403);
  await ro.goto("/integration?view=tritech-events");
  await expect(
    ro.getByRole("button", { name: "Edit the transaction statuses of NEW_CONTRACT" }),
  ).toBeDisabled();
  await ro.goto("/product-mapping?tab=tritech");
  await expect(ro.getByRole("button", { name: "Edit the Tri-Tech mapping of Rental Kit" })).toBeDisabled();
  await shot(ro, "roadmin-mapping");
  await context.close();
});

import { randomBytes } from "node:crypto";
import { seriousViolations } from "../support/axe";
import { postContact, postProduct, uniquePhone } from "../support/contacts-e2e";
import { writeFixture } from "../support/e2e-fixture";
import {
  expect,
  gotoLive,
  newCompanyDetails,
  newUserDetails,
  openSettings,
  readLatestEmail,
  readOnlyAdmin,
  screenshotsIn,
  signInNewCompanyAdmin,
  test,
  toast,
  uniqueEmail,
  viewCompanyAs,
} from "../support/e2e-helpers";
import { shopifyStandIn } from "../support/e2e-shopify";
import { addTouchpoint, contactUrlOf, linkFromContactPage, makeJourneyLive } from "../support/journeys-e2e";
import { orderJson } from "../support/shopify-order-payloads";

// Issue 14 item 3: an order placed within the company's window after a click on a touchpoint's tracked
// link is attributed to the touchpoint; its detail page shows the orders and revenue, the buyer's
// timeline the order. The click is real (the contact's own link in the journey's welcome email), and
// so are the orders: signed orders/create webhooks from the Shopify stand-in, applied by the webhook
// job. The journey sends by email, which has no quiet hours: the test passes at any hour.

const shots = "/tmp/revenue-attribution-screens";
const shot = screenshotsIn(shots);

test("an order after a tracked-link click shows as attributed revenue on the touchpoint and on the buyer's timeline", async ({
  page,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const shop = `revenue-${randomBytes(4).toString("hex")}.myshopify.com`;
  await shopifyStandIn.seedShop({ domain: shop, name: "Revenue Store" });
  await writeFixture(page, {
    user: newUserDetails(),
    company: newCompanyDetails("Revenue"),
    store: { shop, storeName: "Revenue Store" },
  });

  // The window: 7 days by default; out of range is refused with its message; 10 is saved.
  await openSettings(page, "organization");
  const windowField = page.getByLabel("Attribution window (days)");
  await expect(windowField).toHaveValue("7");
  const card = page.getByRole("form", { name: "Revenue attribution" });
  await windowField.fill("91");
  await card.getByRole("button", { name: "Save" }).click();
  await expect(card.getByText("Enter a whole number of days from 1 to 90.")).toBeVisible();
  await shot(page, "settings-attribution-window-refused");
  await windowField.fill("10");
  await card.getByRole("button", { name: "Save" }).click();
  await expect(toast(page, "Attribution window saved")).toBeVisible();
  await page.reload();
  await expect(page.getByLabel("Attribution window (days)")).toHaveValue("10");
  await shot(page, "settings-attribution-window");
  expect(await seriousViolations(page)).toEqual([]);

  // A journey whose welcome email carries a tracked link, and a contact.
  await postProduct(page, "Garden Kit");
  const ada = { firstName: "Ada", lastName: "Lovelace", phone: uniquePhone(), email: uniqueEmail("ada") };
  await postContact(page, ada);
  const adaUrl = await contactUrlOf(page, "Ada");
  await gotoLive(page, "/touchpoints");
  await page.getByLabel("Journey", { exact: true }).selectOption({ label: "Garden Kit" });
  const target = `${baseURL?.replace("localhost", "127.0.0.1")}/healthz?from=revenue`;
  await addTouchpoint(page, "Garden Kit", {
    name: "Welcome",
    wait: "0",
    unit: "minutes",
    channel: "email",
    subject: "Welcome to your Garden Kit",
    message: "Hi {{first_name}}, shop the refills: {{LINK}}",
    link: target,
  });
  const detailHref = (await page
    .getByRole("link", { name: "Details of Welcome" })
    .getAttribute("href")) as string;

  // Before any order: the empty state names the window.
  await gotoLive(page, detailHref);
  const revenueCard = page.getByRole("region", { name: "Orders and attributed revenue" });
  await expect(revenueCard.getByText("No attributed orders yet")).toBeVisible();
  await expect(revenueCard.getByText(/within 10 days/)).toBeVisible();
  await shot(page, "touchpoint-no-orders");

  // New products' journeys start as drafts (issue 20).
  await makeJourneyLive(page, "Garden Kit");
  // Ada is enrolled, gets the welcome with her own tracked link, and clicks it.
  await linkFromContactPage(page, adaUrl, "Garden Kit");
  const welcome = await readLatestEmail(page, ada.email, /Welcome to your Garden Kit/);
  expect(welcome.link).toMatch(/\/l\/[2-9a-km-zA-HJ-NP-Z]{8}$/);
  const followed = await page.request.get(welcome.link as string, { maxRedirects: 0 });
  expect(followed.status()).toBe(302);
  expect(followed.headers().location).toBe(target);

  // Three store orders, signed and sent as Shopify sends orders/create (Ada is known by her email):
  // two after the click, attributed to Welcome; one placed 11 days after it (outside the 10-day
  // window), not attributed.
  const orderId = Math.floor(Math.random() * 1_000_000_000);
  const buyer = { email: ada.email, firstName: "Ada", lastName: "Lovelace" };
  const orders = [
    { id: orderId, name: "#1001", totalPrice: "42.50" },
    { id: orderId + 1, name: "#1002", totalPrice: "19.99" },
    {
      id: orderId + 2,
      name: "#1003",
      totalPrice: "5.00",
      createdAt: new Date(Date.now() + 11 * 86_400_000).toISOString(),
    },
  ];
  for (const order of orders) {
    const sent = await shopifyStandIn.sendWebhook({
      topic: "orders/create",
      shop,
      payload: orderJson({ ...order, buyer, lines: [{ variantId: null, price: order.totalPrice }] }),
    });
    expect(sent.status).toBe(200);
  }

  // The touchpoint shows two orders, $62.49, and the latest first with the buyer.
  await expect(async () => {
    await gotoLive(page, detailHref);
    await expect(page.getByTestId("attributed-orders")).toHaveText("2", { timeout: 1000 });
  }).toPass({ timeout: 30_000 });
  const welcomeId = new URL(detailHref, baseURL).searchParams.get("id");
  await expect(page.getByTestId("attributed-revenue-USD")).toHaveText("$62.49");
  const rows = page.getByTestId("attributed-orders-list").locator("tbody tr");
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(0)).toContainText("#1002");
  await expect(rows.nth(0)).toContainText("Ada Lovelace");
  await expect(rows.nth(0)).toContainText("$19.99");
  await expect(rows.nth(1)).toContainText("#1001");
  await shot(page, "touchpoint-attributed-revenue");
  expect(await seriousViolations(page)).toEqual([]);

  // Ada's timeline: her orders, with the touchpoint each is attributed to.
  await gotoLive(page, adaUrl);
  const events = page.getByTestId("timeline-event");
  const ordered = events.filter({ hasText: "Order #1001 · $42.50" });
  await expect(ordered).toContainText("Attributed to Welcome");
  await expect(events.filter({ hasText: "Order #1003 · $5.00" })).toContainText(
    "Not attributed to a touchpoint",
  );
  await expect(events.filter({ hasText: "Clicked the link of Welcome" })).toBeVisible();
  await shot(page, "contact-timeline-orders");
  expect(await seriousViolations(page)).toEqual([]);
  // The attribution links to the touchpoint.
  await ordered.getByRole("link", { name: "Attributed to Welcome" }).click();
  await expect(page).toHaveURL(new RegExp(`/touchpoint-detail\\?id=${welcomeId}`));
});

test("RO Admin sees the attribution window with its controls disabled, and a save is refused with 403", async ({
  page,
  browser,
}) => {
  const owner = await browser.newContext();
  const { accountId } = await signInNewCompanyAdmin(await owner.newPage());
  await owner.close();
  await viewCompanyAs(page, readOnlyAdmin, accountId, "roadmin");
  await openSettings(page, "organization");
  const card = page.getByRole("form", { name: "Revenue attribution" });
  await expect(card.getByLabel("Attribution window (days)")).toHaveValue("7");
  await expect(card.getByLabel("Attribution window (days)")).toBeDisabled();
  await expect(card.getByRole("button", { name: "Save" })).toBeDisabled();
  await shot(page, "settings-attribution-roadmin");
  const refused = await page.request.post("/settings?tab=organization", {
    form: { intent: "attribution", attributionWindowDays: "30" },
    maxRedirects: 0,
  });
  expect(refused.status()).toBe(403);
  await page.reload();
  await expect(page.getByLabel("Attribution window (days)")).toHaveValue("7");
});

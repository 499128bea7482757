import { randomBytes } from "node:crypto";
import { seriousViolations } from "../support/axe";
import { writeFixture } from "../support/e2e-fixture";
import {
  expect,
  gotoLive,
  newCompanyDetails,
  newUserDetails,
  readLatestEmail,
  screenshotsIn,
  test,
  toast,
  uniqueEmail,
} from "../support/e2e-helpers";
import { shopifyStandIn } from "../support/e2e-shopify";
import { addTouchpoint, makeJourneyLive } from "../support/journeys-e2e";
import { marketingConsentJson, orderJson, type TestBuyer } from "../support/shopify-order-payloads";

// Issue 14 end to end, as a merchant and their store live it: Sync Now fills the mapping modal from
// the store (the Shopify stand-in), two variants are mapped to our product, and signed orders/create
// webhooks (signed and sent by the stand-in as Shopify sends them) do the rest: the buyer becomes a
// contact with the SMS consent Shopify recorded, is enrolled in the product's journey and gets its
// first message (by email, which has no quiet hours, so the test passes at any hour); after a click
// on the message's tracked link, the next order is attributed to the touchpoint.
// Since API 2025-01 the consent a buyer gives by ticking the checkout box comes as its own webhook,
// customers_marketing_consent/update (payloads: Shopify's documented samples with our ids), which
// Shopify may deliver before or after the order: Rosa's comes first, Lena's after her order.

const shots = "/tmp/shopify-orders-screens";
const shot = screenshotsIn(shots);

test("mapped variants turn store orders into enrolled, consenting contacts, and revenue on the touchpoint", async ({
  page,
  baseURL,
}) => {
  test.setTimeout(240_000);
  const shop = `orders-${randomBytes(4).toString("hex")}.myshopify.com`;
  const seeded = await shopifyStandIn.seedShop({
    domain: shop,
    name: "Fern & Co",
    products: [
      {
        title: "Starter Kit",
        productType: "Kits",
        variants: [
          { title: "Basil", sku: "KIT-B" },
          { title: "Mint", sku: "KIT-M" },
          { title: "Thyme", sku: "KIT-T" },
        ],
      },
      { title: "Watering Can", productType: "Tools", variants: [{ title: "Default Title", sku: "CAN" }] },
    ],
  });
  const variantId = (title: string) =>
    seeded.products.flatMap((p) => p.variants).find((v) => v.title === title)?.id as string;
  const { accessToken, scope } = await shopifyStandIn.accessToken(shop);
  await writeFixture(page, {
    user: newUserDetails(),
    company: newCompanyDetails("Fern"),
    store: { shop, storeName: "Fern & Co", accessToken, scope },
  });
  expect((await page.request.post("/product", { form: { name: "Herb Garden" } })).ok()).toBe(true);

  // Sync Now fills the modal; Basil and Mint are mapped to Herb Garden.
  await gotoLive(page, "/product-mapping");
  await page.getByRole("button", { name: "Sync Now" }).click();
  await expect(toast(page, "All the latest shopify products fetched successfully!")).toBeVisible({
    timeout: 30_000,
  });
  await page.getByRole("button", { name: "Edit the mapping of Herb Garden" }).click();
  const modal = page.getByRole("dialog");
  await modal.getByLabel("Basil (KIT-B)").check();
  await modal.getByLabel("Mint (KIT-M)").check();
  await modal.getByRole("button", { name: "Next" }).click();
  await expect(modal.getByText("2 adding, 0 removing, 0 unchanged")).toBeVisible();
  await modal.getByRole("button", { name: "Save" }).click();
  await expect(modal.getByRole("heading", { name: "Mapped successfully!" })).toBeVisible();
  await modal.getByRole("button", { name: "Done" }).click();
  await expect(page.getByRole("row").filter({ hasText: "Herb Garden" })).toContainText("2 of 3 variants");

  // The journey's first touchpoint: an email at once, with a tracked link.
  await gotoLive(page, "/touchpoints");
  await page.getByLabel("Journey", { exact: true }).selectOption({ label: "Herb Garden" });
  const target = `${baseURL?.replace("localhost", "127.0.0.1")}/healthz?from=shopify-orders`;
  await addTouchpoint(page, "Herb Garden", {
    name: "Care guide",
    wait: "0",
    unit: "minutes",
    channel: "email",
    subject: "Caring for your Herb Garden",
    message: "Hi {{first_name}}, here is how to grow it: {{LINK}}",
    link: target,
  });
  const detailHref = (await page
    .getByRole("link", { name: "Details of Care guide" })
    .getAttribute("href")) as string;
  // New journeys start as drafts: the merchant makes it live before the store's orders can message.
  await makeJourneyLive(page, "Herb Garden");

  // A forged order is refused and creates nobody.
  const buyer: TestBuyer = {
    customerId: 700_000 + Math.floor(Math.random() * 100_000),
    email: uniqueEmail("rosa"),
    phone: `+1201555${String(Math.floor(Math.random() * 10_000)).padStart(4, "0")}`,
    firstName: "Rosa",
    lastName: "Parks",
  };
  const tickedAt = new Date(Date.now() - 60_000).toISOString();
  const ticked = { state: "subscribed", updatedAt: tickedAt, collectedFrom: "SHOPIFY" } as const;
  const firstOrderId = Math.floor(Math.random() * 1_000_000_000);
  const firstOrder = orderJson({
    id: firstOrderId,
    name: "#1001",
    buyer,
    lines: [{ variantId: variantId("Basil"), price: "42.50", title: "Starter Kit - Basil" }],
  });
  const forged = await shopifyStandIn.sendWebhook({
    topic: "orders/create",
    shop,
    payload: firstOrder,
    badHmac: true,
  });
  expect(forged.status).toBe(401);

  // Rosa ticks the checkout box: Shopify sends her consent, then her order. She becomes a contact
  // with that consent, linked to Herb Garden.
  const consent = await shopifyStandIn.sendWebhook({
    topic: "customers_marketing_consent/update",
    shop,
    payload: marketingConsentJson(buyer.customerId as number, buyer.phone as string, ticked),
  });
  expect(consent.status).toBe(200);
  const delivered = await shopifyStandIn.sendWebhook({ topic: "orders/create", shop, payload: firstOrder });
  expect(delivered.status).toBe(200);
  let rosaUrl = "";
  await expect(async () => {
    await gotoLive(page, "/contacts");
    rosaUrl = (await page
      .getByRole("link", { name: "Rosa", exact: true })
      .getAttribute("href", { timeout: 1000 })) as string;
  }).toPass({ timeout: 30_000 });
  await gotoLive(page, rosaUrl);
  await expect(page.getByText("Agreed to receive SMS (Shopify)")).toBeVisible();
  await expect(
    page.getByText("Collected by Shopify: at checkout, in the customer's account or in the store's admin"),
  ).toBeVisible();
  await expect(page.getByText(buyer.email as string).first()).toBeVisible();
  await expect(page.getByRole("link", { name: "Herb Garden" }).first()).toBeVisible();
  await shot(page, "contact-from-order");
  expect(await seriousViolations(page)).toEqual([]);

  // Shopify delivering the same order again (a retry) changes nothing: still one Rosa.
  const replay = await shopifyStandIn.replayWebhook(delivered.webhookId);
  expect(replay.status).toBe(200);
  await gotoLive(page, "/contacts");
  await expect(page.getByRole("link", { name: "Rosa", exact: true })).toHaveCount(1);

  // Her first journey message is in the outbox, with her own tracked link; she clicks it.
  const guide = await readLatestEmail(page, buyer.email as string, /Caring for your Herb Garden/);
  expect(guide.link).toMatch(/\/l\/[2-9a-km-zA-HJ-NP-Z]{8}$/);
  const followed = await page.request.get(guide.link as string, { maxRedirects: 0 });
  expect(followed.status()).toBe(302);
  expect(followed.headers().location).toBe(target);

  // Her second order, for the other mapped variant, is attributed to the touchpoint she clicked.
  const second = await shopifyStandIn.sendWebhook({
    topic: "orders/create",
    shop,
    payload: orderJson({
      id: firstOrderId + 1,
      name: "#1002",
      buyer,
      lines: [{ variantId: variantId("Mint"), price: "19.99", title: "Starter Kit - Mint" }],
    }),
  });
  expect(second.status).toBe(200);
  await expect(async () => {
    await gotoLive(page, detailHref);
    await expect(page.getByTestId("attributed-orders")).toHaveText("1", { timeout: 1000 });
  }).toPass({ timeout: 30_000 });
  await expect(page.getByTestId("attributed-revenue-USD")).toHaveText("$19.99");
  const rows = page.getByTestId("attributed-orders-list").locator("tbody tr");
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText("#1002");
  await expect(rows.first()).toContainText("Rosa Parks");
  await shot(page, "touchpoint-attributed-revenue");

  // Her timeline: both orders; only the one after the click is attributed.
  await gotoLive(page, rosaUrl);
  const events = page.getByTestId("timeline-event");
  await expect(events.filter({ hasText: "Order #1002 · $19.99" })).toContainText("Attributed to Care guide");
  await expect(events.filter({ hasText: "Order #1001 · $42.50" })).toContainText(
    "Not attributed to a touchpoint",
  );
  await shot(page, "contact-timeline-orders");

  // Lena's order arrives before her consent. The app asks Shopify (the stand-in's customer has no
  // consent recorded yet) and adds nobody; her consent webhook then adds her, as if it had come first.
  const [lenaInShopify] = await shopifyStandIn.addCustomers(shop, [
    {
      firstName: "Lena",
      lastName: "Horne",
      phone: `+1201556${String(Math.floor(Math.random() * 10_000)).padStart(4, "0")}`,
    },
  ]);
  const lena: TestBuyer = {
    customerId: lenaInShopify.legacyId,
    email: uniqueEmail("lena"),
    phone: lenaInShopify.phone,
    firstName: "Lena",
    lastName: "Horne",
  };
  const lenaOrder = await shopifyStandIn.sendWebhook({
    topic: "orders/create",
    shop,
    payload: orderJson({
      id: firstOrderId + 2,
      name: "#1003",
      buyer: lena,
      lines: [{ variantId: variantId("Basil"), price: "42.50", title: "Starter Kit - Basil" }],
    }),
  });
  expect(lenaOrder.status).toBe(200);
  await expect(async () => {
    const asked = await shopifyStandIn.requests(shop);
    expect(asked.filter((r) => r.body.includes("query CustomerSmsConsent"))).toHaveLength(1);
  }).toPass({ timeout: 30_000 });
  await gotoLive(page, "/contacts");
  await expect(page.getByRole("link", { name: "Lena", exact: true })).toHaveCount(0);

  const lenaConsent = await shopifyStandIn.sendWebhook({
    topic: "customers_marketing_consent/update",
    shop,
    payload: marketingConsentJson(lena.customerId as number, lena.phone as string, ticked),
  });
  expect(lenaConsent.status).toBe(200);
  let lenaUrl = "";
  await expect(async () => {
    await gotoLive(page, "/contacts");
    lenaUrl = (await page
      .getByRole("link", { name: "Lena", exact: true })
      .getAttribute("href", { timeout: 1000 })) as string;
  }).toPass({ timeout: 30_000 });
  await gotoLive(page, lenaUrl);
  await expect(page.getByText("Agreed to receive SMS (Shopify)")).toBeVisible();
  await expect(page.getByRole("link", { name: "Herb Garden" }).first()).toBeVisible();
  await expect(page.getByTestId("timeline-event").filter({ hasText: "Order #1003 · $42.50" })).toBeVisible();
  const lenaGuide = await readLatestEmail(page, lena.email as string, /Caring for your Herb Garden/);
  expect(lenaGuide.link).toMatch(/\/l\/[2-9a-km-zA-HJ-NP-Z]{8}$/);
  await shot(page, "contact-from-late-consent");
});

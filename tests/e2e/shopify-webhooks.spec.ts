import { randomBytes } from "node:crypto";
import { readFile } from "node:fs/promises";
import { postContact, uniquePhone } from "../support/contacts-e2e";
import { writeFixture } from "../support/e2e-fixture";
import { expect, newCompanyDetails, newUserDetails, test, uniqueEmail } from "../support/e2e-helpers";
import { shopifyStandIn } from "../support/e2e-shopify";

// Shopify's privacy webhooks against the running server, signed and sent by the Shopify stand-in
// (as Shopify sends them to the addresses shopify.app.toml declares): a customer's data request
// reaches the company admin as an email with the export attached (read in /dev/outbox), a replay
// changes nothing, a forged delivery is refused, and a redaction takes the customer off the list.

test("a customer's data request is emailed to the admin once, and the redaction removes them", async ({
  page,
}) => {
  const suffix = randomBytes(3).toString("hex");
  const shop = `webhooks-spec-${suffix}.myshopify.com`;
  const storeName = `Webhooks Spec ${suffix}`;
  await shopifyStandIn.seedShop({ domain: shop, name: storeName });
  const admin = newUserDetails();
  await writeFixture(page, {
    user: admin,
    company: newCompanyDetails("Webhooks"),
    store: { shop, storeName },
  });
  const email = uniqueEmail("cora");
  await postContact(page, { firstName: "Cora", lastName: "Customer", phone: uniquePhone(), email });
  const customer = { id: 4242, email, phone: null };
  await page.goto("/contacts");
  await expect(page.getByText(email)).toBeVisible();

  const forged = await shopifyStandIn.sendWebhook({
    topic: "customers/data_request",
    shop,
    badHmac: true,
    payload: { shop_id: 1, shop_domain: shop, customer, data_request: { id: 77 } },
  });
  expect(forged.status).toBe(401);

  const request = await shopifyStandIn.sendWebhook({
    topic: "customers/data_request",
    shop,
    payload: { shop_id: 1, shop_domain: shop, customer, orders_requested: [], data_request: { id: 77 } },
  });
  expect(request.url).toMatch(/\/webhooks\/shopify\/customers-data-request$/);
  expect(request.status).toBe(200);

  // The job emails the export; the outbox shows it with the file attached.
  const mail = page.getByRole("article", { name: `Customer data request from ${storeName}` });
  await expect(async () => {
    await page.goto("/dev/outbox");
    await expect(mail).toHaveCount(1, { timeout: 1000 });
  }).toPass({ timeout: 30_000 });
  await expect(mail).toContainText(`To: ${admin.email}`);
  await expect(mail).toContainText(`${email} asked your Shopify store ${storeName}`);
  await page.screenshot({ path: "test-results/shopify-webhooks-outbox.png", fullPage: true });
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    mail.getByRole("link", { name: "customer-data-77.json" }).click(),
  ]);
  const exported = JSON.parse(await readFile((await download.path()) as string, "utf8"));
  expect(exported.store).toEqual({ shop, name: storeName });
  expect(exported.contacts).toEqual([expect.objectContaining({ firstName: "Cora", email })]);

  // Shopify delivering the same webhook again: 200, and no second email.
  const replay = await shopifyStandIn.replayWebhook(request.webhookId);
  expect(replay.status).toBe(200);
  expect(JSON.parse(replay.response ?? "{}")).toEqual({ received: true, outcome: "replay" });
  await page.reload();
  await expect(mail).toHaveCount(1);

  const redact = await shopifyStandIn.sendWebhook({
    topic: "customers/redact",
    shop,
    payload: { shop_id: 1, shop_domain: shop, customer, orders_to_redact: [] },
  });
  expect(redact.status).toBe(200);
  await expect(async () => {
    await page.goto("/contacts");
    await expect(page.getByText(email)).toHaveCount(0, { timeout: 1000 });
  }).toPass({ timeout: 30_000 });
});

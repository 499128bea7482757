import { expect, test } from "@playwright/test";
import { stripeStandIn } from "../support/e2e-stripe";

// The Stripe stand-in e2e-server.ts runs: the catalogue synced into it, and its hosted Checkout page
// paid in a browser: the browser comes back to success_url and the app is sent signed webhooks.

test("the catalogue is synced into the stand-in before the app starts", async () => {
  const state = await stripeStandIn.state();
  expect(state.meters.map((m) => m.event_name)).toEqual(["blusteam_overage_messages"]);
  expect(state.products.map((p) => p.metadata.planId)).toContain("lite-2500");
  expect(state.prices.map((p) => p.lookup_key)).toEqual(
    expect.arrayContaining([
      "blusteam_lite-2500_month",
      "blusteam_lite-2500_year",
      "blusteam_lite-2500_overage",
    ]),
  );
});

test("paying on the hosted Checkout page completes the session and returns to success_url", async ({
  page,
  baseURL,
}) => {
  const { prices } = await stripeStandIn.state();
  const price = (key: string) => prices.find((p) => p.lookup_key === key)!.id;
  const created = await stripeStandIn.api("POST", "/v1/checkout/sessions", {
    mode: "subscription",
    line_items: [
      { price: price("blusteam_lite-1000_month"), quantity: 1 },
      { price: price("blusteam_lite-1000_overage") },
    ],
    client_reference_id: "stand-in-spec",
    customer_email: "payer@example.com",
    subscription_data: { metadata: { planId: "lite-1000" } },
    success_url: `${baseURL}/healthz?session_id={CHECKOUT_SESSION_ID}`,
    cancel_url: `${baseURL}/healthz`,
  });
  expect(created.status).toBe(200);
  const session = created.body;

  await page.goto(session.url);
  await expect(page).toHaveTitle("Stand-in Checkout");
  await expect(page.getByText("payer@example.com")).toBeVisible();
  await page.getByRole("button", { name: "Pay" }).click();
  await expect(page).toHaveURL(`${baseURL}/healthz?session_id=${session.id}`);

  const state = await stripeStandIn.state();
  const paid = state.sessions.find((s) => s.id === session.id)!;
  expect(paid).toMatchObject({ status: "complete", payment_status: "paid" });
  expect(state.subscriptions.find((s) => s.id === paid.subscription)).toMatchObject({
    status: "active",
    metadata: { planId: "lite-1000" },
  });
  // Delivered to the app's /webhooks/stripe (whatever the app answered): one of each, signed.
  const delivered = state.deliveries.filter((d) =>
    state.events.some((e) => e.id === d.eventId && [paid.id, paid.subscription].includes(e.data.object.id)),
  );
  expect(delivered.map((d) => d.type)).toEqual([
    "checkout.session.completed",
    "customer.subscription.created",
  ]);
  expect(delivered.every((d) => d.status !== null)).toBe(true);
});

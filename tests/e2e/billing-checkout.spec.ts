import type { Page } from "@playwright/test";
import { freshCompanyAdmin, postContact, postProduct, uniquePhone } from "../support/contacts-e2e";
import {
  expect,
  gotoLive,
  openSettings,
  readLatestEmail,
  test,
  toast,
  uniqueEmail,
} from "../support/e2e-helpers";
import { stripeStandIn } from "../support/e2e-stripe";
import { addTouchpoint, contactUrlOf, linkFromContactPage, makeJourneyLive } from "../support/journeys-e2e";

// Issue 12, "How it will be checked": a new company picks 5k on the slider, pays on the Stripe
// stand-in's hosted checkout, the signed checkout.session.completed arrives, the tab thanks it and
// shows the plan, and a message its journey sends shows in its usage. Then a plan change, the
// portal, and a failed payment's banner.

test.describe.configure({ timeout: 180_000 });

const SCREENS = "/tmp/billing-screens";
const slider = (page: Page) => page.locator(".billing-slider");

async function chooseOnSlider(page: Page, presses: number) {
  const range = slider(page).getByRole("slider", { name: "Messages per month" });
  await range.focus();
  await range.press("Home");
  for (let i = 0; i < presses; i++) await range.press("ArrowRight");
}

test("a new company pays for 5k through Stripe Checkout, sees its plan, and its journey's message in usage", async ({
  page,
}) => {
  await freshCompanyAdmin(page);
  await openSettings(page, "billing");
  await expect(page.getByText("No plan selected!", { exact: true })).toBeVisible();
  await expect(page.getByText("No statistics found!", { exact: true })).toBeVisible();
  await expect(page.getByText("Select a suitable plan & setup payment details")).toBeVisible();

  await chooseOnSlider(page, 2);
  await expect(slider(page).getByTestId("chosen-plan")).toHaveText("Lite-5000-$699");
  await slider(page).getByRole("button", { name: "Select Plan" }).click();

  // Stripe's hosted page (the stand-in's): the tier's monthly price and its metered overage price.
  await expect(page).toHaveTitle("Stand-in Checkout");
  const sessionId = new URL(page.url()).pathname.split("/").pop() as string;
  const { sessions } = await stripeStandIn.state();
  const session = sessions.find((s) => s.id === sessionId);
  expect(session).toMatchObject({ mode: "subscription", metadata: { planId: "lite-5000" } });
  await page.getByRole("button", { name: "Pay" }).click();

  // Back on the Billing tab: Stripe confirmed the session, so the thank-you shows, and the query goes.
  await expect(
    page.getByText("Thank you! Your subscription has been completed and your account is ready for use"),
  ).toBeVisible();
  await expect(page).not.toHaveURL(/stripe_session/);
  await page.screenshot({ path: `${SCREENS}/billing-thank-you.png`, fullPage: true });
  await page.getByRole("link", { name: "Get Started" }).click();
  await expect(page).toHaveURL(/\/settings$/);

  // The signed webhooks were delivered and accepted.
  await expect(async () => {
    const { deliveries } = await stripeStandIn.state();
    const mine = deliveries.filter((d) => d.type === "checkout.session.completed");
    expect(mine.some((d) => d.status === 200)).toBe(true);
  }).toPass({ timeout: 15_000 });

  await openSettings(page, "billing");
  await expect(page.getByText("No plan selected!", { exact: true })).toHaveCount(0);
  await expect(page.getByText("Lite-5000-$699").first()).toBeVisible();
  await expect(page.getByText("Select a suitable plan & setup payment details")).toHaveCount(0);
  // This month's row: period start (its row header), then the cells period end, total usage, overage SMS.
  const thisMonth = page.getByRole("table").filter({ hasText: "Total usage" }).getByRole("row").nth(1);
  await expect(thisMonth.getByRole("cell").nth(1)).toHaveText("0");

  // A journey sends a message: it counts toward this month's usage.
  await postProduct(page, "Billing Kit");
  const ada = { firstName: "Ada", lastName: "Billing", phone: uniquePhone(), email: uniqueEmail("ada") };
  await postContact(page, ada);
  const adaUrl = await contactUrlOf(page, "Ada");
  await gotoLive(page, "/touchpoints");
  await page.getByLabel("Journey", { exact: true }).selectOption({ label: "Billing Kit" });
  await addTouchpoint(page, "Billing Kit", {
    name: "Welcome",
    wait: "0",
    unit: "minutes",
    channel: "email",
    subject: "Welcome to your Billing Kit",
    message: "Hi {{first_name}}, welcome.",
  });
  // New products' journeys start as drafts (issue 20).
  await makeJourneyLive(page, "Billing Kit");
  await linkFromContactPage(page, adaUrl, "Billing Kit");
  await readLatestEmail(page, ada.email, /Welcome to your Billing Kit/);
  await expect(async () => {
    await openSettings(page, "billing");
    await expect(thisMonth.getByRole("cell").nth(1)).toHaveText("1", { timeout: 1_000 });
  }).toPass({ timeout: 30_000 });
  await page.screenshot({ path: `${SCREENS}/billing-tab-paid.png`, fullPage: true });

  // A bigger plan with a subscription: its items change at once, prorated; no second checkout.
  await chooseOnSlider(page, 4);
  await expect(slider(page).getByTestId("chosen-plan")).toHaveText("Standard-25000-$2,499");
  await slider(page).getByRole("button", { name: "Select Plan" }).click();
  await expect(toast(page, "Your plan has been updated.")).toBeVisible();
  const after = await stripeStandIn.state();
  expect(after.sessions.filter((s) => s.client_reference_id === session?.client_reference_id)).toHaveLength(
    1,
  );
  expect(after.subscriptionUpdates.at(-1)).toMatchObject({ prorationBehavior: "create_prorations" });
  await expect(page.getByText("Standard-25000-$2,499").first()).toBeVisible();

  // The customer portal.
  await page.getByRole("button", { name: "Manage billing" }).click();
  await expect(page).toHaveTitle("Stand-in Billing Portal");
});

test("a failed payment shows the PENDING_PAYMENT banner, whose Read more opens the portal; the subscription active again clears it", async ({
  page,
}) => {
  await freshCompanyAdmin(page);
  await openSettings(page, "billing");
  await chooseOnSlider(page, 0);
  await slider(page).getByRole("button", { name: "Select Plan" }).click();
  await expect(page).toHaveTitle("Stand-in Checkout");
  // This test's session, from the hosted page's address: the stand-in's last session may be another
  // worker's, not paid yet (it has no subscription then).
  const sessionId = new URL(page.url()).pathname.split("/").pop() as string;
  await page.getByRole("button", { name: "Pay" }).click();
  await expect(page.getByText("Thank you! Your subscription has been completed")).toBeVisible();

  const { sessions } = await stripeStandIn.state();
  const session = sessions.find((s) => s.id === sessionId);
  expect(session?.subscription, `session ${sessionId} should have its subscription`).toBeTruthy();
  const subscriptionId = String(session?.subscription);
  await stripeStandIn.sendEvent(
    "customer.subscription.updated",
    subscriptionId,
    { status: "past_due" },
    {
      status: "active",
    },
  );
  const banner = page.getByText("There has been an issue with your recent payment");
  await expect(async () => {
    await gotoLive(page, "/settings?tab=personal");
    await expect(banner).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 20_000 });
  await page.screenshot({ path: `${SCREENS}/billing-pending-payment.png`, fullPage: true });
  await page.getByRole("button", { name: "Read more" }).click();
  await expect(page).toHaveTitle("Stand-in Billing Portal");

  await stripeStandIn.sendEvent(
    "customer.subscription.updated",
    subscriptionId,
    { status: "active" },
    {
      status: "past_due",
    },
  );
  await expect(async () => {
    await gotoLive(page, "/settings?tab=personal");
    await expect(banner).toHaveCount(0, { timeout: 1_000 });
  }).toPass({ timeout: 20_000 });
});

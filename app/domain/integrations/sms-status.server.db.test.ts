import { expect, test, vi } from "vitest";
import { storeOfflineSession } from "../../../tests/support/shopify-sessions";
import { SHOPIFY_TEST_SHOP, setUpShopifyStandIn } from "../../../tests/support/shopify-test-env";
import { describeEachDatabase } from "../../../tests/support/test-database";
import { askSmsMarketingAtCheckout } from "./shopify-integration.server";
import { smsMarketingStatusOf } from "./sms-status";

// The store's SMS opt-in checkbox, read through the Shopify library's Admin API client from the
// store's offline session, against the local Shopify stand-in (SHOPIFY_API_URL).
const standIn = setUpShopifyStandIn();

/** The offline session an install leaves, with a token the stand-in accepts. */
async function installOfflineSession(shop = SHOPIFY_TEST_SHOP) {
  const { status, body } = await standIn().control("POST", "/access-tokens", { shop });
  expect(status).toBe(200);
  const { accessToken, scope } = body as { accessToken: string; scope: string };
  await storeOfflineSession(shop, accessToken, scope);
}

const statusOf = async (shop = SHOPIFY_TEST_SHOP) =>
  smsMarketingStatusOf(await askSmsMarketingAtCheckout(shop));

describeEachDatabase("the SMS Opt-In checkbox status from the store", () => {
  test("Disabled, then Enabled once the store turns the checkbox on", async () => {
    await installOfflineSession();
    expect(await statusOf()).toBe("DISABLED");
    await standIn().control("POST", `/shops/${SHOPIFY_TEST_SHOP}/sms`, { enabled: true });
    expect(await statusOf()).toBe("ENABLED");
    // What was asked: Shopify's own field of the shop.
    const asked = standIn().requests.filter((r) => r.path.includes("/graphql.json"));
    expect(asked.at(-1)?.body).toContain("marketingSmsConsentEnabledAtCheckout");
  });

  test("Error when Shopify fails, and again Enabled or Disabled when it answers", async () => {
    await installOfflineSession();
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    standIn().failNextGraphql({ status: 500 });
    expect(await statusOf()).toBe("ERROR");
    expect(warn).toHaveBeenCalled();
    warn.mockRestore();
    expect(await statusOf()).toBe("DISABLED");
  });

  test("Error when the app holds no token for the store", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    expect(await statusOf()).toBe("ERROR");
    warn.mockRestore();
  });
});

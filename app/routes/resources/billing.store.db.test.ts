import { RouterContextProvider } from "react-router";
import { beforeEach, expect, test } from "vitest";
import { seedReferenceData } from "#db/seed";
import { getCookieSession } from "~/domain/auth/session.server";
import { signedInRequest } from "../../../tests/support/factories";
import { accountRow, storeCompany, subscribedStoreCompany } from "../../../tests/support/shopify-billing";
import { setUpShopifyStandIn } from "../../../tests/support/shopify-test-env";
import { describeEachDatabase } from "../../../tests/support/test-database";
import { roAdminViewCookie } from "../../../tests/support/view-as";
import { action } from "./billing";

/** The Billing tab's store forms as they post: with JavaScript (respond=data) and without. */

const shopify = setUpShopifyStandIn();
const URL_ = "http://localhost:3000/resources/billing";
const form = (fields: Record<string, string>, cookie?: string): RequestInit => ({
  method: "POST",
  body: new URLSearchParams(fields),
  headers: { "Content-Type": "application/x-www-form-urlencoded", ...(cookie ? { Cookie: cookie } : {}) },
});

async function call(
  request: Request,
): Promise<{ status: number; location: string | null; data: unknown; response?: Response }> {
  let answer: unknown;
  try {
    answer = await action({ request, params: {}, context: new RouterContextProvider() } as never);
  } catch (thrown) {
    answer = thrown;
  }
  if (answer instanceof Response)
    return { status: answer.status, location: answer.headers.get("Location"), data: null, response: answer };
  const init = (answer as { init?: ResponseInit | null }).init;
  return { status: init?.status ?? 200, location: null, data: (answer as { data: unknown }).data };
}

const post = async (userId: string, fields: Record<string, string>) =>
  call(await signedInRequest(userId, URL_, form(fields)));

async function toastOf(response?: Response) {
  const cookie = response?.headers.get("Set-Cookie")?.split(";")[0] ?? "";
  return (await getCookieSession(new Request("http://localhost:3000/", { headers: { Cookie: cookie } }))).get(
    "toast",
  );
}

describeEachDatabase("the Billing tab's store forms", (getDb) => {
  beforeEach(async () => {
    await seedReferenceData(getDb());
  });

  test("Select Plan: redirected to Shopify's confirmation without JavaScript, its URL as data with it", async () => {
    const store = await storeCompany(shopify());
    const plain = await post(store.admin.id, { intent: "select-plan", planId: "lite-1000" });
    expect(plain.status).toBe(302);
    expect(plain.location).toMatch(
      new RegExp(`^${shopify().url}/${store.shop}/admin/charges/confirm\\?id=\\d+`),
    );

    const withJs = await post(store.admin.id, {
      intent: "select-plan",
      planId: "lite-1000",
      respond: "data",
    });
    expect(withJs.data).toEqual({
      kind: "store_confirmation",
      confirmationUrl: expect.stringContaining(`/${store.shop}/admin/charges/confirm?id=`),
    });
  });

  test("cancel: 'Plan cancelled successfully!' as data with JavaScript, as a flash after a redirect without", async () => {
    const first = await subscribedStoreCompany(shopify(), "lite-1000");
    const withJs = await post(first.admin.id, { intent: "cancel-store-plan", respond: "data" });
    expect(withJs.data).toEqual({
      kind: "store_plan_cancelled",
      toast: { message: "billing.toasts.planCancelled" },
    });
    expect((await accountRow(first.account.id)).accountStatus).toBe("CANCELLED");

    const second = await subscribedStoreCompany(shopify(), "lite-2500", {
      shop: "second-shop.myshopify.com",
    });
    const plain = await post(second.admin.id, { intent: "cancel-store-plan" });
    expect(plain).toMatchObject({ status: 302, location: "/settings?tab=billing" });
    expect(await toastOf(plain.response)).toMatchObject({ message: "billing.toasts.planCancelled" });

    // Nothing left to cancel: said so.
    const again = await post(second.admin.id, { intent: "cancel-store-plan" });
    expect(await toastOf(again.response)).toMatchObject({
      message: "billing.toasts.noStorePlan",
      error: true,
    });
  });

  test("a read-only admin viewing the company gets 403 and Shopify is never asked", async () => {
    const store = await subscribedStoreCompany(shopify(), "lite-1000");
    const requestsBefore = shopify().requests.length;
    const cookie = await roAdminViewCookie(store.account.id);
    const attempts: Record<string, string>[] = [
      { intent: "cancel-store-plan", respond: "data" },
      { intent: "select-plan", planId: "lite-2500", respond: "data" },
    ];
    for (const fields of attempts)
      expect((await call(new Request(URL_, form(fields, cookie)))).status).toBe(403);
    expect(shopify().requests.length).toBe(requestsBefore);
    expect((await accountRow(store.account.id)).accountStatus).toBe("ACTIVE");
  });
});

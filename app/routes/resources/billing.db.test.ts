import { eq } from "drizzle-orm";
import { RouterContextProvider } from "react-router";
import { afterEach, beforeEach, expect, test } from "vitest";
import { accounts } from "#db/schema";
import { seedReferenceData } from "#db/seed";
import { resetConfigForTests } from "~/config.server";
import { getCookieSession } from "~/domain/auth/session.server";
import { addMembership, createAccount, createUser, signedInRequest } from "../../../tests/support/factories";
import { describeEachDatabase } from "../../../tests/support/test-database";
import { roAdminViewCookie } from "../../../tests/support/view-as";
import { action } from "./billing";

/** Select Plan and the portal as the Billing tab's forms post them, without Stripe configured. */

const STRIPE_ENV = ["STRIPE_SECRET_KEY", "STRIPE_WEBHOOK_SECRET", "STRIPE_API_URL"] as const;
const saved = Object.fromEntries(STRIPE_ENV.map((k) => [k, process.env[k]]));

beforeEach(() => {
  for (const key of STRIPE_ENV) delete process.env[key];
  resetConfigForTests();
});
afterEach(() => {
  for (const key of STRIPE_ENV) {
    if (saved[key] === undefined) delete process.env[key];
    else process.env[key] = saved[key];
  }
  resetConfigForTests();
});

const URL_ = "http://localhost:3000/resources/billing";
const formInit = (fields: Record<string, string>, cookie?: string) => ({
  method: "POST",
  body: new URLSearchParams(fields),
  headers: {
    "Content-Type": "application/x-www-form-urlencoded",
    ...(cookie ? { Cookie: cookie } : {}),
  },
});

async function post(userId: string, fields: Record<string, string>) {
  return call(await signedInRequest(userId, URL_, formInit(fields)));
}

/** A platform roadmin viewing the company as RO Admin (the View As cookie of /resources/view-as). */
async function postAsRoAdmin(accountId: string, fields: Record<string, string>) {
  return call(new Request(URL_, formInit(fields, await roAdminViewCookie(accountId))));
}

async function call(request: Request) {
  let answer: unknown;
  try {
    answer = await action({ request, params: {}, context: new RouterContextProvider() } as never);
  } catch (thrown) {
    answer = thrown;
  }
  if (answer instanceof Response) return answer;
  const init = (answer as { init?: ResponseInit | null }).init;
  return new Response(null, { status: init?.status ?? 200 });
}

/** The flash toast a redirect carries, read back the way the next page would. */
async function toastOf(response: Response): Promise<{ message: string; error?: boolean } | undefined> {
  const cookie = response.headers.get("Set-Cookie")?.split(";")[0] ?? "";
  const session = await getCookieSession(
    new Request("http://localhost:3000/", { headers: { Cookie: cookie } }),
  );
  return session.get("toast");
}

async function memberOf(overrides: Partial<typeof accounts.$inferInsert> = {}) {
  const account = await createAccount(overrides);
  const user = await createUser();
  await addMembership(user.id, account.id, { isCompanyAdmin: true });
  return { account, user };
}

describeEachDatabase("billing resource route", (getDb) => {
  beforeEach(async () => {
    await seedReferenceData(getDb());
  });

  test("no Stripe keys: Select Plan comes back to the tab naming STRIPE_SECRET_KEY, nothing changes", async () => {
    const { account, user } = await memberOf({ accountStatus: "CREATED" });
    const response = await post(user.id, { intent: "select-plan", planId: "lite-5000" });
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/settings?tab=billing");
    expect(await toastOf(response)).toMatchObject({
      message: "billing.toasts.notConfigured",
      error: true,
    });
    const [after] = await getDb().select().from(accounts).where(eq(accounts.id, account.id));
    expect(after.planId).toBeNull();
    expect(after.accountStatus).toBe("CREATED");
  });

  test("a read-only admin viewing a company gets 403 for Select Plan and the portal", async () => {
    const { account } = await memberOf({ accountStatus: "CREATED", stripeCustomerId: "cus_x" });
    for (const fields of [{ intent: "select-plan", planId: "lite-5000" }, { intent: "portal" }] as Record<
      string,
      string
    >[]) {
      expect((await postAsRoAdmin(account.id, fields)).status, fields.intent).toBe(403);
    }
  });

  test("a member outside the admin group cannot pick a plan at or below the one they pay for", async () => {
    const { user } = await memberOf({
      planId: "lite-5000",
      plan: "Lite",
      stripeSubscriptionId: "sub_paid",
      stripeCustomerId: "cus_paid",
    });
    for (const planId of ["lite-5000", "lite-2500", "lite-1000"]) {
      const response = await post(user.id, { intent: "select-plan", planId });
      expect(await toastOf(response), planId).toMatchObject({ message: "billing.reachOutSupport" });
    }
  });

  test("the top tier is sold by a person: Select Plan on Pro goes to /support", async () => {
    const { user } = await memberOf({ accountStatus: "CREATED" });
    const response = await post(user.id, { intent: "select-plan", planId: "pro-100000" });
    expect(response.headers.get("Location")).toBe("/support");
  });

  test("a store account is told billing through the store is not connected yet", async () => {
    const { user } = await memberOf({ source: "shopify", accountStatus: "CREATED" });
    const response = await post(user.id, { intent: "select-plan", planId: "lite-1000" });
    expect(await toastOf(response)).toMatchObject({ message: "billing.toasts.storeNotConnected" });
  });

  test("a manually billed company cannot pick a plan here", async () => {
    const { user } = await memberOf({ manualBilling: true });
    const response = await post(user.id, { intent: "select-plan", planId: "lite-1000" });
    expect(await toastOf(response)).toMatchObject({ message: "billing.toasts.manualBilling" });
  });

  test("an unknown, free or store-only plan is refused with the spec's failure text", async () => {
    const { user } = await memberOf({ accountStatus: "CREATED" });
    for (const planId of ["no-such-plan", "0", "lite-250"]) {
      const response = await post(user.id, { intent: "select-plan", planId });
      expect(await toastOf(response), planId).toMatchObject({
        message: "billing.toasts.failedToUpdatePlan",
        durationMs: 3000,
      });
    }
  });

  test("the portal without a Stripe customer: back to the tab with 'Failed to fetch session'", async () => {
    const { user } = await memberOf();
    const response = await post(user.id, { intent: "portal" });
    // Not configured comes first: without keys there is no portal at all.
    expect(await toastOf(response)).toMatchObject({ message: "billing.toasts.notConfigured" });
  });

  test("a malformed post answers 400", async () => {
    const { user } = await memberOf();
    expect((await post(user.id, { intent: "delete-everything" })).status).toBe(400);
    expect((await post(user.id, { intent: "select-plan" })).status).toBe(400);
  });
});

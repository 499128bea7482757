import { expect, test } from "vitest";
import { orderJson } from "../../../../tests/support/shopify-order-payloads";
import {
  buyerOfOrder,
  orderLines,
  orderPayload,
  orderTotalMinor,
  placedAtOf,
  smsConsentOf,
} from "./order-payload";

test("the buyer: the customer's phone in E.164, email lowercased, names; else the order's own details; no consent in the order", () => {
  const order = orderPayload.parse(
    orderJson({
      id: 5001,
      lines: [{ variantId: 42 }],
      buyer: {
        customerId: 777,
        email: "Ada@Example.COM",
        phone: "(201) 555-0123",
        firstName: "Ada",
        lastName: "Byron",
      },
    }),
  );
  expect(buyerOfOrder(order)).toEqual({
    shopifyCustomerId: "gid://shopify/Customer/777",
    phone: "+12015550123",
    email: "ada@example.com",
    firstName: "Ada",
    lastName: "Byron",
    // Since API 2025-01 Shopify's order carries no consent: customers_marketing_consent/update does.
    smsConsent: null,
  });
  // Even an order that still carried one (an older API version) does not decide the consent here.
  const legacy = orderPayload.parse({
    ...orderJson({ id: 5005, lines: [], buyer: { customerId: 778, phone: "+12015550124" } }),
    customer: {
      id: 778,
      phone: "+12015550124",
      sms_marketing_consent: { state: "subscribed", consent_updated_at: "2025-06-01T10:00:00Z" },
    },
  });
  expect(buyerOfOrder(legacy).smsConsent).toBeNull();

  const guest = orderPayload.parse(
    orderJson({
      id: 5002,
      lines: [{ variantId: 42 }],
      buyer: null,
      email: "guest@example.com",
      phone: "+44 7911 123456",
      billingName: { first: "Gus", last: "Guest" },
    }),
  );
  expect(buyerOfOrder(guest)).toEqual({
    shopifyCustomerId: null,
    phone: "+447911123456",
    email: "guest@example.com",
    firstName: "Gus",
    lastName: "Guest",
    smsConsent: null,
  });
  // An invalid number is no number.
  const bad = orderPayload.parse(orderJson({ id: 5003, lines: [], buyer: { customerId: 1, phone: "12" } }));
  expect(buyerOfOrder(bad).phone).toBeNull();
});

test("lines name their variant by gid; the total is the current one; the order's time is when it was processed", () => {
  const order = orderPayload.parse({
    ...orderJson({
      id: 5004,
      currency: "EUR",
      lines: [
        { variantId: 42, price: "10.50", quantity: 2, title: "Beans" },
        { variantId: null, title: "Tip", price: "2.00" },
      ],
      createdAt: "2025-06-02T09:00:00Z",
    }),
    current_total_price: "20.00",
    processed_at: "2025-06-01T08:00:00Z",
  });
  expect(orderLines(order)).toEqual([
    { variantId: "gid://shopify/ProductVariant/42", title: "Beans", quantity: 2, priceMinor: 1050 },
    { variantId: null, title: "Tip", quantity: 1, priceMinor: 200 },
  ]);
  expect(orderTotalMinor(order)).toBe(2000);
  expect(placedAtOf(order, new Date())).toEqual(new Date("2025-06-01T08:00:00Z"));
});

test("Shopify's SMS states are read leniently", () => {
  expect(
    smsConsentOf({ state: "SUBSCRIBED", opt_in_level: "SINGLE_OPT_IN", consent_collected_from: "OTHER" }),
  ).toMatchObject({
    state: "subscribed",
    optInLevel: "single_opt_in",
    updatedAt: null,
    collectedFrom: "other",
  });
  expect(smsConsentOf({ state: "something_new" })?.state).toBe("not_subscribed");
  expect(smsConsentOf({ state: "unsubscribed", consent_updated_at: "not a date" })?.updatedAt).toBeNull();
  expect(smsConsentOf(null)).toBeNull();
  expect(orderPayload.safeParse({ id: 1 }).success).toBe(false);
});

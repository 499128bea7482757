import { randomUUID } from "node:crypto";
import { expect, test } from "vitest";
import { resetConfigForTests } from "~/config.server";
import { setUpCrmStandIn, signatureIsValid, startCrmStandIn } from "../../../tests/support/stand-ins/crm";
import {
  CrmUnavailableError,
  crmAdapter,
  crmConfigured,
  crmSignature,
  locallyRecordedCrmEvents,
} from "./crm.server";
import type { CrmEvent } from "./crm-event";

// The CRM webhook adapter against a real HTTP receiver on 127.0.0.1 that checks the signature itself.

const stand = setUpCrmStandIn({ timeoutMs: 300 });

function event(overrides: Partial<CrmEvent> = {}): CrmEvent {
  return {
    event_id: randomUUID(),
    event_name: "Form Submitted",
    occurred_at: new Date().toISOString(),
    account_id: randomUUID(),
    form_id: randomUUID(),
    email: "ada@example.com",
    firstname: "Ada",
    lastname: "Lovelace",
    phoneNumber: "+12125550142",
    ipaddress: "203.0.113.7",
    products: [{ id: randomUUID(), name: "Panels" }],
    ...overrides,
  };
}

test("an event is POSTed as JSON with a signature the receiver accepts", async () => {
  const sent = event();
  expect(crmConfigured()).toBe(true);
  expect(await crmAdapter().send(sent)).toBe("delivered");
  expect(stand().forged).toEqual([]);
  expect(stand().accepted).toEqual([sent]);
  const [request] = stand().requests;
  expect(request?.method).toBe("POST");
  expect(request?.path).toBe("/crm/events");
  expect(request?.headers["webhook-id"]).toBe(sent.event_id);
});

test("a receiver with another secret refuses the signature (the signature covers the secret and body)", async () => {
  const other = await startCrmStandIn("another-secret-0123456789");
  try {
    process.env.CRM_WEBHOOK_URL = other.url;
    resetConfigForTests();
    expect(await crmAdapter().send(event())).toBe("rejected");
    expect(other.accepted).toEqual([]);
    expect(other.forged).toHaveLength(1);
    // The same request with its body changed fails the right secret too.
    const forged = { ...other.forged[0]!, body: other.forged[0]!.body.replace("Ada", "Eve") };
    expect(signatureIsValid("crm-test-secret-0123456789", other.forged[0]!)).toBe(true);
    expect(signatureIsValid("crm-test-secret-0123456789", forged)).toBe(false);
  } finally {
    await other.close();
  }
});

test("a whsec_ secret signs with its base64-decoded bytes, as Standard Webhooks libraries expect", () => {
  // The Standard Webhooks specification's own example.
  const secret = "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw";
  const body = '{"test": 2432232314}';
  expect(crmSignature(secret, "msg_p5jXN8AQM9LWM0D4loKWxJek", 1614265330, body)).toBe(
    "v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=",
  );
});

test("a CRM error or a slow CRM is worth retrying; another 4xx is a refusal for good", async () => {
  stand().failNext({ status: 503, body: {} }, { status: 429, body: {} }, { status: 422, body: {} });
  await expect(crmAdapter().send(event())).rejects.toThrow(CrmUnavailableError);
  await expect(crmAdapter().send(event())).rejects.toThrow(CrmUnavailableError);
  expect(await crmAdapter().send(event())).toBe("rejected");
  expect(stand().accepted).toEqual([]);
  const slow = event();
  stand().delayNext(1_000);
  await expect(crmAdapter().send(slow)).rejects.toThrow(/no answer within 300 ms/);
  // The slow CRM may have kept it: the retry carries the same webhook-id, for the receiver to drop.
  expect(stand().accepted.map((e) => e.event_id)).toEqual([slow.event_id]);
});

test("unreachable: retried later", async () => {
  process.env.CRM_WEBHOOK_URL = "http://127.0.0.1:9/crm";
  resetConfigForTests();
  await expect(crmAdapter().send(event())).rejects.toThrow(/unreachable/);
});

test("without CRM_WEBHOOK_URL the local default sends nothing and keeps the event in memory", async () => {
  delete process.env.CRM_WEBHOOK_URL;
  delete process.env.CRM_WEBHOOK_SECRET;
  resetConfigForTests();
  expect(crmConfigured()).toBe(false);
  const kept = event();
  expect(crmAdapter().kind).toBe("local");
  expect(await crmAdapter().send(kept)).toBe("delivered");
  expect(locallyRecordedCrmEvents().at(-1)).toEqual(kept);
  expect(stand().requests).toEqual([]);
});

test("the URL without the secret (or the reverse) stops the server with a message", () => {
  delete process.env.CRM_WEBHOOK_SECRET;
  resetConfigForTests();
  expect(() => crmConfigured()).toThrow(/CRM_WEBHOOK_URL and CRM_WEBHOOK_SECRET go together/);
});

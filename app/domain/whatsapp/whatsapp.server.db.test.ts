import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, beforeEach, expect, test } from "vitest";
import {
  consentEvents,
  contacts,
  inboundMessages,
  messages,
  whatsappConfigs,
  whatsappInboundWindows,
} from "#db/schema";
import { resetConfigForTests } from "~/config.server";
import { createAccount } from "../../../tests/support/factories";
import {
  createContact,
  createMessage,
  createTouchpoint,
} from "../../../tests/support/stand-ins/messaging-fixtures";
import {
  type MetaStandIn,
  metaWebhookSignature,
  startMetaStandIn,
} from "../../../tests/support/stand-ins/meta";
import { describeEachDatabase } from "../../../tests/support/test-database";
import {
  whatsappDelivery as delivery,
  webhookGet as get,
  newMetaNumber,
  nextWamid as nextId,
  webhookPost as post,
  whatsappText as textMessage,
} from "../../../tests/support/whatsapp-fixtures";
import { readWhatsAppConfig, verifyAndSaveWhatsApp, webhookVerifiedFor } from "./config.server";

/**
 * A company's own WhatsApp account: 'Verify & Continue' against the Graph API stand-in, secrets at
 * rest, Meta's subscription check (GET) and signed deliveries (POST) through the route, feeding the
 * SMS path (STOP, statuses forward only), each entry once.
 */

let meta: MetaStandIn;
const KEYS = ["META_GRAPH_URL", "APP_URL"] as const;
let saved: Record<string, string | undefined> = {};
beforeAll(async () => {
  meta = await startMetaStandIn("platform-phone", "platform-token");
});
afterAll(() => meta.close());
beforeEach(() => {
  saved = Object.fromEntries(KEYS.map((k) => [k, process.env[k]]));
  process.env.META_GRAPH_URL = meta.url;
  process.env.APP_URL = "https://app.blusteam.test";
  resetConfigForTests();
  meta.reset();
});
afterEach(() => {
  for (const key of KEYS) {
    if (saved[key] === undefined) delete process.env[key];
    else process.env[key] = saved[key];
  }
  resetConfigForTests();
});

let n = 0;
/** A company whose Meta number exists in the stand-in, and the credentials it types in. */
function metaNumber() {
  n++;
  return newMetaNumber(meta);
}

async function configured() {
  const account = await createAccount();
  const creds = metaNumber();
  const scope = { account: { id: account.id } };
  expect(await verifyAndSaveWhatsApp(scope, creds)).toEqual({ status: "saved" });
  const view = await readWhatsAppConfig(scope);
  return { account, scope, creds, view: view as NonNullable<typeof view> };
}

describeEachDatabase("WhatsApp configuration and webhook", (getDb) => {
  test("Verify & Continue saves only credentials Meta answers for; secrets are sealed and shown masked", async () => {
    const account = await createAccount();
    const scope = { account: { id: account.id } };
    const creds = metaNumber();

    const wrongToken = await verifyAndSaveWhatsApp(scope, { ...creds, authToken: "not-the-token" });
    expect(wrongToken.status).toBe("not-correct");
    const wrongAccount = await verifyAndSaveWhatsApp(scope, { ...creds, whatsappBusinessAccountId: "999" });
    expect(wrongAccount.status).toBe("not-correct");
    const wrongId = await verifyAndSaveWhatsApp(scope, { ...creds, phoneNumberId: "999" });
    expect(wrongId.status).toBe("number-not-in-account");
    expect(await readWhatsAppConfig(scope)).toBeNull();

    expect(await verifyAndSaveWhatsApp(scope, creds)).toEqual({ status: "saved" });
    const [lookup] = meta.requests.filter((r) => r.method === "GET").slice(-1);
    expect(lookup.path.startsWith(`/${creds.whatsappBusinessAccountId}/phone_numbers?`)).toBe(true);
    expect(lookup.headers.authorization).toBe(`Bearer ${creds.authToken}`);

    const [row] = await getDb()
      .select()
      .from(whatsappConfigs)
      .where(eq(whatsappConfigs.accountId, account.id));
    expect(row.authTokenSealed).not.toContain(creds.authToken);
    expect(row.appSecretSealed).not.toContain(creds.appSecret);
    expect(row.verifyToken).toMatch(/^[A-Za-z0-9]{36}$/);
    expect(row.webhookVerified).toBe(false);

    const view = await readWhatsAppConfig(scope);
    expect(view).toMatchObject({
      phoneNumber: "15550100123",
      phoneNumberId: creds.phoneNumberId,
      whatsappBusinessAccountId: creds.whatsappBusinessAccountId,
      authTokenMasked: `••••${creds.authToken.slice(-4)}`,
      appSecretMasked: `••••${creds.appSecret.slice(-4)}`,
      webhookUrl: "https://app.blusteam.test/gandalfproxy/api/whatsapp/webhook",
      webhookVerified: false,
    });
    expect(JSON.stringify(view)).not.toContain(creds.authToken);
    expect(JSON.stringify(view)).not.toContain(creds.appSecret);
    // Credentials are locked once a verify token exists (spec 3 section 4.8).
    expect(await verifyAndSaveWhatsApp(scope, creds)).toEqual({ status: "locked" });
  });

  test("Meta's subscription check answers the challenge for a company's verify token only, and verifies it", async () => {
    const { scope, view } = await configured();
    expect(await webhookVerifiedFor(scope)).toBe(false);

    const bad = await get({
      "hub.mode": "subscribe",
      "hub.verify_token": "x".repeat(36),
      "hub.challenge": "123",
    });
    expect(bad.status).toBe(403);
    const wrongMode = await get({
      "hub.mode": "unsubscribe",
      "hub.verify_token": view.verifyToken,
      "hub.challenge": "1",
    });
    expect(wrongMode.status).toBe(403);
    expect(await webhookVerifiedFor(scope)).toBe(false);

    const good = await get({
      "hub.mode": "subscribe",
      "hub.verify_token": view.verifyToken,
      "hub.challenge": "1158201444",
    });
    expect(good.status).toBe(200);
    expect(await good.text()).toBe("1158201444");
    expect(await webhookVerifiedFor(scope)).toBe(true);
  });

  test("a delivery needs the company's X-Hub-Signature-256: good, bad, missing, and a replay changes nothing", async () => {
    const { account, creds } = await configured();
    const phone = `+1415555${String(1000 + n).slice(-4)}`;
    const contact = await createContact(account.id, { phone, smsConsent: "opted_in" });
    const body = delivery(creds, { messages: [textMessage(phone, "Hello there")] });

    expect((await post(body)).status).toBe(401);
    expect((await post(body, metaWebhookSignature(body, "another-secret"))).status).toBe(401);
    expect((await post(body, metaWebhookSignature(`${body} `, creds.appSecret))).status).toBe(401);
    const unknown = delivery({ phoneNumberId: "nobody", whatsappBusinessAccountId: "nobody" }, {});
    expect((await post(unknown, metaWebhookSignature(unknown, creds.appSecret))).status).toBe(401);

    const huge = JSON.stringify({ entry: [], padding: "x".repeat(1_000_001) });
    expect((await post(huge, metaWebhookSignature(huge, creds.appSecret))).status).toBe(413);

    const good = await post(body, metaWebhookSignature(body, creds.appSecret));
    expect(good.status).toBe(200);
    expect(await good.json()).toMatchObject({ messages: 1, replays: 0 });
    const replay = await post(body, metaWebhookSignature(body, creds.appSecret));
    expect(replay.status).toBe(200);
    expect(await replay.json()).toMatchObject({ messages: 0, replays: 1 });

    const stored = await getDb().select().from(inboundMessages).where(eq(inboundMessages.fromNumber, phone));
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({ channel: "whatsapp", body: "Hello there", keyword: null });
    const [window] = await getDb()
      .select()
      .from(whatsappInboundWindows)
      .where(eq(whatsappInboundWindows.phone, phone));
    expect(window.accountId).toBe(account.id);
    const [unchanged] = await getDb().select().from(contacts).where(eq(contacts.id, contact.id));
    expect(unchanged.smsConsent).toBe("opted_in");
  });

  test("STOP on WhatsApp opts the contact out, recorded as a WhatsApp keyword, once", async () => {
    const { account, creds } = await configured();
    const phone = `+1415556${String(1000 + n).slice(-4)}`;
    const contact = await createContact(account.id, { phone, smsConsent: "opted_in" });
    const body = delivery(creds, { messages: [textMessage(phone, " stop ")] });
    expect((await post(body, metaWebhookSignature(body, creds.appSecret))).status).toBe(200);
    expect((await post(body, metaWebhookSignature(body, creds.appSecret))).status).toBe(200);

    const [after] = await getDb().select().from(contacts).where(eq(contacts.id, contact.id));
    expect(after.smsConsent).toBe("opted_out");
    const events = await getDb().select().from(consentEvents).where(eq(consentEvents.contactId, contact.id));
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      channel: "whatsapp",
      kind: "opt_out",
      source: "keyword",
      keyword: "STOP",
    });
    // The confirmation goes back on WhatsApp, from the company's own number, inside the window just opened.
    expect(meta.messagesFrom(creds.phoneNumberId)).toEqual([
      expect.objectContaining({ to: phone.slice(1), type: "text" }),
    ]);
  });

  test("statuses move a message forward only, each status once, failures in words", async () => {
    const { account, creds } = await configured();
    const contact = await createContact(account.id, { phone: "+14155557001", smsConsent: "opted_in" });
    const { touchpoint } = await createTouchpoint(account.id, { channel: "whatsapp" });
    const sent = await createMessage({
      accountId: account.id,
      idempotencyKey: `test:${crypto.randomUUID()}`,
      contactId: contact.id,
      touchpointId: touchpoint.id,
      channel: "whatsapp",
      status: "sent",
      providerMessageId: nextId(),
    });
    const failing = await createMessage({
      accountId: account.id,
      idempotencyKey: `test:${crypto.randomUUID()}`,
      contactId: contact.id,
      touchpointId: touchpoint.id,
      channel: "whatsapp",
      status: "sent",
      providerMessageId: nextId(),
    });
    const statusOf = async (id: string) =>
      (await getDb().select().from(messages).where(eq(messages.id, id)))[0];
    const send = async (statuses: unknown[]) => {
      const body = delivery(creds, { statuses });
      return post(body, metaWebhookSignature(body, creds.appSecret));
    };
    const s = (id: string | null, status: string, extra = {}) => ({
      id,
      status,
      timestamp: String(Math.floor(Date.now() / 1000)),
      recipient_id: "14155557001",
      ...extra,
    });

    expect((await send([s(sent.providerMessageId, "delivered")])).status).toBe(200);
    expect((await statusOf(sent.id)).status).toBe("delivered");
    const late = await send([s(sent.providerMessageId, "sent")]);
    expect(await late.json()).toMatchObject({ statuses: 1 });
    expect((await statusOf(sent.id)).status).toBe("delivered");
    const again = await send([s(sent.providerMessageId, "sent")]);
    expect(await again.json()).toMatchObject({ statuses: 0, replays: 1 });
    await send([s(sent.providerMessageId, "read")]);
    expect((await statusOf(sent.id)).status).toBe("delivered");

    await send([
      s(failing.providerMessageId, "failed", { errors: [{ code: 131047, title: "Re-engagement message" }] }),
    ]);
    const failed = await statusOf(failing.id);
    expect(failed.status).toBe("failed");
    expect(failed.statusReason).toBe("WhatsApp error 131047: Re-engagement message");
  });
});

import { and, eq } from "drizzle-orm";
import { afterEach, beforeEach, expect, test } from "vitest";
import { accounts, consentEvents, contacts, inboundMessages, messages } from "#db/schema";
import { resetConfigForTests } from "~/config.server";
import { isCrossOriginWrite } from "~/domain/access/security.server";
import { createAccount } from "../../../tests/support/factories";
import {
  companyWithContact,
  createContact,
  createMessage,
  twilioRequest,
} from "../../../tests/support/stand-ins/messaging-fixtures";
import { describeEachDatabase } from "../../../tests/support/test-database";
import { action as smsAction } from "./twilio-sms";
import { action as statusAction } from "./twilio-status";

/** Twilio's webhooks, called the way React Router calls the route actions, signed as Twilio signs them. */

const AUTH_TOKEN = "webhook-test-auth-token";
const APP_URL = "https://public.blusteam.test";
const SHARED_KEY = {
  id: "webhooks_sharedkey_01jxtest0000000000000000",
  secret: "shared-key-secret-of-the-webhooks-rule",
  algorithm: "HMAC_SHA256" as const,
};
const KEYS = ["TWILIO_AUTH_TOKEN", "TWILIO_WEBHOOK_SHARED_KEY_SECRET", "APP_URL"] as const;
let saved: Record<string, string | undefined> = {};
beforeEach(() => {
  saved = Object.fromEntries(KEYS.map((k) => [k, process.env[k]]));
  process.env.TWILIO_AUTH_TOKEN = AUTH_TOKEN;
  process.env.TWILIO_WEBHOOK_SHARED_KEY_SECRET = SHARED_KEY.secret;
  process.env.APP_URL = APP_URL;
  resetConfigForTests();
});
afterEach(() => {
  for (const key of KEYS) {
    if (saved[key] === undefined) delete process.env[key];
    else process.env[key] = saved[key];
  }
  resetConfigForTests();
});

type Action = (args: never) => Promise<Response> | Response;
async function post(action: Action, path: string, params: Record<string, string>, signature?: string | null) {
  const request = twilioRequest(path, params, { authToken: AUTH_TOKEN, appUrl: APP_URL, signature });
  return (await action({ request, params: {}, context: {} } as never)) as Response;
}
const inbound = (params: Record<string, string>, signature?: string | null) =>
  post(smsAction, "/webhooks/twilio/sms", params, signature);
const status = (params: Record<string, string>, signature?: string | null) =>
  post(statusAction, "/webhooks/twilio/status", params, signature);

let sidCounter = 0;
const sms = (from: string, body: string, sid = `SM${String(++sidCounter).padStart(32, "0")}`) => ({
  MessageSid: sid,
  SmsSid: sid,
  AccountSid: "AC00000000000000000000000000000001",
  From: from,
  To: "+15005550006",
  Body: body,
  NumMedia: "0",
});

const twiml = (text?: string) =>
  text
    ? `<?xml version="1.0" encoding="UTF-8"?><Response><Message>${text}</Message></Response>`
    : `<?xml version="1.0" encoding="UTF-8"?><Response></Response>`;

const UNSUBSCRIBED =
  "You have been unsubscribed and will receive no more messages. Reply START to resubscribe.";
const RESUBSCRIBED = "You have been resubscribed and will receive messages again. Reply STOP to unsubscribe.";

describeEachDatabase("Twilio webhooks", (getDb) => {
  async function consentOf(contactId: string) {
    const [row] = await getDb()
      .select({ c: contacts.smsConsent })
      .from(contacts)
      .where(eq(contacts.id, contactId));
    return row.c;
  }
  const eventsOf = (contactId: string) =>
    getDb()
      .select()
      .from(consentEvents)
      .where(eq(consentEvents.contactId, contactId))
      .orderBy(consentEvents.createdAt);

  test("a missing or wrong signature is refused with 403 and changes nothing", async () => {
    const { contact } = await companyWithContact("+15550001111");
    const params = sms("+15550001111", "STOP");

    for (const signature of [null, "", "bm90IHRoZSBzaWduYXR1cmU=", "short"]) {
      expect((await inbound(params, signature)).status).toBe(403);
      expect((await status({ MessageSid: "SMx", MessageStatus: "delivered" }, signature)).status).toBe(403);
    }
    // Signed for another URL (the internal one instead of APP_URL), or with another token: refused too.
    const { twilioSignature } = await import("~/services/messaging/twilio.server");
    const internal = twilioSignature(
      AUTH_TOKEN,
      "http://127.0.0.1:3000/webhooks/twilio/sms",
      Object.entries(params),
    );
    expect((await inbound(params, internal)).status).toBe(403);
    const otherToken = twilioSignature(
      "another-token",
      `${APP_URL}/webhooks/twilio/sms`,
      Object.entries(params),
    );
    expect((await inbound(params, otherToken)).status).toBe(403);
    // A body changed after signing.
    const signed = twilioSignature(AUTH_TOKEN, `${APP_URL}/webhooks/twilio/sms`, Object.entries(params));
    expect((await inbound({ ...params, Body: "START" }, signed)).status).toBe(403);

    expect(await consentOf(contact.id)).toBe("none");
    expect(await getDb().$count(inboundMessages)).toBe(0);
    expect(await getDb().$count(consentEvents)).toBe(0);

    // Without an auth token nothing can be verified: every webhook is refused.
    delete process.env.TWILIO_AUTH_TOKEN;
    resetConfigForTests();
    expect((await inbound(params, signed)).status).toBe(403);
  });

  test("a webhook signed with a Webhooks Rule's SharedKey (HMAC-SHA256) is accepted; forged, wrong-key and replayed ones are not", async () => {
    const { contact } = await companyWithContact("+15550001212");
    await getDb().update(contacts).set({ smsConsent: "opted_in" }).where(eq(contacts.id, contact.id));
    const params = sms("+15550001212", "STOP");
    const signedWith = (
      sharedKey: typeof SHARED_KEY,
      path = "/webhooks/twilio/sms",
      signature?: string | null,
    ) => twilioRequest(path, params, { authToken: AUTH_TOKEN, appUrl: APP_URL, sharedKey, signature });
    const call = (request: Request, action: Action = smsAction) =>
      action({ request, params: {}, context: {} } as never) as Promise<Response>;
    const { twilioSignature } = await import("~/services/messaging/twilio.server");
    const url = `${APP_URL}/webhooks/twilio/sms`;

    // Forged: the auth token's SHA-1 signature, or an SHA-256 one with the auth token, under the header.
    const forged = [
      twilioSignature(AUTH_TOKEN, url, Object.entries(params)),
      twilioSignature(AUTH_TOKEN, url, Object.entries(params), "HMAC_SHA256"),
      "bm90IHRoZSBzaWduYXR1cmU=",
    ];
    for (const signature of forged)
      expect((await call(signedWith(SHARED_KEY, undefined, signature))).status).toBe(403);
    // Another SharedKey's secret; the right secret with the algorithm the header does not name.
    expect((await call(signedWith({ ...SHARED_KEY, secret: "another-shared-key" }))).status).toBe(403);
    const sha1 = twilioSignature(SHARED_KEY.secret, url, Object.entries(params), "HMAC_SHA1");
    expect((await call(signedWith(SHARED_KEY, undefined, sha1))).status).toBe(403);
    // An algorithm Twilio's library does not know is refused, not checked some other way.
    const unknown = signedWith(SHARED_KEY);
    unknown.headers.set("X-Twilio-Webhooks-Signature-Settings", `key=${SHARED_KEY.id},algorithm=HMAC_SHA512`);
    expect((await call(unknown)).status).toBe(403);
    expect(await consentOf(contact.id)).toBe("opted_in");

    // Genuine: accepted and acted on.
    const genuine = signedWith(SHARED_KEY);
    const replay = genuine.clone();
    const answer = await call(genuine);
    expect(answer.status).toBe(200);
    expect(await answer.text()).toBe(twiml(UNSUBSCRIBED));
    expect(await consentOf(contact.id)).toBe("opted_out");

    // Replayed as it was: still validly signed (the scheme has no time), but it changes nothing.
    const again = await call(replay);
    expect(again.status).toBe(200);
    expect(await again.text()).toBe(twiml());
    expect(await getDb().$count(inboundMessages)).toBe(1);
    expect(await eventsOf(contact.id)).toHaveLength(1);
    // Replayed elsewhere (its signature at the status callback), or without the settings header: refused.
    const signature = genuine.headers.get("X-Twilio-Signature");
    expect(
      (await call(signedWith(SHARED_KEY, "/webhooks/twilio/status", signature), statusAction)).status,
    ).toBe(403);
    const stripped = signedWith(SHARED_KEY);
    stripped.headers.delete("X-Twilio-Webhooks-Signature-Settings");
    expect((await call(stripped)).status).toBe(403);

    // Webhooks without the header are still checked with the auth token (rules cover some URLs only).
    expect((await inbound(sms("+15550001212", "START"))).status).toBe(200);
    expect(await consentOf(contact.id)).toBe("opted_in");

    // With no SharedKey secret configured, nothing signed with one can be checked: refused.
    delete process.env.TWILIO_WEBHOOK_SHARED_KEY_SECRET;
    resetConfigForTests();
    expect((await call(signedWith(SHARED_KEY, undefined, undefined))).status).toBe(403);
  });

  test("STOP opts out every contact with that number at once and confirms once; a replay does nothing", async () => {
    const first = await companyWithContact("+15550002222", "Acme Bikes");
    const second = await companyWithContact("+15550002222", "Zen Tea");
    const other = await createContact(first.account.id, { phone: "+15550009999", smsConsent: "opted_in" });
    await getDb().update(contacts).set({ smsConsent: "opted_in" }).where(eq(contacts.id, first.contact.id));
    const params = sms("+15550002222", "  stop ");

    const answer = await inbound(params);
    expect(answer.status).toBe(200);
    expect(answer.headers.get("Content-Type")).toContain("text/xml");
    expect(await answer.text()).toBe(twiml(UNSUBSCRIBED));

    const replay = await inbound(params);
    expect(replay.status).toBe(200);
    expect(await replay.text()).toBe(twiml());

    expect(await consentOf(first.contact.id)).toBe("opted_out");
    expect(await consentOf(second.contact.id)).toBe("opted_out");
    expect(await consentOf(other.id)).toBe("opted_in");
    for (const { account, contact } of [first, second]) {
      expect(await eventsOf(contact.id)).toEqual([
        expect.objectContaining({
          accountId: account.id,
          kind: "opt_out",
          source: "keyword",
          keyword: "STOP",
          channel: "sms",
        }),
      ]);
    }
    expect(await getDb().select().from(inboundMessages)).toEqual([
      expect.objectContaining({
        providerMessageId: params.MessageSid,
        fromNumber: "+15550002222",
        body: "  stop ",
        keyword: "stop",
      }),
    ]);
  });

  test.each(["STOPALL", "unsubscribe", "Cancel", "END", "quit"])(
    "%s is an opt-out keyword too",
    async (word) => {
      const { contact } = await companyWithContact("+15550003333");
      expect(await (await inbound(sms("+15550003333", word))).text()).toBe(twiml(UNSUBSCRIBED));
      expect(await consentOf(contact.id)).toBe("opted_out");
      expect(await eventsOf(contact.id)).toEqual([expect.objectContaining({ keyword: word.toUpperCase() })]);
    },
  );

  test("START, UNSTOP and YES opt back in with a confirmation; other texts are stored without a reply", async () => {
    const { contact } = await companyWithContact("+15550004444");
    await inbound(sms("+15550004444", "STOP"));
    expect(await (await inbound(sms("+15550004444", "start"))).text()).toBe(twiml(RESUBSCRIBED));
    expect(await consentOf(contact.id)).toBe("opted_in");
    await inbound(sms("+15550004444", "QUIT"));
    expect(await (await inbound(sms("+15550004444", "Unstop"))).text()).toBe(twiml(RESUBSCRIBED));
    await inbound(sms("+15550004444", "end"));
    expect(await (await inbound(sms("+15550004444", "YES"))).text()).toBe(twiml(RESUBSCRIBED));
    expect(await consentOf(contact.id)).toBe("opted_in");
    expect((await eventsOf(contact.id)).map((e) => `${e.kind}:${e.keyword}`)).toEqual([
      "opt_out:STOP",
      "opt_in:START",
      "opt_out:QUIT",
      "opt_in:UNSTOP",
      "opt_out:END",
      "opt_in:YES",
    ]);

    // Not keywords: a word inside a sentence, or anything else.
    for (const body of ["Please stop texting me at night", "yes please", "Where is my order?"]) {
      expect(await (await inbound(sms("+15550004444", body))).text()).toBe(twiml());
    }
    expect(await consentOf(contact.id)).toBe("opted_in");
    expect(await getDb().$count(consentEvents)).toBe(6);
    expect(await getDb().$count(inboundMessages)).toBe(9);
  });

  test("HELP answers with the help text of the company whose SMS last went to the number, XML-escaped", async () => {
    const acme = await companyWithContact("+15550005555", "Acme & Sons");
    const zen = await companyWithContact("+15550005555", "Zen Tea");
    await getDb()
      .update(accounts)
      .set({ smsHelpText: "Zen Tea <support>: call 555-0100. Reply STOP to opt out." })
      .where(eq(accounts.id, zen.account.id));

    // No message yet: a company that has the number as a contact (the newest), here Zen Tea.
    expect(await (await inbound(sms("+15550005555", "help"))).text()).toBe(
      twiml("Zen Tea &lt;support&gt;: call 555-0100. Reply STOP to opt out."),
    );

    // Acme sent the last SMS: its default help text, naming it.
    await createMessage({
      accountId: zen.account.id,
      idempotencyKey: "test:zen-1",
      contactId: zen.contact.id,
      channel: "sms",
      recipient: "+15550005555",
      status: "sent",
      createdAt: new Date(Date.now() - 60_000),
    });
    await createMessage({
      accountId: acme.account.id,
      idempotencyKey: "test:acme-1",
      contactId: acme.contact.id,
      channel: "sms",
      recipient: "+15550005555",
      status: "sent",
    });
    expect(await (await inbound(sms("+15550005555", " HELP "))).text()).toBe(
      twiml(
        "Acme &amp; Sons: for help, visit www.example.com. Reply STOP to unsubscribe, START to resubscribe. Msg &amp; data rates may apply.",
      ),
    );
    // Nobody was opted in or out by HELP.
    expect(await getDb().$count(consentEvents)).toBe(0);

    // A number no company knows: the product's own help text.
    expect(await (await inbound(sms("+15550006666", "HELP"))).text()).toContain("Blusteam: for help, visit");
  });

  test("a webhook without MessageSid or From is a 400", async () => {
    expect((await inbound({ Body: "STOP", From: "+15550001111" })).status).toBe(400);
    expect((await inbound({ Body: "STOP", MessageSid: "SM1" })).status).toBe(400);
  });

  test("status callbacks move a message forward, never back; failures keep the error code", async () => {
    const { account, contact } = await companyWithContact("+15550007777");
    const base = {
      accountId: account.id,
      contactId: contact.id,
      channel: "sms" as const,
      recipient: "+15550007777",
    };
    const one = await createMessage({
      ...base,
      idempotencyKey: "k1",
      status: "sent",
      providerMessageId: "SMaaa",
    });
    const two = await createMessage({
      ...base,
      idempotencyKey: "k2",
      status: "sent",
      providerMessageId: "SMbbb",
    });
    const three = await createMessage({
      ...base,
      idempotencyKey: "k3",
      status: "sending",
      providerMessageId: "SMccc",
    });
    const statusOf = async (id: string) =>
      (await getDb().select().from(messages).where(eq(messages.id, id)))[0];
    const report = (sid: string, value: string, extra: Record<string, string> = {}) =>
      status({
        MessageSid: sid,
        SmsSid: sid,
        MessageStatus: value,
        SmsStatus: value,
        AccountSid: "AC1",
        ...extra,
      });

    // queued after sent: ignored; delivered: final; a late 'sent' or 'failed' does not undo it.
    for (const value of ["queued", "sent", "delivered", "sent", "failed", "undelivered", "queued"]) {
      expect((await report("SMaaa", value)).status).toBe(200);
    }
    expect(await statusOf(one.id)).toMatchObject({ status: "delivered", statusReason: null });

    expect((await report("SMbbb", "undelivered", { ErrorCode: "30003" })).status).toBe(200);
    await report("SMbbb", "delivered");
    await report("SMbbb", "sent");
    expect(await statusOf(two.id)).toMatchObject({
      status: "undelivered",
      statusReason: "Twilio error 30003: unreachable destination handset",
    });

    await report("SMccc", "sent");
    expect((await statusOf(three.id)).status).toBe("sent");
    await report("SMccc", "failed", { ErrorCode: "30999" });
    expect(await statusOf(three.id)).toMatchObject({ status: "failed", statusReason: "Twilio error 30999" });
  });

  test("partially_delivered is final and undelivered, says it was partial, and proves a send whose answer was lost", async () => {
    const { account, contact } = await companyWithContact("+15550007878");
    const base = { accountId: account.id, contactId: contact.id, channel: "sms" as const };
    const known = await createMessage({
      ...base,
      idempotencyKey: "partial-1",
      recipient: "+15550007878",
      status: "sent",
      providerMessageId: "SMpartial1",
    });
    // Sent, but Twilio's answer was lost: only the receipt (with our id in its address) names it.
    const lost = await createMessage({
      ...base,
      idempotencyKey: "partial-2",
      recipient: "+15550007878",
      status: "failed",
      statusReason: "unknown_outcome",
    });
    const row = async (id: string) => (await getDb().select().from(messages).where(eq(messages.id, id)))[0];
    const report = (path: string, sid: string, value: string, extra: Record<string, string> = {}) =>
      post(statusAction, path, { MessageSid: sid, MessageStatus: value, AccountSid: "AC1", ...extra });

    expect((await report("/webhooks/twilio/status", "SMpartial1", "partially_delivered")).status).toBe(200);
    // Final: a later receipt does not turn it into a delivery.
    await report("/webhooks/twilio/status", "SMpartial1", "delivered");
    expect(await row(known.id)).toMatchObject({
      status: "undelivered",
      statusReason: "Twilio: partially delivered (only part of the message reached the handset)",
    });

    await report(`/webhooks/twilio/status?message=${lost.id}`, "SMpartial2", "partially_delivered", {
      ErrorCode: "30003",
    });
    expect(await row(lost.id)).toMatchObject({
      providerMessageId: "SMpartial2",
      status: "undelivered",
      statusReason:
        "Twilio: partially delivered (only part of the message reached the handset); Twilio error 30003: unreachable destination handset",
    });
  });

  test("a status for an unknown sid is acknowledged with 200 and changes nothing", async () => {
    const { account, contact } = await companyWithContact("+15550008888");
    const kept = await createMessage({
      accountId: account.id,
      contactId: contact.id,
      idempotencyKey: "k-unknown",
      channel: "sms",
      status: "sent",
      providerMessageId: "SMknown",
    });
    const answer = await status({ MessageSid: "SMunknown", MessageStatus: "delivered" });
    expect(answer.status).toBe(200);
    const [row] = await getDb()
      .select()
      .from(messages)
      .where(and(eq(messages.id, kept.id), eq(messages.status, "sent")));
    expect(row).toBeTruthy();
  });

  test("the origin check lets provider posts to /webhooks/ through, and still refuses other cross-site posts", async () => {
    await createAccount();
    const crossSite = (path: string) =>
      new Request(`http://localhost:3000${path}`, {
        method: "POST",
        headers: { Origin: "https://evil.example", "Sec-Fetch-Site": "cross-site" },
      });
    expect(isCrossOriginWrite(crossSite("/webhooks/twilio/sms"))).toBe(false);
    expect(isCrossOriginWrite(crossSite("/webhooks/twilio/status"))).toBe(false);
    expect(isCrossOriginWrite(crossSite("/contacts"))).toBe(true);
    expect(isCrossOriginWrite(crossSite("/webhooksx"))).toBe(true);
  });
});

import { type AddressInfo, createServer as createNetServer } from "node:net";
import { eq } from "drizzle-orm";
import { SMTPServer } from "smtp-server";
import { afterAll, afterEach, beforeAll, beforeEach, expect, test } from "vitest";
import { outboxMessages } from "#db/schema";
import { resetConfigForTests } from "~/config.server";
import { resetMailTransportForTests } from "~/services/mail/mail.server";
import { type MetaStandIn, metaErrors, startMetaStandIn } from "../../../tests/support/stand-ins/meta";
import {
  startTwilioStandIn,
  type TwilioStandIn,
  twilioErrors,
} from "../../../tests/support/stand-ins/twilio";
import {
  startUnreliableTwilio,
  type UnreliableMode,
} from "../../../tests/support/stand-ins/unreliable-twilio";
import { describeEachDatabase } from "../../../tests/support/test-database";
import {
  channelAdapter,
  type OutgoingMessage,
  PermanentDeliveryError,
  TransientDeliveryError,
  UnknownOutcomeError,
} from "./channels.server";

/** The real adapters, speaking HTTP to local stand-ins of Twilio's and Meta's APIs. */

const SID = "AC00000000000000000000000000000001";
const TOKEN = "twilio-test-token";
const PHONE_ID = "109876543210";
const WA_TOKEN = "meta-test-token";

let twilio: TwilioStandIn;
let meta: MetaStandIn;
// A real SMTP server: bounce@ is refused for good (550), busy@ for now (451).
let smtp: SMTPServer;
let smtpUrl: string;
const mails: Array<{ to: string[]; raw: string }> = [];
beforeAll(async () => {
  twilio = await startTwilioStandIn(SID, TOKEN);
  meta = await startMetaStandIn(PHONE_ID, WA_TOKEN);
  smtp = new SMTPServer({
    disabledCommands: ["STARTTLS", "AUTH"],
    authOptional: true,
    logger: false,
    onRcptTo(address, _session, callback) {
      if (address.address.startsWith("bounce@")) {
        callback(Object.assign(new Error("5.1.1 No such mailbox"), { responseCode: 550 }));
      } else if (address.address.startsWith("busy@")) {
        callback(Object.assign(new Error("4.3.2 Try again later"), { responseCode: 451 }));
      } else callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        mails.push({
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString("utf8"),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, "127.0.0.1", resolve));
  smtpUrl = `smtp://127.0.0.1:${(smtp.server.address() as AddressInfo).port}?ignoreTLS=true`;
});
afterAll(async () => {
  await twilio.close();
  await meta.close();
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
});

const KEYS = [
  "TWILIO_ACCOUNT_SID",
  "TWILIO_AUTH_TOKEN",
  "TWILIO_FROM",
  "TWILIO_API_URL",
  "WHATSAPP_PHONE_NUMBER_ID",
  "WHATSAPP_ACCESS_TOKEN",
  "META_GRAPH_URL",
  "PROVIDER_TIMEOUT_MS",
  "APP_URL",
  "SMTP_URL",
] as const;
let saved: Record<string, string | undefined> = {};
function setEnv(values: Partial<Record<(typeof KEYS)[number], string>>) {
  for (const key of KEYS) delete process.env[key];
  Object.assign(process.env, values);
  resetConfigForTests();
  resetMailTransportForTests();
}
const providers = () => ({
  TWILIO_ACCOUNT_SID: SID,
  TWILIO_AUTH_TOKEN: TOKEN,
  TWILIO_FROM: "+15005550006",
  TWILIO_API_URL: twilio.url,
  WHATSAPP_PHONE_NUMBER_ID: PHONE_ID,
  WHATSAPP_ACCESS_TOKEN: WA_TOKEN,
  META_GRAPH_URL: meta.url,
  APP_URL: "https://app.blusteam.test",
});
beforeEach(() => {
  saved = Object.fromEntries(KEYS.map((k) => [k, process.env[k]]));
  twilio.reset();
  meta.reset();
  setEnv(providers());
});
afterEach(() => {
  for (const key of KEYS) {
    if (saved[key] === undefined) delete process.env[key];
    else process.env[key] = saved[key];
  }
  resetConfigForTests();
  resetMailTransportForTests();
});

const sms = (overrides: Partial<OutgoingMessage> = {}): OutgoingMessage => ({
  messageId: "5b0e3c38-2f0c-4d43-9a57-1f8f3f4b1a01",
  accountId: "0c9bd2b8-4f55-4a3c-9f2e-5f0b8f0f5a02",
  channel: "sms",
  to: "+15551234567",
  text: "Hi Ana, your order shipped: https://app.blusteam.test/l/abcd2345",
  ...overrides,
});

async function failure(promise: Promise<unknown>): Promise<Error> {
  try {
    await promise;
  } catch (error) {
    return error as Error;
  }
  throw new Error("expected the send to fail");
}

describeEachDatabase("channel adapters", (getDb) => {
  test("SMS goes to Twilio's Messages API with basic auth, the sender, the body and the status callback", async () => {
    const adapter = channelAdapter("sms");
    expect(adapter).toMatchObject({ name: "twilio", transactional: false });

    const result = await adapter.send(sms());

    expect(result.providerMessageId).toMatch(/^SM[0-9a-f]{32}$/);
    expect(twilio.requests).toHaveLength(1);
    const [request] = twilio.requests;
    expect(request.path).toBe(`/2010-04-01/Accounts/${SID}/Messages.json`);
    expect(request.headers.authorization).toBe(`Basic ${Buffer.from(`${SID}:${TOKEN}`).toString("base64")}`);
    expect(request.headers["content-type"]).toContain("application/x-www-form-urlencoded");
    expect(twilio.messages()).toEqual([
      {
        To: "+15551234567",
        From: "+15005550006",
        Body: "Hi Ana, your order shipped: https://app.blusteam.test/l/abcd2345",
        // Our message id: Twilio's receipt names the message even when its answer to us was lost.
        StatusCallback:
          "https://app.blusteam.test/webhooks/twilio/status?message=5b0e3c38-2f0c-4d43-9a57-1f8f3f4b1a01",
      },
    ]);
    expect(await getDb().$count(outboxMessages)).toBe(0);
  });

  test("Twilio's 429 is transient, its 500 an unknown outcome, its 400 permanent with Twilio's message", async () => {
    const adapter = channelAdapter("sms");
    twilio.failNext(twilioErrors.tooManyRequests, twilioErrors.internal, twilioErrors.invalidTo);

    const tooMany = await failure(adapter.send(sms()));
    expect(tooMany).toBeInstanceOf(TransientDeliveryError);
    expect(tooMany.message).toBe("Twilio: Too Many Requests (error 20429)");

    // Twilio may have stored the message before failing: sending it again could deliver it twice.
    const internal = await failure(adapter.send(sms()));
    expect(internal).toBeInstanceOf(UnknownOutcomeError);

    const invalid = await failure(adapter.send(sms()));
    expect(invalid).toBeInstanceOf(PermanentDeliveryError);
    expect(invalid.message).toBe("Twilio: The 'To' number +1555 is not a valid phone number. (error 21211)");
    expect(twilio.messages()).toEqual([]);
  });

  test("wrong Twilio credentials are a permanent failure; an unreachable Twilio a transient one, a slow one an unknown outcome", async () => {
    setEnv({ ...providers(), TWILIO_AUTH_TOKEN: "wrong-token" });
    const unauthorized = await failure(channelAdapter("sms").send(sms()));
    expect(unauthorized).toBeInstanceOf(PermanentDeliveryError);
    expect(unauthorized.message).toContain("Authenticate");

    setEnv({ ...providers(), TWILIO_API_URL: "http://127.0.0.1:9" });
    const unreachable = await failure(channelAdapter("sms").send(sms()));
    expect(unreachable).toBeInstanceOf(TransientDeliveryError);
    expect(unreachable.message).toMatch(/^Twilio: unreachable/);

    setEnv({ ...providers(), PROVIDER_TIMEOUT_MS: "200" });
    twilio.delayNext(1_000);
    const slow = await failure(channelAdapter("sms").send(sms()));
    expect(slow).toBeInstanceOf(UnknownOutcomeError);
    expect(slow.message).toBe("Twilio: no answer within 200 ms");
  });

  test("a Twilio that took the message and then lost its answer is an unknown outcome; a 429 with Retry-After is not", async () => {
    const modes: UnreliableMode[] = ["acceptThen500", "acceptThenHang", "acceptThenDrop", "refuse"];
    const unreliable = await startUnreliableTwilio(SID, (n) => modes[n - 1], 1_000);
    try {
      setEnv({ ...providers(), TWILIO_API_URL: unreliable.url, PROVIDER_TIMEOUT_MS: "200" });
      const adapter = channelAdapter("sms");
      const errors = [];
      for (const _ of modes) errors.push(await failure(adapter.send(sms())));

      expect(errors.map((e) => e.constructor)).toEqual([
        UnknownOutcomeError,
        UnknownOutcomeError,
        UnknownOutcomeError,
        TransientDeliveryError,
      ]);
      expect(errors[2].message).toMatch(/^Twilio: connection lost/);
      expect((errors[3] as TransientDeliveryError).retryAfterSeconds).toBe(1);
      expect(unreliable.accepted).toHaveLength(3);
    } finally {
      await unreliable.close();
    }
  });

  test("WhatsApp goes to Meta's Cloud API with the bearer token and answers Meta's message id", async () => {
    const adapter = channelAdapter("whatsapp");
    expect(adapter).toMatchObject({ name: "meta", transactional: false });

    const result = await adapter.send(sms({ channel: "whatsapp", text: "Bonjour Ana" }));

    expect(result.providerMessageId).toMatch(/^wamid\./);
    const [request] = meta.requests;
    expect(request.path).toBe(`/${PHONE_ID}/messages`);
    expect(request.headers.authorization).toBe(`Bearer ${WA_TOKEN}`);
    expect(meta.messages()).toEqual([
      {
        messaging_product: "whatsapp",
        recipient_type: "individual",
        to: "15551234567",
        type: "text",
        text: { preview_url: true, body: "Bonjour Ana" },
      },
    ]);
  });

  test("Meta's rate limit (400, code 130429) is transient, its 503 an unknown outcome; other Graph errors are permanent", async () => {
    const adapter = channelAdapter("whatsapp");
    meta.failNext(metaErrors.rateLimited, metaErrors.unavailable, metaErrors.invalidRecipient);
    const whatsapp = sms({ channel: "whatsapp" });

    expect(await failure(adapter.send(whatsapp))).toBeInstanceOf(TransientDeliveryError);
    expect(await failure(adapter.send(whatsapp))).toBeInstanceOf(UnknownOutcomeError);
    const invalid = await failure(adapter.send(whatsapp));
    expect(invalid).toBeInstanceOf(PermanentDeliveryError);
    expect(invalid.message).toBe(
      "WhatsApp: (#131030) Recipient phone number not in allowed list (error 131030)",
    );

    setEnv({ ...providers(), WHATSAPP_ACCESS_TOKEN: "expired" });
    const expired = await failure(channelAdapter("whatsapp").send(whatsapp));
    expect(expired).toBeInstanceOf(PermanentDeliveryError);
    expect(expired.message).toContain("Invalid OAuth access token");
  });

  test("without provider settings every channel uses the outbox, inside the caller's transaction", async () => {
    setEnv({ APP_URL: "https://app.blusteam.test" });
    for (const channel of ["sms", "whatsapp", "email"] as const) {
      expect(channelAdapter(channel)).toMatchObject({ name: "outbox", transactional: true });
    }

    // Rolled back with the caller's transaction: no row.
    await getDb()
      .transaction(async (tx) => {
        await channelAdapter("sms").send(sms(), tx);
        tx.rollback();
      })
      .catch(() => {});
    expect(await getDb().$count(outboxMessages)).toBe(0);

    const committed = await getDb().transaction((tx) =>
      channelAdapter("sms").send(sms({ text: "Kept" }), tx),
    );
    const email = await channelAdapter("email").send(
      sms({
        messageId: "7d3f6a52-9a55-4f5e-8f43-2c4b5d6e7f80",
        channel: "email",
        to: "ana@example.com",
        subject: "Your order",
        text: "Hello <Ana>\n\nhttps://x.test/a?b=1&c=2",
      }),
    );

    const [smsRow] = await getDb()
      .select()
      .from(outboxMessages)
      .where(eq(outboxMessages.id, committed.providerMessageId.replace("outbox:", "")));
    expect(committed.providerMessageId).toMatch(/^outbox:[0-9a-f-]{36}$/);
    expect(smsRow).toMatchObject({ channel: "sms", recipient: "+15551234567", text: "Kept", subject: null });
    const [emailRow] = await getDb()
      .select()
      .from(outboxMessages)
      .where(eq(outboxMessages.id, email.providerMessageId.replace("outbox:", "")));
    expect(emailRow).toMatchObject({ channel: "email", recipient: "ana@example.com", subject: "Your order" });
    expect(emailRow.html).toContain("Hello &lt;Ana&gt;");
    expect(emailRow.html).toContain('<a href="https://x.test/a?b=1&amp;c=2">');
    expect(twilio.requests).toEqual([]);
    expect(meta.requests).toEqual([]);
  });

  test("SMS needs all three Twilio settings; with one missing it stays in the outbox", async () => {
    setEnv({ ...providers(), TWILIO_FROM: "" });
    expect(channelAdapter("sms").name).toBe("outbox");
    expect(channelAdapter("whatsapp").name).toBe("meta");
  });

  test("email goes by SMTP when SMTP_URL is set: 550 is permanent, 451 transient", async () => {
    setEnv({ ...providers(), SMTP_URL: smtpUrl });
    mails.length = 0;
    const adapter = channelAdapter("email");
    expect(adapter).toMatchObject({ name: "smtp", transactional: false });
    const email = (to: string) => sms({ channel: "email", to, subject: "Your order", text: "Hello Ana" });

    const sent = await adapter.send(email("ana@example.com"));
    expect(sent.providerMessageId).toMatch(/^smtp:<.+>$/);
    expect(mails).toHaveLength(1);
    expect(mails[0].to).toEqual(["ana@example.com"]);
    expect(mails[0].raw).toMatch(/^Subject: Your order\r$/m);

    const bounced = await failure(adapter.send(email("bounce@example.com")));
    expect(bounced).toBeInstanceOf(PermanentDeliveryError);
    expect(bounced.message).toContain("No such mailbox");
    expect(await failure(adapter.send(email("busy@example.com")))).toBeInstanceOf(TransientDeliveryError);
    // An address holding a list is refused before anything is sent, and would be again on a retry.
    const listed = await failure(adapter.send(email("ana@example.com, eve@example.net")));
    expect(listed).toBeInstanceOf(PermanentDeliveryError);
    expect(listed.message).toContain("maxRecipients");
    expect(mails).toHaveLength(1);
    expect(await getDb().$count(outboxMessages)).toBe(0);
  });

  test("an SMTP server lost after the message went out is an unknown outcome; one never reached is transient", async () => {
    // Takes the whole message, then drops the connection instead of answering 250.
    const dropper = createNetServer((socket) => {
      let inData = false;
      let buffered = "";
      socket.write("220 dropper ESMTP\r\n");
      socket.on("data", (chunk) => {
        buffered += chunk.toString("utf8");
        if (inData) {
          if (buffered.includes("\r\n.\r\n")) socket.destroy();
          return;
        }
        const lines = buffered.split("\r\n");
        buffered = lines.pop() ?? "";
        for (const line of lines) {
          if (/^DATA/i.test(line)) {
            inData = true;
            socket.write("354 go ahead\r\n");
          } else if (/^QUIT/i.test(line)) socket.end("221 bye\r\n");
          else socket.write("250 ok\r\n");
        }
      });
    });
    await new Promise<void>((resolve) => dropper.listen(0, "127.0.0.1", resolve));
    try {
      const email = sms({
        channel: "email",
        to: "ana@example.com",
        subject: "Your order",
        text: "Hello Ana",
      });
      const port = (dropper.address() as AddressInfo).port;
      setEnv({ ...providers(), SMTP_URL: `smtp://127.0.0.1:${port}?ignoreTLS=true` });
      expect(await failure(channelAdapter("email").send(email))).toBeInstanceOf(UnknownOutcomeError);

      setEnv({ ...providers(), SMTP_URL: "smtp://127.0.0.1:9?ignoreTLS=true" });
      expect(await failure(channelAdapter("email").send(email))).toBeInstanceOf(TransientDeliveryError);
    } finally {
      await new Promise((resolve) => dropper.close(resolve));
    }
  });
});

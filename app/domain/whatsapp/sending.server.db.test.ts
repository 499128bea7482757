import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, beforeEach, expect, test } from "vitest";
import { messages, outboxMessages, whatsappInboundWindows, whatsappTemplates } from "#db/schema";
import { resetConfigForTests } from "~/config.server";
import { sendMessages } from "~/domain/journeys/dispatch/send.server";
import { sendTouchpointNow } from "~/domain/journeys/test-now.server";
import {
  createTouchpoint as addTouchpoint,
  updateTouchpoint,
} from "~/domain/journeys/touchpoint-edits.server";
import { createAccount } from "../../../tests/support/factories";
import {
  createContact,
  createMessage,
  createTouchpoint,
} from "../../../tests/support/stand-ins/messaging-fixtures";
import { type MetaStandIn, type MetaTemplate, startMetaStandIn } from "../../../tests/support/stand-ins/meta";
import { describeEachDatabase } from "../../../tests/support/test-database";
import { verifyAndSaveWhatsApp } from "./config.server";
import {
  approvedTemplates,
  parameterCountOf,
  parametersOf,
  syncTemplates,
  templateMessage,
} from "./templates.server";

/**
 * Journeys' WhatsApp through the company's own Meta account (the Graph API stand-in): template sync,
 * {{n}} mapped to contact fields and the tracked link, free text only inside the 24-hour window,
 * and the platform's WHATSAPP_* number for companies without their own.
 */

let meta: MetaStandIn;
const PLATFORM_PHONE = "platform-phone-id";
const KEYS = ["META_GRAPH_URL", "WHATSAPP_PHONE_NUMBER_ID", "WHATSAPP_ACCESS_TOKEN"] as const;
let saved: Record<string, string | undefined> = {};
beforeAll(async () => {
  meta = await startMetaStandIn(PLATFORM_PHONE, "platform-token");
});
afterAll(() => meta.close());
beforeEach(() => {
  saved = Object.fromEntries(KEYS.map((k) => [k, process.env[k]]));
  process.env.META_GRAPH_URL = meta.url;
  delete process.env.WHATSAPP_PHONE_NUMBER_ID;
  delete process.env.WHATSAPP_ACCESS_TOKEN;
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

// Noon in San Francisco: no quiet hours for +1415 numbers.
const NOW = new Date("2026-11-25T20:00:00Z");
const hoursBefore = (h: number) => new Date(NOW.getTime() - h * 3600_000);

const TEMPLATES: MetaTemplate[] = [
  {
    name: "order_follow_up",
    language: "en_US",
    status: "APPROVED",
    body: "Hi {{1}}, how is your {{2}}? Tips: {{3}}",
  },
  { name: "order_follow_up", language: "fr", status: "APPROVED", body: "Bonjour {{1}} ! Astuces : {{2}}" },
  { name: "welcome", language: "en_US", status: "APPROVED", body: "Welcome to our store!" },
  { name: "draft_promo", language: "en_US", status: "PENDING", body: "Save {{1}}" },
  { name: "rejected_one", language: "en_US", status: "REJECTED", body: "No" },
];

let n = 0;
async function companyWithOwnNumber(templates = TEMPLATES) {
  n++;
  const account = await createAccount();
  const creds = {
    phoneNumber: "15550100123",
    phoneNumberId: `3001${Date.now() % 100000}${n}`,
    whatsappBusinessAccountId: `4001${Date.now() % 100000}${n}`,
    authToken: `EAAG-send-${n}-${Math.random().toString(36).slice(2)}`,
    appSecret: "secret",
  };
  meta.addNumber({
    phoneNumberId: creds.phoneNumberId,
    accessToken: creds.authToken,
    businessAccountId: creds.whatsappBusinessAccountId,
    templates,
  });
  const scope = { account: { id: account.id } };
  expect(await verifyAndSaveWhatsApp(scope, creds)).toEqual({ status: "saved" });
  return { account, scope, creds };
}

async function queuedWhatsApp(accountId: string, body: string, touchpoint: Record<string, unknown> = {}) {
  const phone = `+1415555${String(2000 + ++n).slice(-4)}`;
  const contact = await createContact(accountId, { phone, smsConsent: "opted_in", firstName: "Ada" });
  const { touchpoint: tp } = await createTouchpoint(accountId, {
    channel: "whatsapp",
    message: body,
    ...touchpoint,
  });
  const message = await createMessage({
    accountId,
    idempotencyKey: `test:${crypto.randomUUID()}`,
    contactId: contact.id,
    touchpointId: tp.id,
    channel: "whatsapp",
    body,
    status: "queued",
    sendAfter: hoursBefore(1),
  });
  return { phone, contact, message };
}

describeEachDatabase("WhatsApp sending through the company's account", (getDb) => {
  const row = async (id: string) => (await getDb().select().from(messages).where(eq(messages.id, id)))[0];

  test("{{n}} placeholders: counted, mapped to contact fields and the link, read back from the rendered text", () => {
    const body = "Hi {{1}}, how is your {{2}}? Tips: {{3}}";
    expect(parameterCountOf(body)).toBe(3);
    expect(parameterCountOf("Welcome!")).toBe(0);
    const message = templateMessage(body, ["first_name", "company", "LINK"]);
    expect(message).toBe("Hi {{first_name}}, how is your {{company}}? Tips: {{LINK}}");
    expect(parametersOf(body, "Hi Ada, how is your Glow Serum? Tips: https://app.test/l/AbC123")).toEqual([
      "Ada",
      "Glow Serum",
      "https://app.test/l/AbC123",
    ]);
    expect(parametersOf(body, "Something else entirely")).toBeNull();
    expect(parametersOf("Welcome!", "Welcome!")).toEqual([]);
  });

  test("sync stores every template of the account (following Graph's paging) and offers the approved ones", async () => {
    const { scope, account } = await companyWithOwnNumber();
    expect(await syncTemplates(scope)).toEqual({ status: "synced", approved: 3, total: 5 });
    expect(meta.requests.filter((r) => r.path.includes("/message_templates")).length).toBe(3);
    expect(await approvedTemplates(scope)).toEqual([
      { name: "order_follow_up", language: "en_US", body: TEMPLATES[0].body, parameterCount: 3 },
      { name: "order_follow_up", language: "fr", body: TEMPLATES[1].body, parameterCount: 2 },
      { name: "welcome", language: "en_US", body: "Welcome to our store!", parameterCount: 0 },
    ]);
    const stored = await getDb()
      .select()
      .from(whatsappTemplates)
      .where(eq(whatsappTemplates.accountId, account.id));
    expect(stored).toHaveLength(5);
    expect(await syncTemplates({ account: { id: (await createAccount()).id } })).toEqual({
      status: "not-configured",
    });
  });

  test("a template touchpoint goes out from the company's number as its template, parameters filled", async () => {
    const { scope, account, creds } = await companyWithOwnNumber();
    await syncTemplates(scope);
    const rendered = "Hi Ada, how is your Glow Serum? Tips: https://app.test/l/AbC123";
    const { phone, message } = await queuedWhatsApp(account.id, rendered, {
      whatsappTemplateName: "order_follow_up",
      whatsappTemplateLanguage: "en_US",
      whatsappTemplateParameters: ["first_name", "company", "LINK"],
    });

    const outcome = await sendMessages([message.id], { now: NOW });

    expect(outcome.sent).toEqual([message.id]);
    expect(meta.messagesFrom(PLATFORM_PHONE)).toEqual([]);
    expect(meta.messagesFrom(creds.phoneNumberId)).toEqual([
      expect.objectContaining({
        to: phone.slice(1),
        type: "template",
        template: {
          name: "order_follow_up",
          language: { policy: "deterministic", code: "en_US" },
          components: [
            {
              type: "body",
              parameters: [
                { type: "text", text: "Ada" },
                { type: "text", text: "Glow Serum" },
                { type: "text", text: "https://app.test/l/AbC123" },
              ],
            },
          ],
        },
      }),
    ]);
    const sent = await row(message.id);
    expect(sent.status).toBe("sent");
    expect(sent.providerMessageId).toMatch(/^wamid\./);
  });

  test("free text goes only inside the 24-hour window of the contact's last message; outside it is not sent, with the reason", async () => {
    const { account, creds } = await companyWithOwnNumber();
    const inside = await queuedWhatsApp(account.id, "Thanks for writing, Ada!");
    const outside = await queuedWhatsApp(account.id, "Hello again!");
    const never = await queuedWhatsApp(account.id, "Hi stranger");
    await getDb()
      .insert(whatsappInboundWindows)
      .values([
        { accountId: account.id, phone: inside.phone, lastInboundAt: hoursBefore(23) },
        { accountId: account.id, phone: outside.phone, lastInboundAt: hoursBefore(25) },
      ]);

    const outcome = await sendMessages([inside.message.id, outside.message.id, never.message.id], {
      now: NOW,
    });

    expect(outcome.sent).toEqual([inside.message.id]);
    expect(meta.messagesFrom(creds.phoneNumberId)).toEqual([
      expect.objectContaining({
        to: inside.phone.slice(1),
        type: "text",
        text: { preview_url: true, body: "Thanks for writing, Ada!" },
      }),
    ]);
    for (const m of [outside, never]) {
      const notSent = await row(m.message.id);
      expect(notSent.status).toBe("suppressed");
      expect(notSent.statusReason).toBe("whatsapp_outside_window");
    }
  });

  test("a template no longer approved is not sent, in words; a company without its own number uses the platform's", async () => {
    const { scope, account } = await companyWithOwnNumber();
    await syncTemplates(scope);
    const pending = await queuedWhatsApp(account.id, "Save 20%", {
      whatsappTemplateName: "draft_promo",
      whatsappTemplateLanguage: "en_US",
      whatsappTemplateParameters: ["first_name"],
    });
    await sendMessages([pending.message.id], { now: NOW });
    expect((await row(pending.message.id)).statusReason).toBe("whatsapp_template_unusable");

    // No own number, platform WHATSAPP_* set: the platform's number, free text, as before.
    process.env.WHATSAPP_PHONE_NUMBER_ID = PLATFORM_PHONE;
    process.env.WHATSAPP_ACCESS_TOKEN = "platform-token";
    resetConfigForTests();
    const other = await createAccount();
    const viaPlatform = await queuedWhatsApp(other.id, "Hello from the platform");
    expect((await sendMessages([viaPlatform.message.id], { now: NOW })).sent).toEqual([
      viaPlatform.message.id,
    ]);
    expect(meta.messagesFrom(PLATFORM_PHONE)).toHaveLength(1);

    // Neither: the local outbox.
    delete process.env.WHATSAPP_PHONE_NUMBER_ID;
    delete process.env.WHATSAPP_ACCESS_TOKEN;
    resetConfigForTests();
    const toOutbox = await queuedWhatsApp(other.id, "Hello outbox");
    expect((await sendMessages([toOutbox.message.id], { now: NOW })).sent).toEqual([toOutbox.message.id]);
    const [boxed] = await getDb()
      .select()
      .from(outboxMessages)
      .where(eq(outboxMessages.messageId, toOutbox.message.id));
    expect(boxed.text).toBe("Hello outbox");
  });

  test("the editor saves a template touchpoint with its mapping and message; a template not approved saves nothing", async () => {
    const { scope, account } = await companyWithOwnNumber();
    await syncTemplates(scope);
    const { journey } = await createTouchpoint(account.id);
    const base = {
      name: "Follow up",
      waitAmount: 0,
      waitUnit: "days" as const,
      channel: "whatsapp" as const,
    };
    const saved = await addTouchpoint(scope, journey.id, {
      ...base,
      message: "typed text is replaced by the template's",
      linkTarget: "https://example.com/tips",
      whatsappTemplate: "order_follow_up|en_US",
      whatsappParameters: "first_name,company,LINK",
    });
    expect(saved.ok).toBe(true);
    if (!saved.ok) return;
    expect(saved.touchpoint).toMatchObject({
      message: "Hi {{first_name}}, how is your {{company}}? Tips: {{LINK}}",
      whatsappTemplateName: "order_follow_up",
      whatsappTemplateLanguage: "en_US",
      whatsappTemplateParameters: ["first_name", "company", "LINK"],
    });

    for (const wrong of [
      { whatsappTemplate: "draft_promo|en_US", whatsappParameters: "first_name" },
      { whatsappTemplate: "order_follow_up|en_US", whatsappParameters: "first_name,company" },
      { whatsappTemplate: "order_follow_up|en_US", whatsappParameters: "first_name,password,LINK" },
      { whatsappTemplate: "nope|en_US", whatsappParameters: "" },
    ])
      expect(await updateTouchpoint(scope, saved.touchpoint.id, { ...base, message: "x", ...wrong })).toEqual(
        {
          ok: false,
          reason: "save_failed",
        },
      );

    // Back to free text: the template columns are cleared.
    const free = await updateTouchpoint(scope, saved.touchpoint.id, { ...base, message: "Just text" });
    expect(free.ok && free.touchpoint).toMatchObject({ message: "Just text", whatsappTemplateName: null });
  });

  test("Test now of a WhatsApp touchpoint goes through the company's number too, and respects the window", async () => {
    const { scope, account, creds } = await companyWithOwnNumber();
    await syncTemplates(scope);
    const free = await queuedWhatsApp(account.id, "Free words");
    const answer = await sendTouchpointNow(
      { accountId: account.id } as never,
      free.message.touchpointId as string,
      [free.contact.id],
      { now: NOW },
    );
    expect(answer).toEqual({
      ok: true,
      outcomes: [{ contactId: free.contact.id, status: "refused", reason: "whatsapp_outside_window" }],
    });
    const templated = await queuedWhatsApp(account.id, "Welcome to our store!", {
      whatsappTemplateName: "welcome",
      whatsappTemplateLanguage: "en_US",
      whatsappTemplateParameters: [],
    });
    const sent = await sendTouchpointNow(
      { accountId: account.id } as never,
      templated.message.touchpointId as string,
      [templated.contact.id],
      { now: NOW },
    );
    expect(sent.ok && sent.outcomes[0].status).toBe("sent");
    expect(meta.messagesFrom(creds.phoneNumberId)).toEqual([
      expect.objectContaining({
        type: "template",
        template: { name: "welcome", language: { policy: "deterministic", code: "en_US" }, components: [] },
      }),
    ]);
  });
});

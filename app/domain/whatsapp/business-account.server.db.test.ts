import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, expect, test } from "vitest";
import { contacts, inboundMessages, whatsappConfigs, whatsappTemplates } from "#db/schema";
import { createAccount } from "../../../tests/support/factories";
import { setUpStandIn } from "../../../tests/support/stand-in-env";
import { createContact } from "../../../tests/support/stand-ins/messaging-fixtures";
import { metaWebhookSignature, startMetaStandIn } from "../../../tests/support/stand-ins/meta";
import { type StandIn, startStandIn } from "../../../tests/support/stand-ins/provider-stand-in";
import { describeEachDatabase } from "../../../tests/support/test-database";
import {
  newMetaNumber,
  type WhatsAppCredentials,
  webhookPost,
  whatsappDelivery,
  whatsappText,
} from "../../../tests/support/whatsapp-fixtures";
import { verifyAndSaveWhatsApp } from "./config.server";
import { syncTemplates } from "./templates.server";

/**
 * Issue 32: a WhatsApp Business Account id anyone could claim. A company's number must be listed by
 * its WhatsApp Business Account with its token (GET /{waba-id}/phone_numbers), the account and the
 * number are one company's each, and Meta's deliveries go by phone_number_id to one company, whose
 * secret alone must have signed them. Graph's paging stays at the configured Graph origin.
 */

const meta = setUpStandIn({
  name: "Meta",
  start: () => startMetaStandIn("platform-phone", "platform-token"),
  close: (stand) => stand.close(),
  env: (stand) => ({ META_GRAPH_URL: stand.url, APP_URL: "https://app.blusteam.test" }),
  reset: (stand) => stand.reset(),
});

// Where a tampered paging.next would send the company's token: it records what reaches it.
let elsewhere: StandIn;
beforeAll(async () => {
  elsewhere = await startStandIn(() => ({ status: 200, body: { data: [] } }));
});
afterAll(() => elsewhere.close());
beforeEach(() => elsewhere.reset());

async function companySaving(creds: WhatsAppCredentials) {
  const account = await createAccount();
  const scope = { account: { id: account.id } };
  return { account, scope, outcome: await verifyAndSaveWhatsApp(scope, creds) };
}

let phones = 0;
const newPhone = () => `+1415557${String(1000 + ++phones).slice(-4)}`;
const signed = (body: string, secret: string) => webhookPost(body, metaWebhookSignature(body, secret));

describeEachDatabase("WhatsApp Business Account claims and webhook routing", (getDb) => {
  const configsOf = (waba: string) =>
    getDb().select().from(whatsappConfigs).where(eq(whatsappConfigs.businessAccountId, waba));
  const consentOf = async (contactId: string) =>
    (await getDb().select().from(contacts).where(eq(contacts.id, contactId)))[0].smsConsent;

  test("a second company can claim neither the victim's WhatsApp Business Account id nor its phone number id", async () => {
    const victimCreds = newMetaNumber(meta());
    const victim = await companySaving(victimCreds);
    expect(victim.outcome).toEqual({ status: "saved" });

    // The reproduction: its own number and token, the victim's account id. Meta does not answer its
    // token for the victim's account.
    const attackerCreds = newMetaNumber(meta());
    const claim = { ...attackerCreds, whatsappBusinessAccountId: victimCreds.whatsappBusinessAccountId };
    expect((await companySaving(claim)).outcome.status).toBe("not-correct");
    const stolenNumber = { ...claim, phoneNumberId: victimCreds.phoneNumberId };
    expect((await companySaving(stolenNumber)).outcome.status).toBe("not-correct");
    // Its own account with the victim's number: its account does not list that number.
    const foreignNumber = { ...attackerCreds, phoneNumberId: victimCreds.phoneNumberId };
    expect((await companySaving(foreignNumber)).outcome).toEqual({ status: "number-not-in-account" });

    // Even a token that reaches the victim's account (another number of it, say an agency's) gets
    // neither the account nor the victim's number for a second company.
    const sameAccount = newMetaNumber(meta(), { businessAccountId: victimCreds.whatsappBusinessAccountId });
    expect((await companySaving(sameAccount)).outcome).toEqual({ status: "account-taken" });
    const victimNumber = { ...sameAccount, phoneNumberId: victimCreds.phoneNumberId };
    expect((await companySaving(victimNumber)).outcome).toEqual({ status: "number-taken" });

    const held = await configsOf(victimCreds.whatsappBusinessAccountId);
    expect(held).toEqual([expect.objectContaining({ accountId: victim.account.id })]);
    // The database holds the rule too.
    await expect(
      getDb()
        .insert(whatsappConfigs)
        .values({ ...held[0], accountId: (await createAccount()).id, phoneNumberId: "1", verifyToken: "v" }),
    ).rejects.toThrow();
  });

  test("the victim's signed deliveries, STOP included, are accepted after another company tried to claim its account", async () => {
    const victimCreds = newMetaNumber(meta());
    const victim = await companySaving(victimCreds);
    const phone = newPhone();
    const contact = await createContact(victim.account.id, { phone, smsConsent: "opted_in" });
    // The reproduction: a second company saves the victim's account id with its own number and token.
    const attackerCreds = newMetaNumber(meta());
    await companySaving({
      ...attackerCreds,
      whatsappBusinessAccountId: victimCreds.whatsappBusinessAccountId,
    });

    const stop = whatsappDelivery(victimCreds, { messages: [whatsappText(phone, "STOP")] });
    const answer = await signed(stop, victimCreds.appSecret);
    expect(answer.status).toBe(200);
    expect(await answer.json()).toMatchObject({ messages: 1 });
    expect(await consentOf(contact.id)).toBe("opted_out");

    // A company holding another account is not asked to sign a delivery for the victim's number
    // that names its account id (entry.id): the number alone routes.
    const otherCreds = newMetaNumber(meta());
    expect((await companySaving(otherCreds)).outcome).toEqual({ status: "saved" });
    const hello = whatsappDelivery(
      { ...victimCreds, whatsappBusinessAccountId: otherCreds.whatsappBusinessAccountId },
      { messages: [whatsappText(phone, "Hello")] },
    );
    expect((await signed(hello, victimCreds.appSecret)).status).toBe(200);
    const stored = await getDb().select().from(inboundMessages).where(eq(inboundMessages.fromNumber, phone));
    expect(stored.map((m) => m.body).sort()).toEqual(["Hello", "STOP"]);
  });

  test("a delivery signed with another company's secret is refused, even when it also names that company's number", async () => {
    const victimCreds = newMetaNumber(meta());
    const victim = await companySaving(victimCreds);
    const attackerCreds = newMetaNumber(meta());
    expect((await companySaving(attackerCreds)).outcome).toEqual({ status: "saved" });
    const phone = newPhone();
    const contact = await createContact(victim.account.id, { phone, smsConsent: "opted_in" });

    const forged = whatsappDelivery(victimCreds, { messages: [whatsappText(phone, "STOP")] });
    const refused = await signed(forged, attackerCreds.appSecret);
    expect(refused.status).toBe(401);

    const both = JSON.parse(forged);
    both.entry.push(
      JSON.parse(whatsappDelivery(attackerCreds, { messages: [whatsappText(phone, "STOP")] })).entry[0],
    );
    const mixed = JSON.stringify(both);
    expect((await signed(mixed, attackerCreds.appSecret)).status).toBe(401);

    expect(await consentOf(contact.id)).toBe("opted_in");
    expect(await getDb().select().from(inboundMessages).where(eq(inboundMessages.fromNumber, phone))).toEqual(
      [],
    );
  });

  test("a delivery for a phone number id no company holds is refused with the bad signature's answer; other fields are acknowledged", async () => {
    const creds = newMetaNumber(meta());
    expect((await companySaving(creds)).outcome).toEqual({ status: "saved" });
    const phone = newPhone();

    const nobody = whatsappDelivery(
      { ...creds, phoneNumberId: "109999999999999" },
      { messages: [whatsappText(phone, "STOP")] },
    );
    const unknown = await signed(nobody, creds.appSecret);
    const forged = whatsappDelivery(creds, { messages: [whatsappText(phone, "STOP")] });
    const badSignature = await signed(forged, "not-the-secret");
    // One answer: the webhook does not tell which phone number ids are connected here.
    expect([unknown.status, await unknown.text()]).toEqual([401, "invalid signature"]);
    expect([badSignature.status, await badSignature.text()]).toEqual([401, "invalid signature"]);
    expect(await getDb().select().from(inboundMessages).where(eq(inboundMessages.fromNumber, phone))).toEqual(
      [],
    );

    // A template status update names an account, no number: nothing is acted on, and Meta is not
    // made to retry it for days.
    const templateUpdate = JSON.stringify({
      object: "whatsapp_business_account",
      entry: [
        {
          id: creds.whatsappBusinessAccountId,
          changes: [
            {
              field: "message_template_status_update",
              value: { event: "APPROVED", message_template_name: "welcome" },
            },
          ],
        },
      ],
    });
    const acknowledged = await signed(templateUpdate, creds.appSecret);
    expect(acknowledged.status).toBe(200);
    expect(await acknowledged.json()).toMatchObject({ messages: 0, statuses: 0, replays: 0 });
  });

  test("Verify & Continue follows the account's phone_numbers pages at the Graph origin only", async () => {
    const first = newMetaNumber(meta());
    const waba = first.whatsappBusinessAccountId;
    newMetaNumber(meta(), { businessAccountId: waba });
    // Third in its account: on the second page (two a page).
    const creds = newMetaNumber(meta(), { businessAccountId: waba });

    meta().pagingOrigin(elsewhere.url);
    expect((await companySaving(creds)).outcome.status).toBe("not-correct");
    expect(elsewhere.requests).toEqual([]);
    expect(await configsOf(waba)).toEqual([]);

    meta().pagingOrigin(null);
    expect((await companySaving(creds)).outcome).toEqual({ status: "saved" });
    const pages = meta().requests.filter((r) => r.path.includes("/phone_numbers"));
    expect(pages.at(-1)?.path).toContain("after=2");
  });

  test("template sync never sends the token to a paging.next of another origin, and keeps the templates it had", async () => {
    const templates = ["one", "two", "three", "four", "five"].map((name) => ({
      name,
      language: "en_US",
      status: "APPROVED" as const,
      body: `Template ${name}`,
    }));
    const creds = newMetaNumber(meta(), { templates });
    const company = await companySaving(creds);
    expect(await syncTemplates(company.scope)).toMatchObject({ status: "synced", total: 5 });

    meta().pagingOrigin(elsewhere.url);
    const outcome = await syncTemplates(company.scope);
    expect(outcome).toMatchObject({ status: "failed" });
    expect(outcome.status === "failed" && outcome.reason).toContain("paging.next");
    expect(elsewhere.requests).toEqual([]);
    const kept = await getDb()
      .select({ name: whatsappTemplates.name })
      .from(whatsappTemplates)
      .where(eq(whatsappTemplates.accountId, company.account.id));
    expect(kept.map((t) => t.name).sort()).toEqual(["five", "four", "one", "three", "two"]);

    // Nor is a list longer than the pages read taken for the whole (41 templates: 21 pages of two).
    const many = Array.from({ length: 41 }, (_, i) => ({ ...templates[0], name: `t${i}` }));
    const long = await companySaving(newMetaNumber(meta(), { templates: many }));
    expect(await syncTemplates(long.scope)).toMatchObject({ status: "failed" });
  });
});

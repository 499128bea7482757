import { and, desc, eq } from "drizzle-orm";
import { getDb } from "#db/client.server";
import { accounts, contacts, inboundMessages, messages } from "#db/schema";
import { config } from "~/config.server";
import type { Queryable } from "~/domain/kernel/scope";
import { queueConsentWriteBacks } from "~/domain/shopify/commerce/consent-write-back.server";
import { fixedT } from "~/i18n/i18n.server";
import { optInByPhone, optOutByPhone } from "./consent.server";

/**
 * Inbound SMS (Twilio's incoming message webhook). Each message is stored once by its provider id, so a
 * replayed webhook changes nothing and is not answered again. The compliance keywords act at once:
 * STOP and its synonyms opt every contact with that number out, START and its synonyms opt them back
 * in, HELP answers with the company's help text. Anything else is stored without reply.
 */

const STOP_WORDS = new Set(["STOP", "STOPALL", "UNSUBSCRIBE", "CANCEL", "END", "QUIT"]);
const START_WORDS = new Set(["START", "UNSTOP", "YES"]);
const HELP_WORDS = new Set(["HELP"]);

export type Keyword = "stop" | "start" | "help";

/** The keyword a whole message is (trimmed, any case), or null. */
export function keywordOf(body: string): Keyword | null {
  const word = body.trim().toUpperCase();
  if (STOP_WORDS.has(word)) return "stop";
  if (START_WORDS.has(word)) return "start";
  if (HELP_WORDS.has(word)) return "help";
  return null;
}

export type InboundSms = {
  providerMessageId: string;
  from: string;
  to: string;
  body: string;
  /** WhatsApp replies (app/domain/whatsapp/webhook.server.ts) take the same path; SMS by default. */
  channel?: "sms" | "whatsapp";
};
export type InboundOutcome = {
  /** False when this provider id was already received (a replay): nothing was done. */
  firstTime: boolean;
  keyword: Keyword | null;
  /** The text to answer with, or null for no answer. */
  reply: string | null;
  /** Contacts whose consent changed. */
  changed: Array<{ accountId: string; contactId: string }>;
};

export async function receiveInboundSms(sms: InboundSms, db: Queryable = getDb()): Promise<InboundOutcome> {
  const outcome = await receiveInTransaction(sms, db);
  // A STOP from a store customer is written back to Shopify, by a job queued once it is committed.
  if (outcome.keyword === "stop" && outcome.changed.length > 0)
    await queueConsentWriteBacks(outcome.changed.map((c) => c.contactId));
  return outcome;
}

async function receiveInTransaction(sms: InboundSms, db: Queryable): Promise<InboundOutcome> {
  const keyword = keywordOf(sms.body);
  const t = await fixedT("en");
  return db.transaction(async (tx) => {
    const [stored] = await tx
      .insert(inboundMessages)
      .values({
        channel: sms.channel ?? "sms",
        providerMessageId: sms.providerMessageId,
        fromNumber: sms.from,
        toNumber: sms.to,
        body: sms.body,
        keyword,
      })
      .onConflictDoNothing({ target: inboundMessages.providerMessageId })
      .returning({ id: inboundMessages.id });
    if (!stored) return { firstTime: false, keyword, reply: null, changed: [] };

    const word = sms.body.trim().toUpperCase();
    if (keyword === "stop") {
      const changed = await optOutByPhone(tx, sms.from, word, sms.channel);
      return { firstTime: true, keyword, reply: t("messaging.sms.optOutConfirmation"), changed };
    }
    if (keyword === "start") {
      const changed = await optInByPhone(tx, sms.from, word, sms.channel);
      return { firstTime: true, keyword, reply: t("messaging.sms.optInConfirmation"), changed };
    }
    if (keyword === "help") {
      return { firstTime: true, keyword, reply: await helpText(tx, sms.from), changed: [] };
    }
    return { firstTime: true, keyword, reply: null, changed: [] };
  });
}

/**
 * The help text of the company this number hears from: the one whose SMS last went to it, else one
 * that has the number as a contact. Its own help text (accounts.sms_help_text), else a default naming it.
 */
async function helpText(db: Queryable, phone: string): Promise<string> {
  const [lastSender] = await db
    .select({ accountId: messages.accountId })
    .from(messages)
    .innerJoin(contacts, eq(contacts.id, messages.contactId))
    .where(and(eq(contacts.phone, phone), eq(messages.channel, "sms")))
    .orderBy(desc(messages.createdAt))
    .limit(1);
  let accountId = lastSender?.accountId;
  if (!accountId) {
    const [contact] = await db
      .select({ accountId: contacts.accountId })
      .from(contacts)
      .where(eq(contacts.phone, phone))
      .orderBy(desc(contacts.createdAt))
      .limit(1);
    accountId = contact?.accountId;
  }
  const t = await fixedT("en");
  if (!accountId) {
    return t("messaging.sms.helpDefault", { company: config().PRODUCT_NAME, url: config().APP_URL });
  }
  const [account] = await db
    .select({ company: accounts.company, url: accounts.url, helpText: accounts.smsHelpText })
    .from(accounts)
    .where(eq(accounts.id, accountId));
  if (account?.helpText?.trim()) return account.helpText.trim();
  return t("messaging.sms.helpDefault", {
    company: account?.company ?? config().PRODUCT_NAME,
    url: account?.url ?? config().APP_URL,
  });
}

import { createHmac, timingSafeEqual } from "node:crypto";
import { and, eq, isNull, lt, or, sql } from "drizzle-orm";
import { getDb } from "#db/client.server";
import { accounts, attributes, chatConversations, contactAttributeValues, contacts } from "#db/schema";
import { config } from "~/config.server";
import { renderChatEmail } from "~/domain/webchat/templates/render.server";
import { sendMail } from "~/services/mail/mail.server";
import { isContactPresent } from "./chat-sessions.server";
import { chatAppUrl } from "./chat-urls.server";

/**
 * The chat app's emails, written with the company's templates (Welcome, New Message, New Magic
 * Link): the variables of one contact, the New Message throttle (one per 15 minutes per
 * conversation, none while the contact's window is open, none after unsubscribing), and the
 * unsubscribe link's token.
 */

export const NEW_MESSAGE_EMAIL_INTERVAL_MS = 15 * 60_000;

type ContactForEmail = {
  email: string | null;
  firstName: string;
  lastName: string;
  subdomain: string | null;
  attributes: Record<string, string>;
};

async function contactForEmail(accountId: string, contactId: string): Promise<ContactForEmail | null> {
  const db = getDb();
  const [contact] = await db
    .select({
      email: contacts.email,
      firstName: contacts.firstName,
      lastName: contacts.lastName,
      subdomain: accounts.chatstreamSubdomain,
    })
    .from(contacts)
    .innerJoin(accounts, eq(accounts.id, contacts.accountId))
    .where(and(eq(contacts.id, contactId), eq(contacts.accountId, accountId)));
  if (!contact) return null;
  const values = await db
    .select({ title: attributes.title, value: contactAttributeValues.value })
    .from(contactAttributeValues)
    .innerJoin(attributes, eq(attributes.id, contactAttributeValues.attributeId))
    .where(
      and(
        eq(contactAttributeValues.contactId, contactId),
        eq(contactAttributeValues.accountId, accountId),
        eq(attributes.accountId, accountId),
      ),
    );
  return { ...contact, attributes: Object.fromEntries(values.map((v) => [v.title, v.value])) };
}

/** Sends one of the company's chat templates to its contact; false when the contact has no email. */
async function sendTemplate(
  accountId: string,
  contactId: string,
  kind: "welcome" | "newMessage" | "magicLink",
  extra: { magicLink?: string; magicCode?: string; unsubscribeLink?: string } = {},
): Promise<boolean> {
  const contact = await contactForEmail(accountId, contactId);
  if (!contact?.email) return false;
  // {{magicLink}} in the Welcome and New Message templates opens the chat app itself.
  const home = contact.subdomain ? `${chatAppUrl(contact.subdomain.toLowerCase())}/` : undefined;
  const rendered = await renderChatEmail(getDb(), accountId, kind, {
    firstName: contact.firstName,
    lastName: contact.lastName,
    attributes: contact.attributes,
    magicLink: home,
    ...extra,
  });
  await sendMail({ to: contact.email, subject: rendered.subject, html: rendered.html, text: rendered.text });
  return true;
}

export function sendMagicLinkEmail(
  accountId: string,
  contactId: string,
  values: { magicLink: string; magicCode: string },
) {
  return sendTemplate(accountId, contactId, "magicLink", values);
}

/** The Welcome email, once per conversation (its first sign-in): true when this call sent it. */
export async function sendWelcomeOnce(accountId: string, conversationId: string, contactId: string) {
  const [claimed] = await getDb()
    .update(chatConversations)
    .set({ welcomedAt: new Date() })
    .where(
      and(
        eq(chatConversations.id, conversationId),
        eq(chatConversations.accountId, accountId),
        isNull(chatConversations.welcomedAt),
      ),
    )
    .returning({ id: chatConversations.id });
  if (!claimed) return false;
  return sendTemplate(accountId, contactId, "welcome");
}

export type NewMessageEmailOutcome = "sent" | "present" | "throttled" | "unsubscribed" | "no_email";

/**
 * After a staff answer: emails the contact when it is away, at most once per 15 minutes per
 * conversation. The throttle is claimed by one conditional update, so two answers at once (or two
 * servers) send one email.
 */
export async function notifyContactOfAnswer(
  accountId: string,
  conversationId: string,
): Promise<NewMessageEmailOutcome> {
  const db = getDb();
  const [conversation] = await db
    .select({
      contactId: chatConversations.contactId,
      unsubscribed: chatConversations.emailUnsubscribedAt,
      email: contacts.email,
      subdomain: accounts.chatstreamSubdomain,
    })
    .from(chatConversations)
    .innerJoin(contacts, eq(contacts.id, chatConversations.contactId))
    .innerJoin(accounts, eq(accounts.id, chatConversations.accountId))
    .where(and(eq(chatConversations.id, conversationId), eq(chatConversations.accountId, accountId)));
  if (!conversation) return "no_email";
  if (conversation.unsubscribed) return "unsubscribed";
  const subdomain = conversation.subdomain?.toLowerCase();
  if (!conversation.email || !subdomain) return "no_email";
  if (await isContactPresent({ accountId, contactId: conversation.contactId })) return "present";
  const cutoff = new Date(Date.now() - NEW_MESSAGE_EMAIL_INTERVAL_MS);
  const [claimed] = await db
    .update(chatConversations)
    .set({ lastNewMessageEmailAt: sql`now()` })
    .where(
      and(
        eq(chatConversations.id, conversationId),
        isNull(chatConversations.emailUnsubscribedAt),
        or(
          isNull(chatConversations.lastNewMessageEmailAt),
          lt(chatConversations.lastNewMessageEmailAt, cutoff),
        ),
      ),
    )
    .returning({ id: chatConversations.id });
  if (!claimed) return "throttled";
  const unsubscribeLink = `${chatAppUrl(subdomain)}/unsubscribe?${new URLSearchParams({
    c: conversationId,
    t: unsubscribeToken(conversationId),
  })}`;
  await sendTemplate(accountId, conversation.contactId, "newMessage", { unsubscribeLink });
  return "sent";
}

/** The unsubscribe link's proof: only we can write it for a conversation, and it never expires. */
export function unsubscribeToken(conversationId: string): string {
  return createHmac("sha256", config().sessionSecret)
    .update(`chat-unsubscribe:${conversationId}`)
    .digest("base64url");
}

export function isUnsubscribeToken(conversationId: string, token: string): boolean {
  const expected = Buffer.from(unsubscribeToken(conversationId));
  const given = Buffer.from(token);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

/** Stops the New Message emails of a conversation of this company; false for any other id. */
export async function unsubscribeConversation(accountId: string, conversationId: string): Promise<boolean> {
  const rows = await getDb()
    .update(chatConversations)
    .set({ emailUnsubscribedAt: sql`coalesce(${chatConversations.emailUnsubscribedAt}, now())` })
    .where(and(eq(chatConversations.id, conversationId), eq(chatConversations.accountId, accountId)))
    .returning({ id: chatConversations.id });
  return rows.length > 0;
}

import { and, desc, eq, gt, ilike, isNull, or, type SQL, sql } from "drizzle-orm";
import { getDb } from "#db/client.server";
import { accounts, chatConversations, chatMessages, contacts } from "#db/schema";
import type { Queryable } from "~/domain/kernel/scope";
import { escapeLike } from "~/domain/kernel/sql-text";
import { publishEvent } from "~/services/events/events.server";
import { MAX_MESSAGE_LENGTH } from "./reply-schema";

/**
 * Conversations and messages of the web chat. A contact reaches only its own conversation (every
 * contact-side function takes the signed-in contact's { accountId, contactId }); staff reach their
 * company's (InboxScope with accountId) or, in /chat-interface, every company's (platform admins).
 */

export { MAX_MESSAGE_LENGTH };

const THREAD_PAGE = 200;
const INBOX_PAGE = 100;

/** The signed-in contact of a chat session. */
export type ChatContact = { accountId: string; contactId: string };

/** Whose conversations a staff screen shows: one company's, or every company's (platform admins). */
export type InboxScope = { accountId: string } | { allAccounts: true };

export type ChatMessageView = {
  id: string;
  author: "contact" | "staff";
  body: string;
  createdAt: string;
  /** Staff screens only: who of the staff wrote it. */
  authorName?: string | null;
};

export type MessageInput = { body: string; clientKey: string | null };

/** The message text to store, or null when it is empty or too long. */
export function cleanMessageBody(raw: unknown): string | null {
  if (typeof raw !== "string") return null;
  const body = raw.replace(/\r\n?/g, "\n").trim();
  if (body.length === 0 || body.length > MAX_MESSAGE_LENGTH) return null;
  return body;
}

const CLIENT_KEY_PATTERN = /^[A-Za-z0-9_-]{8,64}$/;
export function cleanClientKey(raw: unknown): string | null {
  return typeof raw === "string" && CLIENT_KEY_PATTERN.test(raw) ? raw : null;
}

function scopeCondition(scope: InboxScope): SQL | undefined {
  return "accountId" in scope ? eq(chatConversations.accountId, scope.accountId) : undefined;
}

/** The contact's conversation with its company, created on first need (one per company and contact). */
export async function ensureConversation(contact: ChatContact, db: Queryable = getDb()): Promise<string> {
  const [created] = await db
    .insert(chatConversations)
    .values({ accountId: contact.accountId, contactId: contact.contactId })
    .onConflictDoNothing()
    .returning({ id: chatConversations.id });
  if (created) return created.id;
  const [existing] = await db
    .select({ id: chatConversations.id })
    .from(chatConversations)
    .where(
      and(
        eq(chatConversations.accountId, contact.accountId),
        eq(chatConversations.contactId, contact.contactId),
      ),
    );
  if (!existing) throw new Error("chat conversation vanished");
  return existing.id;
}

function toView(
  row: { id: string; authorKind: "contact" | "staff"; body: string; createdAt: Date },
  authorName?: string | null,
): ChatMessageView {
  return {
    id: row.id,
    author: row.authorKind,
    body: row.body,
    createdAt: row.createdAt.toISOString(),
    ...(authorName === undefined ? {} : { authorName }),
  };
}

/** The contact's own conversation: its newest messages, oldest first (after `afterId` when given). */
export async function listContactMessages(
  contact: ChatContact,
  options: { afterId?: string | null } = {},
): Promise<ChatMessageView[]> {
  const db = getDb();
  const conversationId = await ensureConversation(contact);
  let after: SQL | undefined;
  if (options.afterId) {
    const [anchor] = await db
      .select({ createdAt: chatMessages.createdAt })
      .from(chatMessages)
      .where(and(eq(chatMessages.id, options.afterId), eq(chatMessages.conversationId, conversationId)));
    if (anchor)
      after = or(
        gt(chatMessages.createdAt, anchor.createdAt),
        and(eq(chatMessages.createdAt, anchor.createdAt), gt(chatMessages.id, options.afterId)),
      );
  }
  const rows = await db
    .select({
      id: chatMessages.id,
      authorKind: chatMessages.authorKind,
      body: chatMessages.body,
      createdAt: chatMessages.createdAt,
    })
    .from(chatMessages)
    .where(
      and(
        eq(chatMessages.accountId, contact.accountId),
        eq(chatMessages.conversationId, conversationId),
        after,
      ),
    )
    .orderBy(desc(chatMessages.createdAt), desc(chatMessages.id))
    .limit(THREAD_PAGE);
  return rows.reverse().map((r) => toView(r));
}

async function insertMessage(
  db: Queryable,
  values: {
    accountId: string;
    conversationId: string;
    authorKind: "contact" | "staff";
    authorUserId: string | null;
    input: MessageInput;
  },
) {
  const [inserted] = await db
    .insert(chatMessages)
    .values({
      accountId: values.accountId,
      conversationId: values.conversationId,
      authorKind: values.authorKind,
      authorUserId: values.authorUserId,
      body: values.input.body,
      clientKey: values.input.clientKey,
    })
    .onConflictDoNothing()
    .returning();
  if (inserted) {
    await db
      .update(chatConversations)
      .set({ lastMessageAt: inserted.createdAt })
      .where(eq(chatConversations.id, values.conversationId));
    await publishEvent(
      { topic: "webchat", accountId: values.accountId, conversationId: values.conversationId },
      db,
    );
    return { message: inserted, replay: false };
  }
  // The same post again (its client key): the first copy is the answer.
  const [first] = await db
    .select()
    .from(chatMessages)
    .where(
      and(
        eq(chatMessages.conversationId, values.conversationId),
        eq(chatMessages.authorKind, values.authorKind),
        eq(chatMessages.clientKey, values.input.clientKey ?? ""),
      ),
    );
  if (!first) throw new Error("chat message neither stored nor found");
  return { message: first, replay: true };
}

/** The contact writes to its company. Reading the conversation marks the company's messages read. */
export async function postContactMessage(contact: ChatContact, input: MessageInput) {
  return getDb().transaction(async (tx) => {
    const conversationId = await ensureConversation(contact, tx);
    const { message, replay } = await insertMessage(tx, {
      accountId: contact.accountId,
      conversationId,
      authorKind: "contact",
      authorUserId: null,
      input,
    });
    return { message: toView(message), replay };
  });
}

/** The contact has seen the company's messages: they are no longer unread (nor emailed about). */
export async function markReadByContact(contact: ChatContact) {
  await getDb()
    .update(chatMessages)
    .set({ readAt: new Date() })
    .where(
      and(
        eq(chatMessages.accountId, contact.accountId),
        eq(chatMessages.authorKind, "staff"),
        isNull(chatMessages.readAt),
        sql`${chatMessages.conversationId} in (select id from chat_conversations where account_id = ${contact.accountId} and contact_id = ${contact.contactId})`,
      ),
    );
}

export type ConversationSummary = {
  id: string;
  accountId: string;
  company: string;
  contactId: string;
  contactName: string;
  contactEmail: string | null;
  lastMessageAt: string;
  lastMessage: string | null;
  lastAuthor: "contact" | "staff" | null;
  unread: number;
};

// A conversation with its contact and company: what the inbox's list and thread both show.
const conversationColumns = {
  id: chatConversations.id,
  accountId: chatConversations.accountId,
  company: accounts.company,
  contactId: contacts.id,
  firstName: contacts.firstName,
  lastName: contacts.lastName,
  email: contacts.email,
  lastMessageAt: chatConversations.lastMessageAt,
};
type ConversationRow = {
  id: string;
  accountId: string;
  company: string;
  contactId: string;
  firstName: string;
  lastName: string;
  email: string | null;
  lastMessageAt: Date;
};

function selectConversations<Extra extends Record<string, SQL.Aliased | SQL>>(extra: Extra) {
  return getDb()
    .select({ ...conversationColumns, ...extra })
    .from(chatConversations)
    .innerJoin(
      contacts,
      and(eq(contacts.id, chatConversations.contactId), eq(contacts.accountId, chatConversations.accountId)),
    )
    .innerJoin(accounts, eq(accounts.id, chatConversations.accountId));
}

function toSummary(
  row: ConversationRow,
  last: Pick<ConversationSummary, "lastMessage" | "lastAuthor" | "unread">,
): ConversationSummary {
  return {
    id: row.id,
    accountId: row.accountId,
    company: row.company,
    contactId: row.contactId,
    contactName: `${row.firstName} ${row.lastName}`.trim(),
    contactEmail: row.email,
    lastMessageAt: row.lastMessageAt.toISOString(),
    ...last,
  };
}

/** Conversations newest first, with their unread counts (the contact's messages no staff has read). */
export async function listConversations(
  scope: InboxScope,
  options: { search?: string } = {},
): Promise<ConversationSummary[]> {
  const term = options.search?.trim().slice(0, 100) ?? "";
  const pattern = `%${escapeLike(term)}%`;
  const searchCondition = term
    ? or(
        ilike(contacts.firstName, pattern),
        ilike(contacts.lastName, pattern),
        ilike(contacts.email, pattern),
        ilike(sql`${contacts.firstName} || ' ' || ${contacts.lastName}`, pattern),
      )
    : undefined;
  const lastMessage = sql<
    string | null
  >`(select m.body from chat_messages m where m.conversation_id = ${chatConversations.id} order by m.created_at desc, m.id desc limit 1)`;
  const lastAuthor = sql<
    "contact" | "staff" | null
  >`(select m.author_kind from chat_messages m where m.conversation_id = ${chatConversations.id} order by m.created_at desc, m.id desc limit 1)`;
  const unread = sql<number>`(select count(*)::int from chat_messages m where m.conversation_id = ${chatConversations.id} and m.author_kind = 'contact' and m.read_at is null)`;
  const rows = await selectConversations({ lastMessage, lastAuthor, unread })
    .where(
      and(
        scopeCondition(scope),
        searchCondition,
        sql`exists (select 1 from chat_messages m where m.conversation_id = ${chatConversations.id})`,
      ),
    )
    .orderBy(desc(chatConversations.lastMessageAt), desc(chatConversations.id))
    .limit(INBOX_PAGE);
  return rows.map((r) =>
    toSummary(r, { lastMessage: r.lastMessage, lastAuthor: r.lastAuthor, unread: Number(r.unread) }),
  );
}

export type ConversationThread = {
  conversation: ConversationSummary;
  messages: ChatMessageView[];
};

/** One conversation the scope may see, with its newest messages; null for any other id. */
export async function getConversationThread(
  scope: InboxScope,
  conversationId: string,
): Promise<ConversationThread | null> {
  const db = getDb();
  const [row] = await selectConversations({}).where(
    and(eq(chatConversations.id, conversationId), scopeCondition(scope)),
  );
  if (!row) return null;
  const rows = await db
    .select({
      id: chatMessages.id,
      authorKind: chatMessages.authorKind,
      body: chatMessages.body,
      createdAt: chatMessages.createdAt,
      givenName: sql<
        string | null
      >`(select u.given_name || ' ' || u.family_name from users u where u.id = ${chatMessages.authorUserId})`,
    })
    .from(chatMessages)
    .where(and(eq(chatMessages.conversationId, row.id), eq(chatMessages.accountId, row.accountId)))
    .orderBy(desc(chatMessages.createdAt), desc(chatMessages.id))
    .limit(THREAD_PAGE);
  const messages = rows.reverse().map((r) => toView(r, r.authorKind === "staff" ? r.givenName : null));
  const last = messages.at(-1);
  return {
    conversation: toSummary(row, {
      lastMessage: last?.body ?? null,
      lastAuthor: last?.author ?? null,
      unread: 0,
    }),
    messages,
  };
}

/** Staff opened the thread: the contact's messages in it are read. */
export async function markReadByStaff(scope: InboxScope, conversationId: string) {
  await getDb()
    .update(chatMessages)
    .set({ readAt: new Date() })
    .where(
      and(
        eq(chatMessages.conversationId, conversationId),
        eq(chatMessages.authorKind, "contact"),
        isNull(chatMessages.readAt),
        "accountId" in scope ? eq(chatMessages.accountId, scope.accountId) : undefined,
      ),
    );
}

/**
 * A staff member answers in a conversation the scope may see. Null when it may not (another
 * company's id, or an unknown one). The New Message email is the caller's next step.
 */
export async function postStaffMessage(
  scope: InboxScope,
  conversationId: string,
  authorUserId: string,
  input: MessageInput,
) {
  return getDb().transaction(async (tx) => {
    const [conversation] = await tx
      .select({ id: chatConversations.id, accountId: chatConversations.accountId })
      .from(chatConversations)
      .where(and(eq(chatConversations.id, conversationId), scopeCondition(scope)));
    if (!conversation) return null;
    const { message, replay } = await insertMessage(tx, {
      accountId: conversation.accountId,
      conversationId: conversation.id,
      authorKind: "staff",
      authorUserId,
      input,
    });
    // Answering reads what the contact wrote.
    await tx
      .update(chatMessages)
      .set({ readAt: new Date() })
      .where(
        and(
          eq(chatMessages.conversationId, conversation.id),
          eq(chatMessages.authorKind, "contact"),
          isNull(chatMessages.readAt),
        ),
      );
    return { accountId: conversation.accountId, message: toView(message), replay };
  });
}

/** The conversation a contact stream listens to (ids only), for event filtering. */
export async function conversationIdOf(contact: ChatContact): Promise<string> {
  return ensureConversation(contact);
}

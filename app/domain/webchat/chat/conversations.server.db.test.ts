import { eq, sql } from "drizzle-orm";
import { expect, test } from "vitest";
import { chatConversations, chatMessages, chatSessions } from "#db/schema";
import { createUser, mailsTo } from "../../../../tests/support/factories";
import { describeEachDatabase } from "../../../../tests/support/test-database";
import { createChatCompany, createChatContact } from "../../../../tests/support/webchat-factories";
import {
  isUnsubscribeToken,
  NEW_MESSAGE_EMAIL_INTERVAL_MS,
  notifyContactOfAnswer,
  unsubscribeConversation,
  unsubscribeToken,
} from "./chat-emails.server";
import { createChatSession, touchChatSession } from "./chat-sessions.server";
import {
  type ChatContact,
  cleanMessageBody,
  ensureConversation,
  getConversationThread,
  listContactMessages,
  listConversations,
  markReadByContact,
  markReadByStaff,
  postContactMessage,
  postStaffMessage,
} from "./conversations.server";

const say = (body: string, clientKey: string | null = null) => ({ body, clientKey });

describeEachDatabase("web chat conversations", (getDb) => {
  async function twoCompaniesWithContacts() {
    const a = await createChatCompany("Alpha");
    const b = await createChatCompany("Beta");
    const ann = {
      accountId: a.accountId,
      contactId: (await createChatContact(a.accountId, { firstName: "Ann" })).contactId,
    };
    const bob = {
      accountId: a.accountId,
      contactId: (await createChatContact(a.accountId, { firstName: "Bob" })).contactId,
    };
    const cid = {
      accountId: b.accountId,
      contactId: (await createChatContact(b.accountId, { firstName: "Cid" })).contactId,
    };
    const staff = await createUser();
    return { a, b, ann, bob, cid, staff };
  }

  test("a contact reads only its own conversation, never another contact's or company's", async () => {
    const { ann, bob, cid } = await twoCompaniesWithContacts();
    await postContactMessage(ann, say("Ann's secret"));
    await postContactMessage(bob, say("Bob's question"));
    await postContactMessage(cid, say("Cid elsewhere"));

    expect((await listContactMessages(ann)).map((m) => m.body)).toEqual(["Ann's secret"]);
    expect((await listContactMessages(bob)).map((m) => m.body)).toEqual(["Bob's question"]);
    expect((await listContactMessages(cid)).map((m) => m.body)).toEqual(["Cid elsewhere"]);
    // A contact of one company under another company's id has nothing there.
    const forged: ChatContact = { accountId: cid.accountId, contactId: ann.contactId };
    expect(await listContactMessages(forged)).toEqual([]);
  });

  test("a contact's ?after= naming another conversation's message gives only its own messages", async () => {
    const { ann, bob } = await twoCompaniesWithContacts();
    const bobs = await postContactMessage(bob, say("Bob only"));
    await postContactMessage(ann, say("Ann only"));

    const seen = await listContactMessages(ann, { afterId: bobs.message.id });
    expect(seen.map((m) => m.body)).toEqual(["Ann only"]);
  });

  test("each company's inbox lists its own conversations, newest first, with unread counts", async () => {
    const { a, b, ann, bob, cid } = await twoCompaniesWithContacts();
    await postContactMessage(ann, say("one"));
    await postContactMessage(ann, say("two"));
    await postContactMessage(bob, say("three"));
    await postContactMessage(cid, say("four"));

    const alpha = await listConversations({ accountId: a.accountId });
    expect(alpha.map((c) => [c.contactName.split(" ")[0], c.unread, c.lastMessage])).toEqual([
      ["Bob", 1, "three"],
      ["Ann", 2, "two"],
    ]);
    expect((await listConversations({ accountId: b.accountId })).map((c) => c.lastMessage)).toEqual(["four"]);
    expect((await listConversations({ allAccounts: true })).map((c) => c.lastMessage).sort()).toEqual([
      "four",
      "three",
      "two",
    ]);
  });

  test("search finds conversations by the contact's name or email", async () => {
    const { a, ann, bob } = await twoCompaniesWithContacts();
    await postContactMessage(ann, say("hello"));
    await postContactMessage(bob, say("hi"));

    expect(
      (await listConversations({ accountId: a.accountId }, { search: "ann" })).map((c) => c.contactId),
    ).toEqual([ann.contactId]);
    expect(await listConversations({ accountId: a.accountId }, { search: "%" })).toEqual([]);
    expect(await listConversations({ accountId: a.accountId }, { search: "nobody" })).toEqual([]);
  });

  test("a company's staff cannot open or answer another company's conversation", async () => {
    const { a, b, cid, staff } = await twoCompaniesWithContacts();
    await postContactMessage(cid, say("for Beta"));
    const conversationId = await ensureConversation(cid);

    expect(await getConversationThread({ accountId: a.accountId }, conversationId)).toBeNull();
    expect(
      await postStaffMessage({ accountId: a.accountId }, conversationId, staff.id, say("intrusion")),
    ).toBeNull();
    await markReadByStaff({ accountId: a.accountId }, conversationId);
    expect((await listConversations({ accountId: b.accountId }))[0].unread).toBe(1);
    expect((await listContactMessages(cid)).map((m) => m.body)).toEqual(["for Beta"]);
  });

  test("staff reading or answering clears the unread count; the contact reading clears its own", async () => {
    const { a, ann, staff } = await twoCompaniesWithContacts();
    await postContactMessage(ann, say("first"));
    const conversationId = await ensureConversation(ann);
    await markReadByStaff({ accountId: a.accountId }, conversationId);
    expect((await listConversations({ accountId: a.accountId }))[0].unread).toBe(0);

    await postContactMessage(ann, say("second"));
    const answer = await postStaffMessage(
      { accountId: a.accountId },
      conversationId,
      staff.id,
      say("answer"),
    );
    expect(answer?.message).toMatchObject({ author: "staff", body: "answer" });
    expect((await listConversations({ accountId: a.accountId }))[0]).toMatchObject({
      unread: 0,
      lastAuthor: "staff",
    });

    const unreadByContact = async () =>
      (await getDb().select().from(chatMessages).where(eq(chatMessages.authorKind, "staff"))).filter(
        (m) => m.readAt === null,
      ).length;
    expect(await unreadByContact()).toBe(1);
    await markReadByContact(ann);
    expect(await unreadByContact()).toBe(0);
  });

  test("a repeated post (same key) is stored once; messages are stored once for both sides", async () => {
    const { a, ann, staff } = await twoCompaniesWithContacts();
    const first = await postContactMessage(ann, say("only once", "key-12345678"));
    const again = await postContactMessage(ann, say("only once", "key-12345678"));
    const conversationId = await ensureConversation(ann);
    const staffFirst = await postStaffMessage(
      { accountId: a.accountId },
      conversationId,
      staff.id,
      say("ok", "key-12345678"),
    );
    const staffAgain = await postStaffMessage(
      { accountId: a.accountId },
      conversationId,
      staff.id,
      say("ok", "key-12345678"),
    );

    expect(again).toEqual({ message: first.message, replay: true });
    expect(staffAgain?.replay).toBe(true);
    expect(staffAgain?.message.id).toBe(staffFirst?.message.id);
    expect(await getDb().select().from(chatMessages)).toHaveLength(2);
    const thread = await getConversationThread({ accountId: a.accountId }, conversationId);
    expect(thread?.messages.map((m) => [m.author, m.body])).toEqual([
      ["contact", "only once"],
      ["staff", "ok"],
    ]);
    expect(thread?.messages[1].authorName).toBe(`${staff.givenName} ${staff.familyName}`);
  });

  test("message bodies are 1 to 2000 characters", () => {
    expect(cleanMessageBody("  hi \r\n there ")).toBe("hi \n there");
    expect(cleanMessageBody("   ")).toBeNull();
    expect(cleanMessageBody("x".repeat(2001))).toBeNull();
    expect(cleanMessageBody(42)).toBeNull();
  });
});

describeEachDatabase("web chat New Message email", (getDb) => {
  async function answeredConversation() {
    const company = await createChatCompany();
    const contact = await createChatContact(company.accountId);
    const chatContact = { accountId: company.accountId, contactId: contact.contactId };
    await postContactMessage(chatContact, say("question"));
    const conversationId = await ensureConversation(chatContact);
    const newMessageMails = async () =>
      (await mailsTo(contact.email)).filter((m) => m.subject === `New message from ${company.company}`);
    return { company, contact, chatContact, conversationId, newMessageMails };
  }

  test("an away contact gets one email per 15 minutes per conversation", async () => {
    const { company, conversationId, newMessageMails } = await answeredConversation();

    expect(await notifyContactOfAnswer(company.accountId, conversationId)).toBe("sent");
    expect(await notifyContactOfAnswer(company.accountId, conversationId)).toBe("throttled");
    expect(await newMessageMails()).toHaveLength(1);

    await getDb()
      .update(chatConversations)
      .set({
        lastNewMessageEmailAt: sql`now() - make_interval(secs => ${NEW_MESSAGE_EMAIL_INTERVAL_MS / 1000 + 1})`,
      });
    expect(await notifyContactOfAnswer(company.accountId, conversationId)).toBe("sent");
    const mails = await newMessageMails();
    expect(mails).toHaveLength(2);
    expect(mails[0].text).toContain(`/c/${company.subdomain}/unsubscribe?c=${conversationId}&t=`);
    expect(mails[0].text).toContain(`/c/${company.subdomain}/`);
  });

  test("two answers at once send one email", async () => {
    const { company, conversationId, newMessageMails } = await answeredConversation();

    const outcomes = await Promise.all([
      notifyContactOfAnswer(company.accountId, conversationId),
      notifyContactOfAnswer(company.accountId, conversationId),
    ]);
    expect(outcomes.sort()).toEqual(["sent", "throttled"]);
    expect(await newMessageMails()).toHaveLength(1);
  });

  test("no email while the contact's chat window is open", async () => {
    const { company, chatContact, conversationId, newMessageMails } = await answeredConversation();
    await createChatSession(chatContact);
    const [session] = await getDb().select().from(chatSessions);
    await touchChatSession(session.id);

    expect(await notifyContactOfAnswer(company.accountId, conversationId)).toBe("present");
    expect(await newMessageMails()).toEqual([]);
  });

  test("the unsubscribe link stops the emails; a forged or another conversation's token does not", async () => {
    const { company, conversationId, newMessageMails } = await answeredConversation();
    const other = await answeredConversation();
    const token = unsubscribeToken(conversationId);

    expect(isUnsubscribeToken(conversationId, token)).toBe(true);
    expect(isUnsubscribeToken(other.conversationId, token)).toBe(false);
    expect(isUnsubscribeToken(conversationId, `${token.slice(0, -1)}A`)).toBe(token.endsWith("A"));
    // Another company cannot unsubscribe this conversation, whatever it holds.
    expect(await unsubscribeConversation(other.company.accountId, conversationId)).toBe(false);
    expect(await unsubscribeConversation(company.accountId, conversationId)).toBe(true);
    expect(await unsubscribeConversation(company.accountId, conversationId)).toBe(true);

    expect(await notifyContactOfAnswer(company.accountId, conversationId)).toBe("unsubscribed");
    expect(await newMessageMails()).toEqual([]);
    expect(await notifyContactOfAnswer(other.company.accountId, other.conversationId)).toBe("sent");
  });
});

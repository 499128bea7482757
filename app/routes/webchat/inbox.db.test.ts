import { expect, test } from "vitest";
import { chatConversations, chatMessages } from "#db/schema";
import { ensureConversation, postContactMessage } from "~/domain/webchat/chat/conversations.server";
import { createUser, signedInRequest } from "../../../tests/support/factories";
import { createMember } from "../../../tests/support/team-factories";
import { describeEachDatabase } from "../../../tests/support/test-database";
import { roAdminViewCookie } from "../../../tests/support/view-as";
import { createChatCompany, createChatContact } from "../../../tests/support/webchat-factories";
import { action as adminAction, loader as adminLoader } from "./chat-interface";
import { action as inboxAction, loader as inboxLoader } from "./inbox";

// The staff side of the web chat (issue 17): the company inbox for beta members, read-only for an
// RO Admin view (refused on the server), another company's conversation never reachable, and
// /chat-interface for platform admins only.

const BASE = "http://localhost:3000";

async function call(fn: (args: never) => unknown, request: Request) {
  try {
    return await fn({ request, params: {}, context: {} } as never);
  } catch (thrown) {
    return thrown;
  }
}

function statusOf(answer: unknown): number {
  if (answer instanceof Response) return answer.status;
  const init = (answer as { init?: { status?: number } | null }).init;
  return init?.status ?? 200;
}

const reply = (conversationId: string, body = "We are on it") =>
  ({
    method: "POST",
    body: new URLSearchParams({ conversationId, body, clientKey: `key${Date.now()}abc` }),
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
  }) satisfies RequestInit;

describeEachDatabase("web chat inbox", (getDb) => {
  async function companyWithConversation() {
    const company = await createChatCompany();
    const contact = await createChatContact(company.accountId);
    const chatContact = { accountId: company.accountId, contactId: contact.contactId };
    await postContactMessage(chatContact, { body: "Need help", clientKey: null });
    const conversationId = await ensureConversation(chatContact);
    const beta = await createMember(company.accountId, { roles: ["beta"] });
    return { company, conversationId, beta };
  }

  test("a beta member reads the company's conversations and answers", async () => {
    const { company, conversationId, beta } = await companyWithConversation();

    const loaded = (await call(
      inboxLoader,
      await signedInRequest(beta.id, `${BASE}/webchat/inbox?c=${conversationId}`),
    )) as {
      inbox: { conversations: unknown[]; thread: { messages: { body: string }[] } };
      canReply: boolean;
    };
    expect(loaded.canReply).toBe(true);
    expect(loaded.inbox.conversations).toHaveLength(1);
    expect(loaded.inbox.thread.messages.map((m) => m.body)).toEqual(["Need help"]);
    // A member who may answer reads the thread by opening it.
    expect((await getDb().select().from(chatMessages))[0]?.readAt).toBeInstanceOf(Date);

    const answered = await call(
      inboxAction,
      await signedInRequest(beta.id, `${BASE}/webchat/inbox`, reply(conversationId)),
    );
    expect(statusOf(answered)).toBe(200);
    const stored = await getDb().select().from(chatMessages);
    expect(stored.map((m) => [m.authorKind, m.body, m.accountId])).toContainEqual([
      "staff",
      "We are on it",
      company.accountId,
    ]);
  });

  test("an RO Admin view reads and cannot reply (refused on the server)", async () => {
    const { company, conversationId } = await companyWithConversation();
    const cookie = await roAdminViewCookie(company.accountId);
    const asRoAdmin = (init: RequestInit = {}) =>
      new Request(`${BASE}/webchat/inbox?c=${conversationId}`, {
        ...init,
        headers: { ...(init.headers as Record<string, string>), Cookie: cookie },
      });

    const chatRows = async () => ({
      messages: await getDb().select().from(chatMessages),
      conversations: await getDb().select().from(chatConversations),
    });
    const before = await chatRows();
    const loaded = (await call(inboxLoader, asRoAdmin())) as {
      canReply: boolean;
      inbox: { thread: unknown };
    };
    expect(loaded.canReply).toBe(false);
    expect(loaded.inbox.thread).not.toBeNull();
    // Issue 32 item 13: the read-only look writes nothing; the contact's message stays unread for staff.
    expect(before.messages.map((m) => [m.authorKind, m.readAt])).toEqual([["contact", null]]);
    expect(await chatRows()).toEqual(before);
    expect(statusOf(await call(inboxAction, asRoAdmin(reply(conversationId))))).toBe(403);
    expect((await getDb().select().from(chatMessages)).filter((m) => m.authorKind === "staff")).toEqual([]);
  });

  test("a member without the beta group, or another company's member, reaches nothing", async () => {
    const { company, conversationId } = await companyWithConversation();
    const plain = await createMember(company.accountId);
    const elsewhere = await createChatCompany("Elsewhere");
    const otherBeta = await createMember(elsewhere.accountId, { roles: ["beta"] });

    expect(statusOf(await call(inboxLoader, await signedInRequest(plain.id, `${BASE}/webchat/inbox`)))).toBe(
      302,
    );
    expect(
      statusOf(
        await call(
          inboxAction,
          await signedInRequest(plain.id, `${BASE}/webchat/inbox`, reply(conversationId)),
        ),
      ),
    ).toBe(403);
    const theirs = (await call(
      inboxLoader,
      await signedInRequest(otherBeta.id, `${BASE}/webchat/inbox?c=${conversationId}`),
    )) as { inbox: { conversations: unknown[]; thread: unknown; notFound: boolean } };
    expect(theirs.inbox).toMatchObject({ conversations: [], thread: null, notFound: true });
    expect(
      statusOf(
        await call(
          inboxAction,
          await signedInRequest(otherBeta.id, `${BASE}/webchat/inbox`, reply(conversationId)),
        ),
      ),
    ).toBe(404);
    expect((await getDb().select().from(chatMessages)).filter((m) => m.authorKind === "staff")).toEqual([]);
  });

  test("/chat-interface: platform admins see every company's conversations and answer; others are refused", async () => {
    const { conversationId } = await companyWithConversation();
    const other = await companyWithConversation();
    const admin = await createUser({ roles: ["admin"] });
    const roadmin = await createUser({ roles: ["roadmin"] });
    const beta = await createUser({ roles: ["beta"] });

    const loaded = (await call(adminLoader, await signedInRequest(admin.id, `${BASE}/chat-interface`))) as {
      inbox: { conversations: { id: string }[] };
      canReply: boolean;
    };
    expect(loaded.canReply).toBe(true);
    expect(loaded.inbox.conversations.map((c) => c.id).sort()).toEqual(
      [conversationId, other.conversationId].sort(),
    );
    expect(
      statusOf(
        await call(
          adminAction,
          await signedInRequest(admin.id, `${BASE}/chat-interface`, reply(conversationId)),
        ),
      ),
    ).toBe(200);

    for (const user of [roadmin, beta]) {
      expect(
        statusOf(await call(adminLoader, await signedInRequest(user.id, `${BASE}/chat-interface`))),
      ).toBe(302);
      expect(
        statusOf(
          await call(
            adminAction,
            await signedInRequest(user.id, `${BASE}/chat-interface`, reply(conversationId)),
          ),
        ),
      ).toBe(403);
    }
  });
});

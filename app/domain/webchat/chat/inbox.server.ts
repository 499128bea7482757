import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "react-router";
import { isUuid } from "~/domain/kernel/ids";
import { notifyContactOfAnswer } from "./chat-emails.server";
import { chatAppUrl } from "./chat-urls.server";
import {
  type ConversationSummary,
  type ConversationThread,
  getConversationThread,
  type InboxScope,
  listConversations,
  markReadByStaff,
  postStaffMessage,
} from "./conversations.server";
import { type Reply, replySchema } from "./reply-schema";

/**
 * What the staff screens (/webchat/inbox for a company, /chat-interface for platform admins) load
 * and do: the conversation list with its search, the open thread (read on opening, by staff who may write), and a reply.
 */

export type InboxData = {
  conversations: ConversationSummary[];
  thread: ConversationThread | null;
  /** ?c= named a conversation this scope may not see (or none). */
  notFound: boolean;
  search: string;
};

/**
 * @param viewer.canWrite whether the viewer may change the company's data: opening a thread marks its
 *   messages read only then. A read-only admin's GET writes nothing (their look is not the company's read).
 */
export async function loadInbox(
  scope: InboxScope,
  url: URL,
  viewer: { canWrite: boolean },
): Promise<InboxData> {
  const search = (url.searchParams.get("q") ?? "").slice(0, 100);
  const selected = url.searchParams.get("c");
  let thread: ConversationThread | null = null;
  let notFound = false;
  if (selected) {
    thread = isUuid(selected) ? await getConversationThread(scope, selected) : null;
    notFound = !thread;
    if (thread && viewer.canWrite) await markReadByStaff(scope, thread.conversation.id);
  }
  const conversations = await listConversations(scope, { search });
  return { conversations, thread, notFound, search };
}

/**
 * Stores the answer (it reaches the contact's open window through the events module) and, when the
 * contact is away, sends the New Message email. Null when the conversation is not the scope's.
 */
export async function replyInConversation(scope: InboxScope, userId: string, reply: Reply) {
  const posted = await postStaffMessage(scope, reply.conversationId, userId, {
    body: reply.body.replace(/\r\n?/g, "\n"),
    clientKey: reply.clientKey ?? null,
  });
  if (!posted) return null;
  let emailed = false;
  if (!posted.replay) {
    try {
      emailed = (await notifyContactOfAnswer(posted.accountId, reply.conversationId)) === "sent";
    } catch (error) {
      // The answer is stored and shown live; only the email failed.
      console.error("web chat: the New Message email failed", error);
    }
  }
  return { message: posted.message, emailed };
}

/** Where the company's contacts chat (null without a ChatStream subdomain). */
export function companyChatUrl(subdomain: string | null): string | null {
  return subdomain ? `${chatAppUrl(subdomain.toLowerCase())}/` : null;
}

/** The reply form's post, for either staff screen: the form's result, a toast, and whether it went. */
export async function answerReplyForm(scope: InboxScope, userId: string, formData: FormData) {
  const submission = parseWithZod(formData, { schema: replySchema });
  if (submission.status !== "success")
    return data({ result: submission.reply(), toast: null, sent: false }, 400);
  const replied = await replyInConversation(scope, userId, submission.value);
  if (!replied)
    return data(
      { result: submission.reply({ formErrors: ["chatApp.inbox.notFound"] }), toast: null, sent: false },
      404,
    );
  return data({
    result: submission.reply({ resetForm: true }),
    toast: { message: replied.emailed ? "chatApp.inbox.emailed" : "chatApp.inbox.replySent" },
    sent: true,
  });
}

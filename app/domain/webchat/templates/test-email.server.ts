import type { Db } from "#db/client.server";
import type { MemberContext } from "~/domain/access/guard.server";
import { hitRateLimit } from "~/domain/auth/rate-limit.server";
import { listAttributes } from "~/domain/contacts/attributes.server";
import { chatAppUrl } from "~/domain/webchat/chat/chat-urls.server";
import { sendMail } from "~/services/mail/mail.server";
import { renderTemplate } from "./template-render";
import { templateCopySchema } from "./templates.server";

/** A test email is for looking at a template, not for mailing: a few an hour per user. */
export const TEST_EMAILS_PER_USER = { limit: 20, windowMs: 60 * 60_000 };

/**
 * Send test email (spec 3 section 7): the copy in the editor (applied or not), filled with the
 * signed-in user's name and sample values, to the signed-in user's own address only.
 */
export async function sendTestEmail(
  db: Db,
  member: MemberContext,
  input: unknown,
): Promise<"sent" | "invalid" | "limited"> {
  const parsed = templateCopySchema.safeParse(input);
  if (!parsed.success) return "invalid";
  const { limited } = await hitRateLimit(`webchat-test-email:${member.user.id}`, TEST_EMAILS_PER_USER);
  if (limited) return "limited";
  const chat = chatAppUrl(member.account.chatstreamSubdomain ?? "");
  const attributes = await listAttributes(member, "contact");
  const email = renderTemplate(parsed.data, {
    firstName: member.user.givenName,
    lastName: member.user.familyName,
    magicLink: chat,
    magicCode: "123456",
    unsubscribeLink: chat,
    attributes: Object.fromEntries(attributes.map((a) => [a.title, `[${a.title}]`])),
  });
  await sendMail(
    { to: member.user.email, subject: `[Test] ${email.subject}`, html: email.html, text: email.text },
    { db },
  );
  return "sent";
}

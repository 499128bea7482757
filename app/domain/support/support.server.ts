import { getDb } from "#db/client.server";
import { supportMessages } from "#db/schema";
import type { MemberContext } from "~/domain/access/guard.server";
import { sendSupportEmail } from "~/domain/team/emails.server";

/** Kept in the database first, so a mail failure loses nothing, then emailed to SUPPORT_EMAIL. */
export async function submitSupportMessage(
  context: MemberContext,
  input: { phone: string; message: string },
) {
  const { user } = context;
  await getDb().insert(supportMessages).values({
    accountId: context.account.id,
    userId: user.id,
    givenName: user.givenName,
    familyName: user.familyName,
    email: user.email,
    phone: input.phone,
    message: input.message,
  });
  await sendSupportEmail({
    name: `${user.givenName} ${user.familyName}`,
    email: user.email,
    phone: input.phone,
    company: context.account.company,
    message: input.message,
  });
}

import { getDb } from "#db/client.server";
import { contacts } from "#db/schema";
import { createAccount } from "./factories";

let counter = 0;

/** A company with a ChatStream subdomain, for the web chat's tests. */
export async function createChatCompany(name = "Chat Co") {
  counter += 1;
  const subdomain = `chat${Date.now().toString(36)}${counter}`;
  const account = await createAccount({ company: `${name} ${counter}`, chatstreamSubdomain: subdomain });
  return { accountId: account.id, subdomain, company: account.company };
}

/** A contact of the company, with an email address (lowercased, as contacts store it). */
export async function createChatContact(
  accountId: string,
  options: { email?: string; firstName?: string; isActive?: boolean } = {},
) {
  counter += 1;
  const [contact] = await getDb()
    .insert(contacts)
    .values({
      accountId,
      firstName: options.firstName ?? `Rosa${counter}`,
      lastName: "Diaz",
      email: (options.email ?? `contact${counter}-${Date.now()}@example.com`).toLowerCase(),
      isActive: options.isActive ?? true,
    })
    .returning();
  return { contactId: contact.id, email: contact.email as string, firstName: contact.firstName };
}

/** The sign-in link's token and the 6-digit code of the newest email's text. */
export function signInValuesIn(text: string): { token: string; code: string } {
  const token = /magic\?token=([A-Za-z0-9_-]{43})/.exec(text)?.[1];
  const code = /code:\s*(\d{6})/i.exec(text)?.[1];
  if (!token || !code) throw new Error(`no sign-in link and code in: ${text}`);
  return { token, code };
}

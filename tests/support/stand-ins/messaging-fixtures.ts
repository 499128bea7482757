import { getDb } from "#db/client.server";
import { contacts, journeys, messages, products, touchpoints } from "#db/schema";
import {
  SIGNATURE_SETTINGS_HEADER,
  type TwilioSigningAlgorithm,
  twilioSignature,
} from "~/services/messaging/twilio.server";
import { createAccount } from "../factories";

/** Rows the messaging tests need: a company's contact, a product journey with a touchpoint, a message. */

let counter = 0;

export async function createContact(accountId: string, values: Partial<typeof contacts.$inferInsert> = {}) {
  counter++;
  const [contact] = await getDb()
    .insert(contacts)
    .values({ accountId, firstName: `First${counter}`, lastName: `Last${counter}`, ...values })
    .returning();
  return contact;
}

export async function createTouchpoint(
  accountId: string,
  values: Partial<typeof touchpoints.$inferInsert> = {},
) {
  counter++;
  const [product] = await getDb()
    .insert(products)
    .values({ accountId, name: `Product ${counter}` })
    .returning();
  const [journey] = await getDb()
    .insert(journeys)
    .values({ accountId, productId: product.id, name: `Journey ${counter}` })
    .returning();
  const [touchpoint] = await getDb()
    .insert(touchpoints)
    .values({
      accountId,
      journeyId: journey.id,
      ordinal: 1,
      name: "Welcome",
      message: "Hi {{first_name}} {{LINK}}",
      ...values,
    })
    .returning();
  return { product, journey, touchpoint };
}

export async function createMessage(values: typeof messages.$inferInsert) {
  const [message] = await getDb().insert(messages).values(values).returning();
  return message;
}

/** A company with a contact at `phone`. */
export async function companyWithContact(phone: string, company?: string) {
  const account = await createAccount(company ? { company, companyLowercased: company.toLowerCase() } : {});
  const contact = await createContact(account.id, { phone });
  return { account, contact };
}

/**
 * A POST as Twilio sends it: a form body, signed with the auth token over APP_URL + path; or, with
 * `sharedKey`, signed as a Webhooks Rule signs it: with the SharedKey's secret and algorithm, named in
 * the X-Twilio-Webhooks-Signature-Settings header.
 */
export function twilioRequest(
  path: string,
  params: Record<string, string>,
  options: {
    authToken: string;
    appUrl: string;
    signature?: string | null;
    sharedKey?: { id: string; secret: string; algorithm: TwilioSigningAlgorithm };
  },
): Request {
  const url = `${options.appUrl.replace(/\/$/, "")}${path}`;
  const headers: Record<string, string> = { "Content-Type": "application/x-www-form-urlencoded" };
  const key = options.sharedKey;
  if (key) headers[SIGNATURE_SETTINGS_HEADER] = `key=${key.id},algorithm=${key.algorithm}`;
  const signature =
    options.signature === undefined
      ? key
        ? twilioSignature(key.secret, url, Object.entries(params), key.algorithm)
        : twilioSignature(options.authToken, url, Object.entries(params))
      : options.signature;
  if (signature !== null) headers["X-Twilio-Signature"] = signature;
  // The request reaches the app under its internal address, as behind a proxy: the signature is of the public one.
  return new Request(`http://127.0.0.1:3000${path}`, {
    method: "POST",
    headers,
    body: new URLSearchParams(params),
  });
}

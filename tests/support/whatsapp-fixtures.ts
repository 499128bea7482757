import { randomBytes } from "node:crypto";
import { RouterContextProvider } from "react-router";
import { clientIpContext } from "~/context.server";
import { action, loader } from "~/routes/webhooks/whatsapp";
import type { MetaNumber, MetaStandIn } from "./stand-ins/meta";

/**
 * A company's own WhatsApp number in the Meta stand-in (the credentials it types into 'Verify &
 * Continue'), and Meta's webhook called through its route: the subscription check (GET) and signed
 * deliveries (POST) in the Cloud API's shape.
 */

let n = 0;
const unique = () => `${Date.now() % 100_000}${++n}${randomBytes(2).readUInt16BE()}`;

export type WhatsAppCredentials = {
  phoneNumber: string;
  phoneNumberId: string;
  whatsappBusinessAccountId: string;
  authToken: string;
  appSecret: string;
};

/** A business number the stand-in knows, in a new WhatsApp Business Account unless one is named. */
export function newMetaNumber(
  meta: MetaStandIn,
  options: { businessAccountId?: string; templates?: MetaNumber["templates"] } = {},
): WhatsAppCredentials {
  const creds = {
    phoneNumber: "15550100123",
    phoneNumberId: `10654${unique()}`,
    whatsappBusinessAccountId: options.businessAccountId ?? `20987${unique()}`,
    authToken: `EAAG-token-${randomBytes(12).toString("base64url")}`,
    appSecret: `app-secret-${randomBytes(12).toString("hex")}`,
  };
  meta.addNumber({
    phoneNumberId: creds.phoneNumberId,
    accessToken: creds.authToken,
    businessAccountId: creds.whatsappBusinessAccountId,
    displayPhoneNumber: "15550100",
    templates: options.templates,
  });
  return creds;
}

const context = () => {
  const c = new RouterContextProvider();
  c.set(clientIpContext, "203.0.113.9");
  return c;
};
const WEBHOOK = "https://app.blusteam.test/gandalfproxy/api/whatsapp/webhook";

export const webhookGet = async (params: Record<string, string>) =>
  (await loader({
    request: new Request(`${WEBHOOK}?${new URLSearchParams(params)}`),
    params: {},
    context: context(),
  } as never)) as Response;

export const webhookPost = async (body: string, signature?: string | null) =>
  (await action({
    request: new Request(WEBHOOK, {
      method: "POST",
      body,
      headers: {
        "Content-Type": "application/json",
        ...(signature ? { "X-Hub-Signature-256": signature } : {}),
      },
    }),
    params: {},
    context: context(),
  } as never)) as Response;

let wamid = 0;
export const nextWamid = () => `wamid.TEST${Date.now()}${++wamid}`;

/** One webhook delivery of the `messages` field for a number of a WhatsApp Business Account. */
export function whatsappDelivery(
  creds: { phoneNumberId: string; whatsappBusinessAccountId: string },
  value: { messages?: unknown[]; statuses?: unknown[] },
) {
  return JSON.stringify({
    object: "whatsapp_business_account",
    entry: [
      {
        id: creds.whatsappBusinessAccountId,
        changes: [
          {
            field: "messages",
            value: {
              messaging_product: "whatsapp",
              metadata: { display_phone_number: "15550100", phone_number_id: creds.phoneNumberId },
              ...value,
            },
          },
        ],
      },
    ],
  });
}

export const whatsappText = (from: string, body: string, id = nextWamid()) => ({
  from: from.replace("+", ""),
  id,
  timestamp: String(Math.floor(Date.now() / 1000)),
  type: "text",
  text: { body },
});

import { eq, inArray, sql } from "drizzle-orm";
import { getDb } from "#db/client.server";
import { whatsappConfigs, whatsappInboundWindows, whatsappWebhookEntries } from "#db/schema";
import type { Queryable } from "~/domain/kernel/scope";
import { applyDeliveryStatus } from "~/domain/messaging/delivery-status.server";
import { receiveInboundSms } from "~/domain/messaging/inbound.server";
import { openSecret } from "~/services/crypto/data-encryption.server";
import { sendWhatsAppText } from "~/services/messaging/meta.server";
import { metaSignatureValid } from "~/services/messaging/meta-business.server";
import { APP_SECRET_PURPOSE, companyMetaSettings } from "./config.server";

/**
 * Meta's WhatsApp webhook (GET and POST /gandalfproxy/api/whatsapp/webhook).
 * - GET, the subscription check: hub.mode=subscribe with a company's verify token answers
 *   hub.challenge and marks that company's webhook verified (its card turns 'Active').
 * - POST, the deliveries: each change goes to the one company holding its metadata.phone_number_id,
 *   and the body must carry that company's app secret's X-Hub-Signature-256. Messages and
 *   statuses then take the SMS path (app/domain/messaging): STOP-style words opt the number out,
 *   statuses move a message forward only. Each entry is acted on once (Meta redelivers until it gets
 *   a 200): a message by its id, a status by its id and status.
 */

export async function verifySubscription(
  params: URLSearchParams,
  db: Queryable = getDb(),
): Promise<{ ok: true; challenge: string } | { ok: false }> {
  const token = params.get("hub.verify_token") ?? "";
  if (params.get("hub.mode") !== "subscribe" || !token) return { ok: false };
  const updated = await db
    .update(whatsappConfigs)
    .set({
      webhookVerified: true,
      webhookVerifiedAt: sql`coalesce(${whatsappConfigs.webhookVerifiedAt}, now())`,
      updatedAt: new Date(),
    })
    .where(eq(whatsappConfigs.verifyToken, token))
    .returning({ accountId: whatsappConfigs.accountId });
  if (updated.length === 0) return { ok: false };
  return { ok: true, challenge: params.get("hub.challenge") ?? "" };
}

type WaMessage = {
  from?: string;
  id?: string;
  timestamp?: string;
  type?: string;
  text?: { body?: string };
  button?: { text?: string };
  interactive?: { button_reply?: { title?: string }; list_reply?: { title?: string } };
};
type WaStatus = {
  id?: string;
  status?: string;
  timestamp?: string;
  errors?: Array<{ code?: number; title?: string; message?: string }>;
};
type WaChange = {
  field?: string;
  value?: {
    metadata?: { phone_number_id?: string; display_phone_number?: string };
    messages?: WaMessage[];
    statuses?: WaStatus[];
  };
};
type WaPayload = { object?: string; entry?: Array<{ id?: string; changes?: WaChange[] }> };

export type WebhookAnswer =
  | { status: 200; handled: { messages: number; statuses: number; replays: number } }
  | { status: 401; reason: string };

/**
 * One answer for every delivery that cannot be taken as a company's: unreadable, naming no number a
 * company holds, or not signed with the secret of each company it names. Telling these apart would let
 * anyone ask which phone number ids are connected here.
 */
const REFUSED = { status: 401, reason: "invalid signature" } as const;

/** The phone number id a change of the `messages` field is for (the only field acted on). */
function phoneNumberIdOf(change: WaChange | undefined): string | null {
  if (change?.field !== undefined && change.field !== "messages") return null;
  const id = change?.value?.metadata?.phone_number_id;
  return typeof id === "string" && id ? id : null;
}

export async function receiveWebhook(
  rawBody: string,
  signature: string | null,
  db: Queryable = getDb(),
): Promise<WebhookAnswer> {
  let payload: WaPayload;
  try {
    payload = JSON.parse(rawBody);
  } catch {
    return REFUSED;
  }
  if (!payload || typeof payload !== "object" || !Array.isArray(payload.entry)) return REFUSED;
  const changes = payload.entry.flatMap((entry) => (Array.isArray(entry?.changes) ? entry.changes : []));
  const phoneIds = new Set(changes.map(phoneNumberIdOf).filter((id) => id !== null));
  // Other fields (template or account updates) carry nothing acted on: acknowledged, so Meta does not
  // retry them for days, and nothing is looked up for them.
  if (phoneIds.size === 0) return { status: 200, handled: { messages: 0, statuses: 0, replays: 0 } };
  // Routed by the number only: the WhatsApp Business Account id (entry.id) selects nobody, so a
  // company claiming another's account id cannot be asked to sign that account's deliveries.
  const configs = await db
    .select({
      accountId: whatsappConfigs.accountId,
      phoneNumberId: whatsappConfigs.phoneNumberId,
      appSecretSealed: whatsappConfigs.appSecretSealed,
    })
    .from(whatsappConfigs)
    .where(inArray(whatsappConfigs.phoneNumberId, [...phoneIds]));
  // A number nobody holds is refused, not acknowledged: without a company's secret the delivery cannot
  // be told from a forgery, and Meta retries a refused delivery for days, so a STOP sent while its
  // company is (re)connecting the number is applied once it is back rather than lost.
  if (configs.length === 0) return REFUSED;
  // Each number is one company's (unique), so a delivery from Meta names one company, or several
  // sharing one Meta app and so one secret; the body must carry the signature of each one named.
  const signedByAll = configs.every((c) => {
    try {
      return metaSignatureValid(rawBody, signature, openSecret(c.appSecretSealed, APP_SECRET_PURPOSE));
    } catch {
      return false;
    }
  });
  if (!signedByAll) return REFUSED;

  const handled = { messages: 0, statuses: 0, replays: 0 };
  for (const change of changes) {
    const company = configs.find((c) => c.phoneNumberId === phoneNumberIdOf(change));
    const value = change?.value;
    if (!company || !value) continue;
    for (const message of value.messages ?? []) {
      const first = await receiveMessage(
        db,
        company.accountId,
        value.metadata?.display_phone_number,
        message,
      );
      if (first === null) continue;
      if (first) handled.messages++;
      else handled.replays++;
    }
    for (const status of value.statuses ?? []) {
      const first = await receiveStatus(db, company.accountId, status);
      if (first === null) continue;
      if (first) handled.statuses++;
      else handled.replays++;
    }
  }
  return { status: 200, handled };
}

/**
 * An entry already handled. The key is written only after the entry was acted on, so a failure in
 * between leaves it for Meta's redelivery; two deliveries racing both reach handlers that are safe
 * to repeat (inbound messages are stored once by their id, statuses only move forward).
 */
async function handledBefore(db: Queryable, key: string): Promise<boolean> {
  const [row] = await db
    .select({ key: whatsappWebhookEntries.key })
    .from(whatsappWebhookEntries)
    .where(eq(whatsappWebhookEntries.key, key));
  return row !== undefined;
}

async function markHandled(db: Queryable, key: string, accountId: string) {
  await db.insert(whatsappWebhookEntries).values({ key, accountId }).onConflictDoNothing();
}

const e164 = (waId: string) => (waId.startsWith("+") ? waId : `+${waId}`);

function textOf(m: WaMessage): string {
  return (
    m.text?.body ??
    m.button?.text ??
    m.interactive?.button_reply?.title ??
    m.interactive?.list_reply?.title ??
    ""
  );
}

function timeOf(timestamp: string | undefined): Date {
  const seconds = Number(timestamp);
  const now = Date.now();
  // Meta's timestamp is when the contact wrote; never later than now.
  return Number.isFinite(seconds) && seconds > 0 ? new Date(Math.min(seconds * 1000, now)) : new Date(now);
}

async function receiveMessage(
  db: Queryable,
  accountId: string,
  to: string | undefined,
  message: WaMessage,
): Promise<boolean | null> {
  if (typeof message?.id !== "string" || typeof message.from !== "string" || !message.id || !message.from)
    return null;
  const key = `message:${message.id}`;
  if (await handledBefore(db, key)) return false;
  const from = e164(message.from);
  const at = timeOf(message.timestamp);
  // The 24-hour customer service window opens (or moves on) with every message the contact sends.
  await db
    .insert(whatsappInboundWindows)
    .values({ accountId, phone: from, lastInboundAt: at })
    .onConflictDoUpdate({
      target: [whatsappInboundWindows.accountId, whatsappInboundWindows.phone],
      set: {
        lastInboundAt: sql`greatest(${whatsappInboundWindows.lastInboundAt}, excluded.last_inbound_at)`,
      },
    });
  const outcome = await receiveInboundSms(
    {
      providerMessageId: message.id,
      from,
      to: to ? e164(to.replace(/\D/g, "")) : "",
      body: textOf(message),
      channel: "whatsapp",
    },
    db,
  );
  await markHandled(db, key, accountId);
  if (outcome.firstTime && outcome.reply) await replyInWindow(accountId, from, outcome.reply);
  return true;
}

/** The keyword's confirmation, free text inside the window the contact just opened; a failure is only logged. */
async function replyInWindow(accountId: string, to: string, text: string) {
  const settings = await companyMetaSettings(accountId);
  if (!settings) return;
  try {
    await sendWhatsAppText(settings, to, text);
  } catch (error) {
    console.warn(`whatsapp: the keyword reply to a contact of account ${accountId} failed`, error);
  }
}

async function receiveStatus(db: Queryable, accountId: string, status: WaStatus): Promise<boolean | null> {
  if (typeof status?.id !== "string" || typeof status.status !== "string" || !status.id) return null;
  const key = `status:${status.id}:${status.status}`;
  if (await handledBefore(db, key)) return false;
  const error = status.errors?.[0];
  const reason = error
    ? `WhatsApp error ${error.code ?? ""}: ${error.title ?? error.message ?? status.status}`.replace(
        "  ",
        " ",
      )
    : `WhatsApp: ${status.status}`;
  await applyDeliveryStatus({ providerMessageId: status.id, status: status.status, reason }, db);
  await markHandled(db, key, accountId);
  return true;
}

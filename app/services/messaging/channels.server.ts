import { type Db, getDb, type Tx } from "#db/client.server";
import type { MessageChannel } from "#db/schema";
import { outboxMessages } from "#db/schema";
import { type AppConfig, config } from "~/config.server";
import { sendMail } from "~/services/mail/mail.server";
import { PermanentDeliveryError, TransientDeliveryError, UnknownOutcomeError } from "./errors.server";
import { metaSettings, sendWhatsAppText } from "./meta.server";
import { sendTwilioSms, twilioSettings } from "./twilio.server";

export { PermanentDeliveryError, TransientDeliveryError, UnknownOutcomeError };

/** The database or a transaction of it (the outbox writes with the caller's transaction). */
type Queryable = Db | Tx;

/**
 * How a message leaves: one adapter per channel, chosen by configuration. SMS goes through Twilio
 * (TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN, TWILIO_FROM), WhatsApp through Meta's Cloud API
 * (WHATSAPP_PHONE_NUMBER_ID, WHATSAPP_ACCESS_TOKEN), email through SMTP (SMTP_URL); a channel whose
 * provider is not configured goes to the local outbox (/dev/outbox).
 *
 * The outbox adapter writes inside the caller's transaction (`transactional`), so marking a message
 * sent and delivering it commit together; the others call a provider over HTTP or SMTP, outside any
 * transaction, and throw TransientDeliveryError (nothing taken: retry later), PermanentDeliveryError
 * (nothing taken: give up) or UnknownOutcomeError (the provider may have it: never send it again).
 */

export type OutgoingMessage = {
  messageId: string;
  accountId: string;
  channel: MessageChannel;
  /** E.164 phone for SMS and WhatsApp, an address for email. */
  to: string;
  subject?: string | null;
  text: string;
};

export type DeliveryResult = { providerMessageId: string };

export type ChannelAdapter = {
  readonly name: "outbox" | "twilio" | "meta" | "smtp";
  readonly transactional: boolean;
  send(message: OutgoingMessage, tx?: Queryable): Promise<DeliveryResult>;
};

export function channelAdapter(channel: MessageChannel): ChannelAdapter {
  if (channel === "sms") {
    const twilio = twilioSettings();
    if (twilio) {
      return {
        name: "twilio",
        transactional: false,
        send: async (message) => ({
          providerMessageId: await sendTwilioSms(twilio, message.to, message.text, message.messageId),
        }),
      };
    }
  }
  if (channel === "whatsapp") {
    const meta = metaSettings();
    if (meta) {
      return {
        name: "meta",
        transactional: false,
        send: async (message) => ({
          providerMessageId: await sendWhatsAppText(meta, message.to, message.text),
        }),
      };
    }
  }
  if (channel === "email" && config().SMTP_URL) return smtpAdapter;
  return outboxAdapter;
}

/** The local outbox: a row in outbox_messages, written with the caller's transaction when given. */
const outboxAdapter: ChannelAdapter = {
  name: "outbox",
  transactional: true,
  async send(message, tx) {
    const { sender, html } = outboxRow(message, config());
    const [row] = await (tx ?? getDb())
      .insert(outboxMessages)
      .values({
        // Unique: the same message can never be delivered to the outbox twice.
        messageId: message.messageId,
        channel: message.channel,
        recipient: message.to,
        sender,
        subject: message.channel === "email" ? (message.subject ?? "") : null,
        text: message.text,
        html,
      })
      .returning({ id: outboxMessages.id });
    return { providerMessageId: `outbox:${row.id}` };
  },
};

/**
 * The sender and HTML of a message's outbox row: one rule for the adapter's single row and the
 * dispatcher's batch of rows (app/domain/journeys/outbox-batch.server.ts).
 */
export function outboxRow(
  m: OutgoingMessage,
  settings: Pick<AppConfig, "MAIL_FROM" | "TWILIO_FROM" | "PRODUCT_NAME">,
): { sender: string; html: string | null } {
  return {
    sender:
      m.channel === "email"
        ? settings.MAIL_FROM
        : m.channel === "sms"
          ? (settings.TWILIO_FROM ?? settings.PRODUCT_NAME)
          : settings.PRODUCT_NAME,
    html: m.channel === "email" ? textToHtml(m.text) : null,
  };
}

/** Email by SMTP (nodemailer, SMTP_URL). */
const smtpAdapter: ChannelAdapter = {
  name: "smtp",
  transactional: false,
  async send(message) {
    try {
      const info = (await sendMail({
        to: message.to,
        subject: message.subject ?? "",
        text: message.text,
        html: textToHtml(message.text),
      })) as { messageId?: string };
      return { providerMessageId: `smtp:${info.messageId ?? message.messageId}` };
    } catch (error) {
      throw smtpError(error);
    }
  },
};

/**
 * An SMTP server's answer is final: 5xx refused for good (no such mailbox...), 4xx refused for now;
 * either way it did not take the message. Without an answer, only a server never reached (DNS,
 * connection refused) certainly has nothing; a connection lost or timed out mid-conversation may have
 * delivered it.
 */
function smtpError(error: unknown): Error {
  const e = error as { responseCode?: number; code?: string; response?: string; message?: string };
  const reason = `SMTP: ${e.response ?? e.message ?? String(error)}`;
  if (typeof e.responseCode === "number") {
    return e.responseCode >= 500 ? new PermanentDeliveryError(reason) : new TransientDeliveryError(reason);
  }
  // EMAXRECIPIENTS: an address that holds a list (mail.server.ts sends to one recipient only).
  if (e.code === "EAUTH" || e.code === "EENVELOPE" || e.code === "EMAXRECIPIENTS")
    return new PermanentDeliveryError(reason);
  if (e.code === "EDNS" || /ECONNREFUSED|ENOTFOUND|EAI_AGAIN/.test(e.message ?? ""))
    return new TransientDeliveryError(reason);
  return new UnknownOutcomeError(reason);
}

const htmlEscapes: Record<string, string> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&#39;",
};
const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => htmlEscapes[c]);

/** The plain text as simple HTML: paragraphs, line breaks and clickable links. */
export function textToHtml(text: string): string {
  const paragraphs = text
    .split(/\n{2,}/)
    .map((p) =>
      escapeHtml(p)
        .replace(/https?:\/\/[^\s<]+/g, (url) => `<a href="${url}">${url}</a>`)
        .replace(/\n/g, "<br>"),
    )
    .map((p) => `<p>${p}</p>`)
    .join("\n");
  return `<!doctype html><html><body style="font-family:Arial,Helvetica,sans-serif;color:#202223">${paragraphs}</body></html>`;
}

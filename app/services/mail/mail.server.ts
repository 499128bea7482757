import nodemailer, { type Transporter } from "nodemailer";
import type { Db, Tx } from "#db/client.server";
import { config } from "~/config.server";
import { isOutboxEnabled, recordOutboxMessage } from "~/services/outbox/outbox.server";

/** A file sent with the email (e.g. a customer's data export). */
export type MailAttachment = { filename: string; content: string | Buffer; contentType: string };

export type MailMessage = {
  to: string;
  subject: string;
  text: string;
  html: string;
  replyTo?: string;
  attachments?: MailAttachment[];
};

/**
 * What a message may make nodemailer do, whatever its fields hold (addresses come from what people type).
 * Every email we send goes to one person, so an address field that holds a list is refused rather than
 * sent to each address in it; and no file is read nor URL fetched for a message's content, since our
 * attachments are bytes we hand over.
 */
const MESSAGE_LIMITS = { maxRecipients: 1, disableFileAccess: true, disableUrlAccess: true } as const;

let transporter: Transporter | undefined;
function transport(): Transporter {
  // SMTP_URL set: a real SMTP server. Unset: nodemailer builds the message and we keep it in the outbox.
  // nodemailer (10+) applies the keys next to `url` as it would options written in the URL.
  transporter ??= isOutboxEnabled()
    ? nodemailer.createTransport({ jsonTransport: true, ...MESSAGE_LIMITS })
    : nodemailer.createTransport({ url: config().SMTP_URL, ...MESSAGE_LIMITS });
  return transporter;
}

export function resetMailTransportForTests() {
  transporter = undefined;
}

/**
 * Sends one email. `db` is where its outbox copy is written (without SMTP_URL): the caller's open
 * transaction when the email belongs to it, so the copy and the caller's writes land together.
 */
export async function sendMail(message: MailMessage, options: { db?: Db | Tx } = {}) {
  const from = config().MAIL_FROM;
  const info = await transport().sendMail({ from, ...message });
  if (isOutboxEnabled()) {
    await recordOutboxMessage(
      {
        channel: "email",
        recipient: message.to,
        sender: from,
        subject: message.subject,
        text: message.text,
        html: message.html,
        attachments: message.attachments?.map((file) => ({
          filename: file.filename,
          contentType: file.contentType,
          contentBase64: Buffer.from(file.content).toString("base64"),
        })),
      },
      options.db,
    );
  }
  return info;
}

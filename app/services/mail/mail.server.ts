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

let transporter: Transporter | undefined;
function transport(): Transporter {
  // SMTP_URL set: a real SMTP server. Unset: nodemailer builds the message and we keep it in the outbox.
  transporter ??= isOutboxEnabled()
    ? nodemailer.createTransport({ jsonTransport: true })
    : nodemailer.createTransport(config().SMTP_URL);
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

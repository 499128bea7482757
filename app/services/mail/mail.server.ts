import nodemailer, { type Transporter } from "nodemailer";
import { config } from "~/config.server";
import { isOutboxEnabled, recordOutboxMessage } from "~/services/outbox/outbox.server";

export type MailMessage = { to: string; subject: string; text: string; html: string; replyTo?: string };

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

export async function sendMail(message: MailMessage) {
  const from = config().MAIL_FROM;
  const info = await transport().sendMail({ from, ...message });
  if (isOutboxEnabled()) {
    await recordOutboxMessage({
      channel: "email",
      recipient: message.to,
      sender: from,
      subject: message.subject,
      text: message.text,
      html: message.html,
    });
  }
  return info;
}

import type { MessageChannel } from "#db/schema";
import type { Queryable } from "~/domain/contacts/contacts.server";

/**
 * How a message leaves: one adapter per channel, chosen by configuration (owned by the channels
 * work; bodies being built this session). The outbox adapter writes inside the caller's transaction
 * (`transactional`), so marking a message sent and delivering it commit together; the others call a
 * provider over HTTP or SMTP, outside any transaction.
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

/** Worth retrying later (timeouts, 429, 5xx). */
export class TransientDeliveryError extends Error {
  name = "TransientDeliveryError";
}
/** Retrying will not help (invalid number, 4xx); the message is failed with this reason. */
export class PermanentDeliveryError extends Error {
  name = "PermanentDeliveryError";
}

export type ChannelAdapter = {
  readonly name: "outbox" | "twilio" | "meta" | "smtp";
  readonly transactional: boolean;
  send(message: OutgoingMessage, tx?: Queryable): Promise<DeliveryResult>;
};

export function channelAdapter(_channel: MessageChannel): ChannelAdapter {
  throw new Error("channelAdapter: not built yet");
}

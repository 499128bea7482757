import type { MessageChannel } from "#db/schema";
import { type ChannelAdapter, channelAdapter } from "~/services/messaging/channels.server";

/** Which adapter sends a channel (tests inject failing or counting ones). */
export type AdapterFor = (channel: MessageChannel) => ChannelAdapter;

/** The adapter of each channel, chosen once per dispatch or send job (configuration does not change mid-job). */
export function adapterCache(adapterFor: AdapterFor = channelAdapter): AdapterFor {
  const byChannel = new Map<MessageChannel, ChannelAdapter>();
  return (channel) => {
    let adapter = byChannel.get(channel);
    if (!adapter) {
      adapter = adapterFor(channel);
      byChannel.set(channel, adapter);
    }
    return adapter;
  };
}

/** The outbox delivers in the caller's transaction, a whole chunk in one statement. */
export const isOutbox = (adapter: ChannelAdapter) => adapter.transactional && adapter.name === "outbox";

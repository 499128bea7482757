/**
 * What one journey-send job did with its messages: filled in by send.server.ts (suppressed, deferred,
 * delivered through the outbox) and by provider-send.server.ts (provider calls). Its own module so the
 * two import it, and send.server.ts imports provider-send.server.ts, one way only.
 */
export type SendOutcome = {
  sent: string[];
  suppressed: { id: string; reason: string }[];
  deferred: { id: string; reason: string; until: Date }[];
  failed: { id: string; reason: string }[];
  retrying: { id: string; reason: string; until: Date }[];
  /** The provider may have taken them: left 'sending' for the sweeper (unknown_outcome), never resent. */
  unknown: { id: string; reason: string }[];
};

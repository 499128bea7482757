/**
 * How a provider call failed, as far as we can know. Only the first two say for sure that the
 * provider took nothing; the dispatcher retries or fails those, and never sends an unknown one again.
 */

/** Nothing was taken, and a later try may work (DNS failure, connection refused, 429, a 4xx saying so). */
export class TransientDeliveryError extends Error {
  name = "TransientDeliveryError";
  constructor(
    message: string,
    /** The provider's Retry-After, when it gave one. */
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
  }
}
/** Nothing was taken, and retrying will not help (invalid number, other 4xx); the message is failed. */
export class PermanentDeliveryError extends Error {
  name = "PermanentDeliveryError";
}
/**
 * The provider may have taken the message: no answer in time, the connection dropped after the
 * request went out, a 5xx, or a success without an id. Sending again could deliver it twice.
 */
export class UnknownOutcomeError extends Error {
  name = "UnknownOutcomeError";
}

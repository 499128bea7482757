/** Worth retrying later (timeouts, 429, 5xx). */
export class TransientDeliveryError extends Error {
  name = "TransientDeliveryError";
}
/** Retrying will not help (invalid number, 4xx); the message is failed with this reason. */
export class PermanentDeliveryError extends Error {
  name = "PermanentDeliveryError";
}

/**
 * Tri-Tech's contract actions (spec 3 section 3.10). Each company starts with these three actions,
 * each acting on the four transaction statuses; the handshake action exists too but is never listed
 * in Configure Events (it is how AIM says it is synced, not a contract event).
 */
export const DEFAULT_TRITECH_ACTIONS = ["NEW_CONTRACT", "EXCHANGED_CONTRACT", "RETURN_CONTRACT"] as const;

export const DEFAULT_TRANSACTION_STATUSES = [
  "C Budget Monthly Rental",
  "Best Value Monthly",
  "Auto Monthly Rental",
  "BME Premier Rental",
] as const;

/** AIM_{PRODUCT}_HANDSHAKE: the product's name upper-cased, spaces and punctuation as underscores. */
export function handshakeAction(productName: string): string {
  const product = productName
    .trim()
    .toUpperCase()
    .replace(/[^A-Z0-9]+/g, "_")
    .replace(/^_+|_+$/g, "");
  return `AIM_${product || "BLUSTEAM"}_HANDSHAKE`;
}

/** The secret key's length and alphabet (spec 3 section 9: 36 random characters). */
export const SECRET_KEY_LENGTH = 36;
export const SECRET_KEY_ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";

/** How the secret is sealed at rest (app/services/crypto/data-encryption.server.ts). */
export const TRITECH_SECRET_PURPOSE = "tritech-secret";

/** The events the view lists, newest first. */
export const RECENT_EVENTS_SHOWN = 20;

import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from "node:crypto";
import { config } from "~/config.server";

/**
 * Secrets we must show again or use later (an integration's secret key, a company's WhatsApp access
 * token, a store's Shopify tokens) are kept encrypted at rest: AES-256-GCM with a key derived by HKDF
 * from DATA_ENCRYPTION_KEY (on the local trial, from the session secret: config's dataEncryptionKeys).
 * The stored text is `v1.{iv}.{tag}.{ciphertext}` in base64url, so a later key or algorithm can sit
 * beside it under another version.
 *
 * `purpose` binds a ciphertext to its use (associated data): a value sealed as a WhatsApp token does
 * not open as a Tri-Tech secret even if the rows are swapped.
 *
 * Rotation: values sealed under a key listed in DATA_ENCRYPTION_KEY_PREVIOUS still open, and say so
 * (`stale`), so whoever read them seals them again under the current key (sealed-columns.server.ts).
 */

const VERSION = "v1";
const SEALED = /^v1\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]*$/;

// HKDF per seal and open adds up when start-up reads every sealed value: one derivation per key.
const derived = new Map<string, Buffer>();
function derive(material: string, purpose: string): Buffer {
  const cacheKey = `${purpose}\0${material}`;
  let key = derived.get(cacheKey);
  if (!key) {
    key = Buffer.from(hkdfSync("sha256", material, "blusteam-data-encryption", `${VERSION}:${purpose}`, 32));
    derived.set(cacheKey, key);
  }
  return key;
}

export function sealSecret(plain: string, purpose: string): string {
  const [current] = config().dataEncryptionKeys;
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", derive(current, purpose), iv);
  cipher.setAAD(Buffer.from(purpose));
  const body = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]);
  const tag = cipher.getAuthTag();
  return [VERSION, iv.toString("base64url"), tag.toString("base64url"), body.toString("base64url")].join(".");
}

export class SecretUnreadableError extends Error {
  constructor() {
    super(
      "A stored secret could not be decrypted: was DATA_ENCRYPTION_KEY (on the local trial, the session secret) " +
        "changed without listing the old key in DATA_ENCRYPTION_KEY_PREVIOUS?",
    );
  }
}

/** Whether a stored value has the shape sealSecret gives (a token kept in clear never has). */
export function looksSealed(stored: string): boolean {
  return SEALED.test(stored);
}

/**
 * The secret, and whether it was sealed under a previous key (so it should be sealed again). Throws
 * SecretUnreadableError when no configured key opens it.
 */
export function openSecretWithAge(sealed: string, purpose: string): { plain: string; stale: boolean } {
  if (!looksSealed(sealed)) throw new SecretUnreadableError();
  const [, iv, tag, body] = sealed.split(".");
  const keys = config().dataEncryptionKeys;
  for (const [index, material] of keys.entries()) {
    try {
      const decipher = createDecipheriv(
        "aes-256-gcm",
        derive(material, purpose),
        Buffer.from(iv, "base64url"),
      );
      decipher.setAAD(Buffer.from(purpose));
      decipher.setAuthTag(Buffer.from(tag, "base64url"));
      const plain = Buffer.concat([decipher.update(Buffer.from(body, "base64url")), decipher.final()]);
      return { plain: plain.toString("utf8"), stale: index > 0 };
    } catch {
      // Not this key: try the next one.
    }
  }
  throw new SecretUnreadableError();
}

export function openSecret(sealed: string, purpose: string): string {
  return openSecretWithAge(sealed, purpose).plain;
}

/** What a browser may see of a secret: its last four characters. */
export function maskSecret(plain: string): string {
  return plain.length <= 4 ? "••••" : `••••${plain.slice(-4)}`;
}

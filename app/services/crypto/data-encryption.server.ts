import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from "node:crypto";
import { config } from "~/config.server";

/**
 * Secrets we must show again or use later (an integration's secret key, a company's WhatsApp access
 * token) are kept encrypted at rest: AES-256-GCM with a key derived by HKDF from DATA_ENCRYPTION_KEY,
 * or from SESSION_SECRET when that is unset. The stored text is `v1.{iv}.{tag}.{ciphertext}` in
 * base64url, so a later key or algorithm can sit beside it under another version.
 *
 * `purpose` binds a ciphertext to its use (associated data): a value sealed as a WhatsApp token does
 * not open as a Tri-Tech secret even if the rows are swapped.
 */

const VERSION = "v1";

function keyFor(purpose: string): Buffer {
  const settings = config();
  const material = settings.DATA_ENCRYPTION_KEY ?? settings.sessionSecret;
  return Buffer.from(hkdfSync("sha256", material, "blusteam-data-encryption", `${VERSION}:${purpose}`, 32));
}

export function sealSecret(plain: string, purpose: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", keyFor(purpose), iv);
  cipher.setAAD(Buffer.from(purpose));
  const body = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]);
  const tag = cipher.getAuthTag();
  return [VERSION, iv.toString("base64url"), tag.toString("base64url"), body.toString("base64url")].join(".");
}

export class SecretUnreadableError extends Error {
  constructor() {
    super("A stored secret could not be decrypted: was DATA_ENCRYPTION_KEY or SESSION_SECRET changed?");
  }
}

export function openSecret(sealed: string, purpose: string): string {
  const [version, iv, tag, body] = sealed.split(".");
  if (version !== VERSION || !iv || !tag || body === undefined) throw new SecretUnreadableError();
  try {
    const decipher = createDecipheriv("aes-256-gcm", keyFor(purpose), Buffer.from(iv, "base64url"));
    decipher.setAAD(Buffer.from(purpose));
    decipher.setAuthTag(Buffer.from(tag, "base64url"));
    return Buffer.concat([decipher.update(Buffer.from(body, "base64url")), decipher.final()]).toString(
      "utf8",
    );
  } catch {
    throw new SecretUnreadableError();
  }
}

/** What a browser may see of a secret: its last four characters. */
export function maskSecret(plain: string): string {
  return plain.length <= 4 ? "••••" : `••••${plain.slice(-4)}`;
}

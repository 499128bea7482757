import { Session } from "@shopify/shopify-api";
import type { SessionStorage } from "@shopify/shopify-app-session-storage";
import { DrizzleSessionStoragePostgres } from "@shopify/shopify-app-session-storage-drizzle";
import { getDb } from "#db/client.server";
import { shopifySessions } from "#db/schema";
import { SecretUnreadableError, sealSecret } from "~/services/crypto/data-encryption.server";
import { openStored, type SealedColumn, writeResealed } from "~/services/crypto/sealed-columns.server";

/**
 * The Admin API tokens in shopify_sessions, sealed (AES-256-GCM, app/services/crypto) so that the
 * database alone does not give a store's access. Rows written before they were sealed hold them in
 * clear: read as they are, and sealed when read (and by the sweep at start).
 */
export const SHOPIFY_SEALED_COLUMNS = {
  accessToken: {
    table: shopifySessions,
    key: shopifySessions.id,
    column: shopifySessions.accessToken,
    purpose: "shopify-access-token",
    legacyPlaintext: true,
  },
  refreshToken: {
    table: shopifySessions,
    key: shopifySessions.id,
    column: shopifySessions.refreshToken,
    purpose: "shopify-refresh-token",
    legacyPlaintext: true,
  },
} satisfies Record<string, SealedColumn>;

type TokenField = keyof typeof SHOPIFY_SEALED_COLUMNS;
const TOKEN_FIELDS = Object.keys(SHOPIFY_SEALED_COLUMNS) as TokenField[];

function sealed(session: Session): Session {
  const copy = new Session(session.toObject());
  for (const field of TOKEN_FIELDS) {
    const plain = session[field];
    if (plain) copy[field] = sealSecret(plain, SHOPIFY_SEALED_COLUMNS[field].purpose);
  }
  return copy;
}

/**
 * The session as the library expects it (tokens in clear), with every token found under an old key or
 * in clear written back sealed; null when a token opens with no configured key.
 */
async function opened(session: Session): Promise<Session | null> {
  for (const field of TOKEN_FIELDS) {
    const stored = session[field];
    if (!stored) continue;
    const column = SHOPIFY_SEALED_COLUMNS[field];
    try {
      const { plain, reseal } = openStored(column, stored);
      if (reseal) await writeResealed(column, session.id, stored, reseal);
      session[field] = plain;
    } catch (error) {
      if (!(error instanceof SecretUnreadableError)) throw error;
      // As the library treats a row it cannot read: no session, so Shopify is asked for a new token.
      console.error(`shopify: the ${field} of session ${session.id}: ${error.message}`);
      return null;
    }
  }
  return session;
}

/**
 * Sessions in our database through the library's Drizzle adapter, their tokens sealed on the way in
 * and opened on the way out. The adapter is made per call so it always uses the current database
 * handle (tests install a fresh one per file).
 */
class SealedDatabaseSessionStorage implements SessionStorage {
  private get adapter() {
    return new DrizzleSessionStoragePostgres(getDb(), shopifySessions);
  }
  storeSession(session: Session) {
    return this.adapter.storeSession(sealed(session));
  }
  async loadSession(id: string) {
    const session = await this.adapter.loadSession(id);
    return (session && (await opened(session))) ?? undefined;
  }
  deleteSession(id: string) {
    return this.adapter.deleteSession(id);
  }
  deleteSessions(ids: string[]) {
    return this.adapter.deleteSessions(ids);
  }
  async findSessionsByShop(shop: string) {
    const sessions: Session[] = [];
    for (const session of await this.adapter.findSessionsByShop(shop)) {
      const readable = await opened(session);
      if (readable) sessions.push(readable);
    }
    return sessions;
  }
}

export const shopifySessionStorage: SessionStorage = new SealedDatabaseSessionStorage();

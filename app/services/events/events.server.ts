import { sql } from "drizzle-orm";
import { type Db, databaseHandle, getDb } from "#db/client.server";

const CHANNEL = "blusteam_events";

/**
 * What changed, and for whom: `accountId` reaches that company's members, `email` reaches that
 * person. Payloads carry ids only; browsers re-read what they show through their loaders.
 */
export type AppEvent = {
  topic: "invites" | "requests" | "members" | "terms" | "account" | "csvImport" | "webchat";
  accountId?: string;
  email?: string;
  /** A CSV import's progress: heard by that import's progress stream, which re-reads it for its company. */
  importId?: string;
  /** A web chat message: heard by the company's inbox and by that conversation's contact stream. */
  conversationId?: string;
};

type Subscriber = (event: AppEvent) => void;
const subscribers = new Set<Subscriber>();
let listening: Promise<unknown> | undefined;

/** Sent with pg_notify, so every server process (each LISTENing) hears it; inside a transaction, at commit. */
export async function publishEvent(event: AppEvent, db: Pick<Db, "execute"> = getDb()) {
  await db.execute(sql`select pg_notify(${CHANNEL}, ${JSON.stringify(event)})`);
}

/** One LISTEN per process, fanned out to every open event stream of this process. */
export async function subscribeToEvents(subscriber: Subscriber): Promise<() => void> {
  listening ??= databaseHandle()
    .listen(CHANNEL, (payload) => {
      let event: AppEvent;
      try {
        event = JSON.parse(payload) as AppEvent;
      } catch {
        return;
      }
      for (const s of subscribers) s(event);
    })
    .catch((error) => {
      listening = undefined;
      throw error;
    });
  await listening;
  subscribers.add(subscriber);
  return () => subscribers.delete(subscriber);
}

export function resetEventsForTests() {
  listening = undefined;
  subscribers.clear();
}

import { createHmac } from "node:crypto";
import { config } from "~/config.server";
import type { CrmEvent } from "./crm-event";

/**
 * The optional CRM notification (spec README: "optional outbound adapters, off unless configured").
 * Local default: nothing leaves the machine; the last events are kept in memory (tests, debugging).
 * With CRM_WEBHOOK_URL and CRM_WEBHOOK_SECRET: each event is POSTed there as JSON, signed the
 * Standard Webhooks way (standardwebhooks.com), so a receiver can check it with that spec's libraries:
 *   webhook-id: the event id; webhook-timestamp: Unix seconds;
 *   webhook-signature: "v1," + base64(HMAC-SHA256(key, `${id}.${timestamp}.${body}`)),
 * the key being the secret's bytes, or for a "whsec_..." secret the base64 after the prefix.
 */

export type CrmDelivery = "delivered" | "rejected";

export type CrmAdapter = {
  kind: "local" | "webhook";
  /** Delivers one event: "rejected" is a refusal for good (a 4xx); a failure worth retrying throws. */
  send: (event: CrmEvent) => Promise<CrmDelivery>;
};

export class CrmUnavailableError extends Error {
  name = "CrmUnavailableError";
}

export function crmConfigured(): boolean {
  return Boolean(config().CRM_WEBHOOK_URL && config().CRM_WEBHOOK_SECRET);
}

export function crmAdapter(): CrmAdapter {
  const settings = config();
  if (settings.CRM_WEBHOOK_URL && settings.CRM_WEBHOOK_SECRET)
    return webhookAdapter(settings.CRM_WEBHOOK_URL, settings.CRM_WEBHOOK_SECRET, settings.CRM_TIMEOUT_MS);
  return localAdapter;
}

const LOCAL_KEPT = 100;
const localEvents: CrmEvent[] = [];

const localAdapter: CrmAdapter = {
  kind: "local",
  async send(event) {
    localEvents.push(event);
    if (localEvents.length > LOCAL_KEPT) localEvents.splice(0, localEvents.length - LOCAL_KEPT);
    return "delivered";
  },
};

/** The events the local default kept (newest last); tests read and clear it. */
export function locallyRecordedCrmEvents(): CrmEvent[] {
  return localEvents;
}

function signingKey(secret: string): Buffer {
  return secret.startsWith("whsec_") ? Buffer.from(secret.slice(6), "base64") : Buffer.from(secret, "utf8");
}

/** The webhook-signature value of a body (Standard Webhooks, version v1). */
export function crmSignature(secret: string, id: string, timestamp: number, body: string): string {
  const mac = createHmac("sha256", signingKey(secret)).update(`${id}.${timestamp}.${body}`).digest("base64");
  return `v1,${mac}`;
}

function webhookAdapter(url: string, secret: string, timeoutMs: number): CrmAdapter {
  return {
    kind: "webhook",
    async send(event) {
      const body = JSON.stringify(event);
      const timestamp = Math.floor(Date.now() / 1000);
      let response: Response;
      try {
        response = await fetch(url, {
          method: "POST",
          headers: {
            "Content-Type": "application/json",
            "webhook-id": event.event_id,
            "webhook-timestamp": String(timestamp),
            "webhook-signature": crmSignature(secret, event.event_id, timestamp, body),
          },
          body,
          signal: AbortSignal.timeout(timeoutMs),
          redirect: "error",
        });
      } catch (error) {
        const timedOut = error instanceof DOMException && error.name === "TimeoutError";
        throw new CrmUnavailableError(
          timedOut ? `CRM: no answer within ${timeoutMs} ms` : `CRM: unreachable (${String(error)})`,
        );
      }
      await response.body?.cancel().catch(() => undefined);
      if (response.ok) return "delivered";
      // Too many requests, a timeout or the receiver's own failure: later. Any other 4xx: never.
      if (response.status === 408 || response.status === 429 || response.status >= 500)
        throw new CrmUnavailableError(`CRM: answered ${response.status}`);
      return "rejected";
    },
  };
}

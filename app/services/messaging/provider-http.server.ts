import { config } from "~/config.server";
import { PermanentDeliveryError, TransientDeliveryError, UnknownOutcomeError } from "./errors.server";

/**
 * One HTTP call to a messaging provider, with a time limit, its failures sorted for the dispatcher by
 * whether the provider may have taken the message:
 * - certainly not, worth retrying: the address did not resolve, the connection was refused, 429, or a
 *   4xx the provider marks as temporary (Meta's rate limits come as 400) → TransientDeliveryError;
 * - certainly not, for good: any other 4xx → PermanentDeliveryError;
 * - maybe: no answer in time, the connection dropped once the request could have gone out, a 5xx
 *   (the provider may have failed after storing it) → UnknownOutcomeError, never sent again.
 */
export async function callProvider(
  provider: string,
  url: string,
  init: RequestInit,
  errors: {
    describe: (status: number, body: unknown) => string;
    /** Provider-specific answers worth retrying besides 429 and 5xx (Meta's rate limits come as 400). */
    transient?: (status: number, body: unknown) => boolean;
  },
): Promise<unknown> {
  let response: Response;
  try {
    response = await fetch(url, { ...init, signal: AbortSignal.timeout(config().PROVIDER_TIMEOUT_MS) });
  } catch (error) {
    const timedOut = error instanceof DOMException && error.name === "TimeoutError";
    if (timedOut)
      throw new UnknownOutcomeError(`${provider}: no answer within ${config().PROVIDER_TIMEOUT_MS} ms`);
    const cause = causeOf(error);
    if (NOT_CONNECTED.has(cause)) throw new TransientDeliveryError(`${provider}: unreachable (${cause})`);
    throw new UnknownOutcomeError(`${provider}: connection lost (${cause})`);
  }
  // The answer's status is in: a body lost now changes nothing about what the provider did.
  const text = await response.text().catch(() => "");
  let body: unknown = null;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    body = text;
  }
  if (response.ok) return body;
  const reason = `${provider}: ${errors.describe(response.status, body)}`;
  if (response.status >= 500) throw new UnknownOutcomeError(reason);
  if (response.status === 429 || errors.transient?.(response.status, body)) {
    throw new TransientDeliveryError(reason, retryAfterSeconds(response.headers.get("Retry-After")));
  }
  throw new PermanentDeliveryError(reason);
}

/**
 * Failures of fetch that happen before any byte of the request left: nothing can have been taken
 * ("bad port" is fetch refusing a blocked port before connecting).
 */
const NOT_CONNECTED = new Set([
  "ENOTFOUND",
  "EAI_AGAIN",
  "ECONNREFUSED",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "bad port",
]);

/** Retry-After in seconds (or an HTTP date), as whole seconds from now. */
function retryAfterSeconds(value: string | null): number | undefined {
  if (!value) return undefined;
  const seconds = /^\d+$/.test(value.trim()) ? Number(value) : (Date.parse(value) - Date.now()) / 1000;
  return Number.isFinite(seconds) && seconds >= 0 ? Math.ceil(seconds) : undefined;
}

function causeOf(error: unknown): string {
  if (error instanceof Error) {
    const cause = (error as Error & { cause?: { code?: string; message?: string } }).cause;
    return cause?.code ?? cause?.message ?? error.message;
  }
  return String(error);
}

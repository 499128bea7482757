import { config } from "~/config.server";
import { PermanentDeliveryError, TransientDeliveryError } from "./errors.server";

/**
 * One HTTP call to a messaging provider, with a time limit, its failures sorted for the dispatcher:
 * no answer (network error, timeout), 429 and 5xx are worth retrying; any other 4xx is not.
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
    const detail = timedOut
      ? `no answer within ${config().PROVIDER_TIMEOUT_MS} ms`
      : `unreachable (${causeOf(error)})`;
    throw new TransientDeliveryError(`${provider}: ${detail}`);
  }
  const text = await response.text().catch(() => "");
  let body: unknown = null;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    body = text;
  }
  if (response.ok) return body;
  const reason = `${provider}: ${errors.describe(response.status, body)}`;
  if (response.status === 429 || response.status >= 500 || errors.transient?.(response.status, body)) {
    throw new TransientDeliveryError(reason);
  }
  throw new PermanentDeliveryError(reason);
}

function causeOf(error: unknown): string {
  if (error instanceof Error) {
    const cause = (error as Error & { cause?: { code?: string; message?: string } }).cause;
    return cause?.code ?? cause?.message ?? error.message;
  }
  return String(error);
}

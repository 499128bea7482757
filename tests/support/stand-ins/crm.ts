import { createHmac, timingSafeEqual } from "node:crypto";
import type { CrmEvent } from "~/services/crm/crm-event";
import { setUpStandIn } from "../stand-in-env";
import { type RecordedRequest, type StandIn, startStandIn } from "./provider-stand-in";

/**
 * A CRM webhook receiver on 127.0.0.1 that checks what a real receiver would: the Standard Webhooks
 * signature of the raw body (computed here on its own, not with the app's code), a timestamp within
 * five minutes, JSON. A bad signature gets 401 and is not counted; failNext/delayNext play an
 * unwell CRM.
 */

export const CRM_TEST_SECRET = "crm-test-secret-0123456789";

export type CrmStandIn = StandIn & {
  /** Events with a valid signature that were answered 2xx, in arrival order. */
  accepted: CrmEvent[];
  /** Requests refused for their signature. */
  forged: RecordedRequest[];
  /** Once `count` events are accepted (in all), the next request gets a 503 (a CRM failing part-way). */
  failOnceAfter: (count: number) => void;
};

export function signatureIsValid(secret: string, request: RecordedRequest): boolean {
  const id = request.headers["webhook-id"];
  const timestamp = Number(request.headers["webhook-timestamp"]);
  const signatures = String(request.headers["webhook-signature"] ?? "").split(" ");
  if (typeof id !== "string" || !Number.isFinite(timestamp)) return false;
  if (Math.abs(Date.now() / 1000 - timestamp) > 300) return false;
  const key = secret.startsWith("whsec_") ? Buffer.from(secret.slice(6), "base64") : Buffer.from(secret);
  const expected = Buffer.from(
    createHmac("sha256", key).update(`${id}.${timestamp}.${request.body}`).digest("base64"),
  );
  return signatures.some((entry) => {
    const [version, mac] = entry.split(",");
    const given = Buffer.from(mac ?? "");
    return version === "v1" && given.length === expected.length && timingSafeEqual(given, expected);
  });
}

export async function startCrmStandIn(secret = CRM_TEST_SECRET): Promise<CrmStandIn> {
  const accepted: CrmEvent[] = [];
  const forged: RecordedRequest[] = [];
  let failAfter: number | null = null;
  const stand = await startStandIn((request) => {
    if (failAfter !== null && accepted.length >= failAfter) {
      failAfter = null;
      return { status: 503, body: { error: "try again later" } };
    }
    if (!signatureIsValid(secret, request) || request.headers["content-type"] !== "application/json") {
      forged.push(request);
      return { status: 401, body: { error: "invalid signature" } };
    }
    accepted.push(JSON.parse(request.body) as CrmEvent);
    return { status: 200, body: { ok: true } };
  });
  const reset = stand.reset;
  return Object.assign(stand, {
    accepted,
    forged,
    failOnceAfter: (count: number) => {
      failAfter = count;
    },
    reset: () => {
      reset();
      failAfter = null;
      accepted.length = 0;
      forged.length = 0;
    },
  });
}

/** For a test file: one stand-in, and CRM_WEBHOOK_URL/SECRET pointed at it around each test. */
export function setUpCrmStandIn(options: { timeoutMs?: number } = {}): () => CrmStandIn {
  return setUpStandIn({
    name: "CRM",
    start: startCrmStandIn,
    close: (stand) => stand.close(),
    reset: (stand) => stand.reset(),
    env: (stand) => ({
      CRM_WEBHOOK_URL: `${stand.url}/crm/events`,
      CRM_WEBHOOK_SECRET: CRM_TEST_SECRET,
      CRM_TIMEOUT_MS: String(options.timeoutMs ?? 1_000),
    }),
  });
}

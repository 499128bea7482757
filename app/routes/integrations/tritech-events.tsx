import { clientIpContext } from "~/context.server";
import { hitRateLimit, rateLimits } from "~/domain/auth/rate-limit.server";
import { BodyTooLargeError, readBodyWithin } from "~/domain/shopify/webhooks/request-body.server";
import { receiveTritechEvent } from "~/domain/tritech/events.server";
import { REQUEST_BODY_LIMIT_BYTES } from "~/services/http/body-limit.server";
import type { Route } from "./+types/tritech-events";

/**
 * POST /integrations/tritech/events: AIM's contract events (issue 16 item 4; README "Tri-Tech
 * events"). Public, authenticated by the body's HMAC with the company's secret key. Every answer is
 * JSON { status, reason }: 200 processed or ignored (a replay too), 400 malformed, 401 unsigned or
 * unknown account, 413 over 1 MB, 429 too many requests from one address.
 */
export function loader() {
  return answer(405, "refused", "use POST", { Allow: "POST" });
}

const answer = (status: number, outcome: string, reason: string, headers: HeadersInit = {}) =>
  Response.json({ status: outcome, reason }, { status, headers });

export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") return answer(405, "refused", "use POST", { Allow: "POST" });
  const limit = await hitRateLimit(
    `tritechEvents:ip:${context.get(clientIpContext)}`,
    rateLimits.tritechEventsPerIp,
  );
  if (limit.limited) return answer(429, "refused", "too many requests", { "Retry-After": "60" });
  let body: string;
  try {
    body = await readBodyWithin(request, REQUEST_BODY_LIMIT_BYTES);
  } catch (error) {
    if (error instanceof BodyTooLargeError) return answer(413, "refused", "the body is larger than 1 MB");
    return answer(400, "refused", "the body could not be read");
  }
  const outcome = await receiveTritechEvent(body, request.headers.get("X-TriTech-Signature"));
  return answer(outcome.httpStatus, outcome.status, outcome.reason);
}

/** A webhook's body is at most this big: Shopify's payloads for our topics are a few kilobytes. */
export const WEBHOOK_BODY_LIMIT_BYTES = 1024 * 1024;

export class BodyTooLargeError extends Error {}

/**
 * The body as text, read only up to `maxBytes` (a declared Content-Length over it is refused before
 * reading): the HMAC check needs the whole body in memory, so its size is checked first. The server's
 * own body limit does the same in front of every route; this one holds when the route is called
 * directly, and for a smaller limit.
 */
export async function readBodyWithin(request: Request, maxBytes: number): Promise<string> {
  const declared = Number(request.headers.get("Content-Length") ?? 0);
  if (declared > maxBytes) throw new BodyTooLargeError();
  if (!request.body) return "";
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel().catch(() => {});
      throw new BodyTooLargeError();
    }
    chunks.push(value);
  }
  return new TextDecoder().decode(Buffer.concat(chunks));
}

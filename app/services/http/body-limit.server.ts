import type { RequestHandler } from "express";

/** Every request body (forms, webhooks, JSON) fits in this; CSV uploads have their own streamed cap. */
export const REQUEST_BODY_LIMIT_BYTES = 1024 * 1024;

const TOO_LARGE = "Request body too large";

/**
 * Answers 413 to a body over `maxBytes`, before the app reads it: `request.formData()` buffers
 * whatever it is given, and public routes (sign-in, webhooks) read the body before any check.
 * A declared Content-Length is checked up front; a streamed body (chunked) is counted as it arrives,
 * and the app's copy of it fails at the limit, so no action ever runs on a cut-off form.
 *
 * Put it directly in front of React Router's handler: the counter listens to the same 'data' events
 * that handler's body stream does, and must start listening in the same tick.
 */
export function limitRequestBody(options: { maxBytes: number; exemptPaths?: string[] }): RequestHandler {
  const exempt = new Set(options.exemptPaths ?? []);
  return (req, res, next) => {
    if (exempt.has(req.path)) return next();
    const declared = Number(req.headers["content-length"] ?? 0);
    if (declared > options.maxBytes) {
      // The unread body is drained by Node after the answer, so the client reads the 413.
      res.status(413).type("text/plain").send(TOO_LARGE);
      return;
    }
    if (req.method === "GET" || req.method === "HEAD") return next();
    let received = 0;
    const count = (chunk: Buffer) => {
      received += chunk.length;
      if (received <= options.maxBytes) return;
      req.off("data", count);
      if (!res.headersSent) res.status(413).type("text/plain").send(TOO_LARGE);
      // The app's body stream (React Router's, listening on 'error') fails; reading goes on
      // into nothing until the client stops, so the connection stays usable. The no-op listener
      // keeps the emit from throwing when the app has stopped listening already.
      req.on("error", () => {});
      req.emit("error", Object.assign(new Error(TOO_LARGE), { status: 413 }));
      req.resume();
    };
    req.on("data", count);
    next();
  };
}

import type { Request as ExpressRequest, RequestHandler } from "express";
import { securityHeaders } from "~/domain/access/security.server";
import type { PublicFormAnswer, PublicFormVisit } from "~/routes/public/public-form.server";

/** What the fast path calls: the public form route's answers (routes/public/public-form.server.ts). */
export type PublicFormRoute = {
  showPublicForm: (visit: PublicFormVisit) => Promise<PublicFormAnswer>;
  postPublicForm: (visit: PublicFormVisit) => Promise<PublicFormAnswer>;
};

/**
 * The public sign-up form's views and posts (a campaign's link: thousands a second) served straight
 * from Express by the functions its route module's loader and action call, without React
 * Router's route matching and middleware, and without a Request and a Response built per visit.
 * Everything in front is unchanged (createExpressApp: proxy trust, compression, the cross-origin
 * refusal, the database gate, the body limit), and the answer gets the headers the root's security
 * middleware gives every answer (no X-Frame-Options: the page says `frame-ancestors *`). The URLs
 * stay listed in app/routes.ts, which serves them in development and for React Router's own requests.
 */
export function servePublicForm(route: PublicFormRoute): RequestHandler {
  return async (req, res, next) => {
    // Read from this tick on, as the body limit in front counts it (see limitRequestBody).
    const body = req.method === "POST" ? readBody(req) : Promise.resolve(null);
    body.catch(() => {});
    try {
      const search = req.originalUrl.indexOf("?");
      const visit: PublicFormVisit = {
        id: String(req.params.id),
        productId: search === -1 ? null : new URLSearchParams(req.originalUrl.slice(search)).get("productId"),
        header: (name) => {
          const value = req.headers[name];
          return Array.isArray(value) ? value.join(", ") : value;
        },
        body: () => body,
        clientIp: req.ip ?? "unknown",
      };
      const answer =
        req.method === "POST" ? await route.postPublicForm(visit) : await route.showPublicForm(visit);
      if (res.headersSent) return;
      const framable = /frame-ancestors\s+\*/.test(answer.headers["Content-Security-Policy"] ?? "");
      for (const [name, value] of Object.entries(securityHeaders()))
        if (!(framable && name === "X-Frame-Options")) res.setHeader(name, value);
      for (const [name, value] of Object.entries(answer.headers)) res.setHeader(name, value);
      res.statusCode = answer.status;
      res.end(req.method === "HEAD" ? undefined : answer.body);
    } catch (error) {
      next(error);
    }
  };
}

/** The whole body (limitRequestBody, in front, answers 413 and fails this read beyond its limit). */
function readBody(req: ExpressRequest): Promise<Uint8Array | null> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => resolve(chunks.length === 1 ? (chunks[0] as Buffer) : Buffer.concat(chunks)));
    req.on("error", reject);
  });
}

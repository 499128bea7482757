import type { Request as ExpressRequest, RequestHandler } from "express";
import type { RouterContextProvider } from "react-router";
import { securityHeaders } from "~/domain/access/security.server";

/** A resource route module as React Router sees it: a loader and an action answering Responses. */
export type ResourceRouteModule = {
  loader: (args: never) => Promise<Response> | Response;
  action: (args: never) => Promise<Response> | Response;
};

/**
 * Serves a resource route module straight from Express, for the few public URLs whose speed is a
 * target (the sign-up form: thousands of views and posts a second). React Router's request handler
 * would add its route matching, its middleware chain and a streamed body for the same loader and
 * action; here they get the same arguments (the Request, the URL's params, the request context), and
 * their Response gets the headers the root's security middleware adds to every answer. What runs
 * before (in createExpressApp) is unchanged: proxy trust, compression, the cross-origin refusal, the
 * database gate and the body limit. The route stays listed in app/routes.ts, which serves it in
 * development and for React Router's own requests (.data).
 */
export function serveResourceRoute(options: {
  module: ResourceRouteModule;
  params: (req: ExpressRequest) => Record<string, string>;
  context: (req: ExpressRequest) => RouterContextProvider;
}): RequestHandler {
  return async (req, res, next) => {
    try {
      let controller: AbortController | null = new AbortController();
      const signal = controller.signal;
      res.on("finish", () => {
        controller = null;
      });
      res.on("close", () => controller?.abort());
      const hasBody = req.method !== "GET" && req.method !== "HEAD";
      const headers = new Headers();
      for (let i = 0; i < req.rawHeaders.length; i += 2)
        headers.append(req.rawHeaders[i] as string, req.rawHeaders[i + 1] as string);
      const request = new Request(requestUrl(req), {
        method: req.method,
        headers,
        body: hasBody ? ((await readBody(req)) as Uint8Array<ArrayBuffer>) : undefined,
        signal,
      });
      const args = { request, params: options.params(req), context: options.context(req) } as never;
      const response = hasBody ? await options.module.action(args) : await options.module.loader(args);
      if (res.headersSent) return;
      const framable = /frame-ancestors\s+\*/.test(response.headers.get("Content-Security-Policy") ?? "");
      for (const [name, value] of Object.entries(securityHeaders()))
        if (!(framable && name === "X-Frame-Options") && !response.headers.has(name))
          res.setHeader(name, value);
      res.status(response.status);
      response.headers.forEach((value, name) => {
        res.setHeader(name, value);
      });
      const body = req.method === "HEAD" || !response.body ? null : Buffer.from(await response.arrayBuffer());
      res.end(body);
    } catch (error) {
      next(error);
    }
  };
}

/** The URL as React Router's Express adapter makes it (the forwarded host's port when proxies are trusted). */
function requestUrl(req: ExpressRequest): string {
  const forwardedPort = req.app.enabled("trust proxy")
    ? req.get("X-Forwarded-Host")?.split(":")[1]
    : undefined;
  const port = [forwardedPort, req.get("host")?.split(":")[1]]
    .map((p) => Number.parseInt(p ?? "", 10))
    .find((p) => Number.isSafeInteger(p));
  const hostname = req.hostname.split(/[\\/?#@]/)[0] || "localhost";
  return `${req.protocol}://${hostname}${port ? `:${port}` : ""}${req.originalUrl}`;
}

/** The whole body (limitRequestBody, in front, answers 413 and fails this read beyond its limit). */
function readBody(req: ExpressRequest): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => resolve(Buffer.concat(chunks)));
    req.on("error", reject);
  });
}

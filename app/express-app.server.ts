import type { IncomingHttpHeaders } from "node:http";
import express, { type Express, type Request as ExpressRequest, type RequestHandler } from "express";
import Negotiator from "negotiator";
import { RouterContextProvider } from "react-router";
import type { AppConfig } from "~/config.server";
import {
  clientIpContext,
  fromThisMachineContext,
  type PageEncoding,
  pageEncodingContext,
  requestStartedAtContext,
} from "~/context.server";
import {
  isCrossOriginWriteOf,
  isSafeMethod,
  isScriptPath,
  SCRIPT_CONTENT_SECURITY_POLICY,
  securityHeaders,
} from "~/domain/access/security.server";
import { RETIRED_SERVICE_WORKER } from "~/domain/webchat/chat/chat-app-shell.server";
import {
  chatHostRedirect,
  chatSubdomainOfHost,
  isChatServiceWorkerPath,
  rewriteChatHostPath,
} from "~/domain/webchat/chat/chat-urls.server";
import { cameFromThisMachine } from "~/loopback";
import { type PublicFormRoute, servePublicForm } from "~/serve-public-form.server";
import { limitRequestBody, REQUEST_BODY_LIMIT_BYTES } from "~/services/http/body-limit.server";
import { compressionWithDrainFix } from "~/services/http/compression.server";
import { requireDatabase } from "~/services/http/database-gate.server";
import { noteWebRequest } from "~/services/http/web-load.server";

// Streams its file to storage under its own 100 MB cap (MAX_UPLOAD_BYTES), checked as it arrives.
const UPLOAD_PATHS = ["/resources/csv-upload"];

// The public sign-up form's two URLs (app/routes.ts), served by their route module from here.
export const PUBLIC_FORM_PATHS = ["/contact-form-builder/m/:id", "/contact-form/contact-form-builder/m/:id"];
const PUBLIC_FORM_PATH = /^\/(contact-form\/)?contact-form-builder\/m\/[^/]+\/?$/;

/**
 * The Express app in front of React Router: proxy trust, compression, the cross-origin refusal,
 * /healthz, then (after the static files `mountStatic` adds) the database gate, the body limit and
 * `handler`. server.ts passes React Router's handler; tests pass their own. Given `publicFormRoute`
 * (the module of routes/public/public-form.tsx), the sign-up form's views and posts go to it without
 * React Router's handler, behind the same guards (servePublicForm).
 */
export function createExpressApp(options: {
  settings: AppConfig;
  /** Answers when the database does; throws (within the connect timeout) when it does not. */
  pingDatabase: () => Promise<unknown>;
  /** Only a server database can go away; the embedded one lives and dies with this process. */
  databaseCanBeDown: boolean;
  mountStatic?: (app: Express) => void;
  /** The public form's route module (from the server build), served by the fast path. */
  publicFormRoute?: PublicFormRoute;
  /** The browser tests' fixture endpoint (tests/support/e2e-fixture-endpoint.ts); never in production. */
  mountTestFixtures?: (app: Express) => void;
  handler: RequestHandler;
}): Express {
  const { settings } = options;
  const app = express();
  app.disable("x-powered-by");
  if (settings.TRUST_PROXY !== false) app.set("trust proxy", settings.TRUST_PROXY);
  const [compress, keepDrainListeners] = compressionWithDrainFix();
  app.use((req, res, next) => {
    // A form post's answer is a line of JSON (or a short page without JavaScript), under
    // compression's 1 KB threshold: wrapping the response for it was pure cost on the busiest
    // public endpoint (a campaign's sign-ups, `npm run bench:forms`).
    if (req.method === "POST" && PUBLIC_FORM_PATH.test(req.path)) return next();
    compress(req, res, (error?: unknown) => (error ? next(error) : keepDrainListeners(req, res, next)));
  });
  // Every script we serve, static or rendered (the chat's service worker), carries the script policy:
  // a worker can then load nothing from another origin, whatever text ends up in it (issue 32).
  app.use((req, res, next) => {
    if (isScriptPath(req.path)) res.setHeader("Content-Security-Policy", SCRIPT_CONTENT_SECURITY_POLICY);
    next();
  });
  // {subdomain}.{CHAT_DOMAIN}: a company's web chat app, served as /c/{subdomain}/... (issue 17); on
  // any other host, /c/{subdomain}/... is sent there (issue 32: the chat stays off the app's origin).
  const chatDomain = settings.CHAT_DOMAIN;
  if (chatDomain) {
    app.use((req, res, next) => {
      const rewritten = rewriteChatHostPath(req.headers.host, req.url, chatDomain);
      if (rewritten) req.url = req.originalUrl = rewritten;
      if (rewritten || chatSubdomainOfHost(req.headers.host, chatDomain)) return next();
      const moved = chatHostRedirect(req.url, chatDomain);
      if (!moved) return next();
      res.set(securityHeaders()).set("Cache-Control", "no-store");
      if (isChatServiceWorkerPath(req.url))
        res.status(200).type("text/javascript").send(RETIRED_SERVICE_WORKER);
      else res.redirect(307, moved);
    });
  }
  options.mountTestFixtures?.(app);

  // Writes from another site are refused before anything else runs (React Router would otherwise
  // answer some of them itself with a 400 and a logged stack trace), from the request's parts.
  app.use((req, res, next) => {
    if (isSafeMethod(req.method)) return next();
    // Parsed as React Router will see it ("/webhooks/../contacts" is /contacts, not a webhook).
    const url = new URL(req.originalUrl, `http://${req.headers.host ?? "localhost"}`);
    const crossOrigin = isCrossOriginWriteOf({
      method: req.method,
      pathname: url.pathname,
      origin: req.headers.origin,
      secFetchSite: req.headers["sec-fetch-site"] as string | undefined,
      ownOrigin: url.origin,
    });
    if (crossOrigin) {
      res.status(403).set(securityHeaders()).type("text/plain").send("Cross-origin request refused");
      return;
    }
    next();
  });

  // Probed by the Dockerfile's HEALTHCHECK and by load balancers: answers once the database does.
  app.get("/healthz", async (_req, res) => {
    try {
      await options.pingDatabase();
      res.status(200).type("text/plain").send("ok");
    } catch {
      res.status(503).type("text/plain").send("database unavailable");
    }
  });

  options.mountStatic?.(app);

  // Pages, actions and webhooks (not static files, which cost next to nothing) are counted, so an
  // in-process worker knows when the web is busy (web-load.server.ts).
  app.use((_req, _res, next) => {
    noteWebRequest();
    next();
  });

  const gate: RequestHandler[] = options.databaseCanBeDown
    ? [requireDatabase({ ping: options.pingDatabase, productName: settings.PRODUCT_NAME })]
    : [];
  // Last before the handler: it counts the bytes the handler's body stream reads (see its comment).
  const bodyLimit = limitRequestBody({ maxBytes: REQUEST_BODY_LIMIT_BYTES, exemptPaths: UPLOAD_PATHS });
  if (options.publicFormRoute) {
    const publicForm = servePublicForm(options.publicFormRoute);
    app.get(PUBLIC_FORM_PATHS, ...gate, bodyLimit, publicForm);
    app.post(PUBLIC_FORM_PATHS, ...gate, bodyLimit, publicForm);
  }
  app.all("*", ...gate, bodyLimit, options.handler);
  return app;
}

/** What React Router's loaders and actions learn about the connection (see app/context.server.ts). */
export function loadContextFor(req: ExpressRequest): RouterContextProvider {
  const context = new RouterContextProvider();
  context.set(clientIpContext, req.ip ?? "unknown");
  context.set(fromThisMachineContext, cameFromThisMachine(req.socket.remoteAddress, req.headers));
  context.set(pageEncodingContext, pageEncodingFor(req.headers));
  context.set(requestStartedAtContext, performance.now());
  return context;
}

/** The encoding of `PageEncoding` the request accepts, preferred as the compression middleware prefers them. */
export function pageEncodingFor(headers: IncomingHttpHeaders): PageEncoding {
  const chosen = new Negotiator({ headers }).encoding(["br", "gzip", "identity"], ["br", "gzip"]);
  return chosen === "br" || chosen === "gzip" ? chosen : "identity";
}

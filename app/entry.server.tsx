import { randomBytes } from "node:crypto";
import { isbot } from "isbot";
import { I18nextProvider } from "react-i18next";
import type { EntryContext, RouterContextProvider } from "react-router";
import { ServerRouter } from "react-router";
import { pageEncodingContext, requestStartedAtContext } from "~/context.server";
import { embeddedShopOf } from "~/domain/access/guard.server";
import { contentSecurityPolicy, frameOnlyPolicy, isFramableByAnySite } from "~/domain/access/security.server";
import { getI18n } from "~/i18n/i18n.server";
import { hasDeferredData, renderHtmlResponse } from "~/services/http/html-stream.server";
import { withMatchedRoutesOnly } from "~/services/http/matched-routes.server";
import { appendServerTiming } from "~/services/http/server-timing.server";

export const streamTimeout = 5_000;

// The public form's answers, for the Express front's fast path (server.ts reads them from the build).
export { postPublicForm, showPublicForm } from "~/routes/public/public-form.server";

/** React Router's arguments to a document request's handler. */
type DocumentRequest = [
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
];

export default function handleRequest(...args: DocumentRequest) {
  return renderDocument(args, withMatchedRoutesOnly);
}

/**
 * The same page with React Router's whole route manifest handed to ServerRouter, as it was before
 * withMatchedRoutesOnly: tests/unit/built-server.db.test.ts renders pages both ways through the built
 * app and holds them equal byte for byte (docs/decisions/0014). Not used to serve anything.
 */
export function handleRequestWithWholeManifest(...args: DocumentRequest) {
  return renderDocument(args, (context) => context);
}

async function renderDocument(
  [request, responseStatusCode, responseHeaders, routerContext, loadContext]: DocumentRequest,
  /** What ServerRouter is given of React Router's context (see withMatchedRoutesOnly). */
  routerContextToDraw: (context: EntryContext) => EntryContext,
) {
  appendLoadersTiming(responseHeaders, loadContext);
  const nonce = randomBytes(16).toString("base64");
  const framable = isFramableByAnySite(new URL(request.url).pathname);
  // Inside the Shopify admin, only the shop of a valid session token may frame the page.
  const embeddedShop = await embeddedShopOf({ request, context: loadContext });
  // The built app (npm start, Docker) always sends the whole policy; Vite's dev server, whose
  // injected scripts carry no nonce, sends only who may frame the page. NODE_ENV is not set by `npm start`.
  responseHeaders.set(
    "Content-Security-Policy",
    import.meta.env.PROD
      ? contentSecurityPolicy(nonce, { framable, embeddedShop })
      : frameOnlyPolicy({ framable, embeddedShop }),
  );
  const userAgent = request.headers.get("user-agent");
  // Crawlers and SPA mode get the whole page at once, and so does every page with nothing left to
  // stream; a page whose loader left data to arrive later streams from its shell.
  const whole =
    Boolean((userAgent && isbot(userAgent)) || routerContext.isSpaMode) ||
    !hasDeferredData(routerContext.staticHandlerContext.loaderData);

  return renderHtmlResponse(
    <I18nextProvider i18n={getI18n(loadContext)}>
      <ServerRouter context={routerContextToDraw(routerContext)} url={request.url} nonce={nonce} />
    </I18nextProvider>,
    {
      nonce,
      whole,
      encoding: loadContext.get(pageEncodingContext),
      status: responseStatusCode,
      headers: responseHeaders,
      url: request.url,
      abortAfterMs: streamTimeout + 1000,
    },
  );
}

/** A client navigation's data (.data requests) says how long its loaders took, as a page does. */
export function handleDataRequest(response: Response, { context }: { context: RouterContextProvider }) {
  appendLoadersTiming(response.headers, context);
  return response;
}

/** Server-Timing's `loaders`: everything from the request reaching React Router until its data was ready. */
function appendLoadersTiming(headers: Headers, context: RouterContextProvider) {
  const startedAt = context.get(requestStartedAtContext);
  if (startedAt !== null) appendServerTiming(headers, "loaders", performance.now() - startedAt);
}

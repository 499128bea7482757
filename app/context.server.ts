import { createContext, type RouterContext } from "react-router";

/** How a page written whole may be compressed for this visitor (html-stream.server.ts). */
export type PageEncoding = "br" | "gzip" | "identity";

/**
 * What server.ts tells loaders and actions about the connection. A context is found by identity,
 * and server.ts (run by tsx) and the built server bundle each have their own copy of this module:
 * the contexts live on globalThis so that both copies hand out the same objects.
 */
type SharedContexts = {
  clientIp: RouterContext<string>;
  fromThisMachine: RouterContext<boolean>;
  pageEncoding: RouterContext<PageEncoding>;
  requestStartedAt: RouterContext<number | null>;
};
const globalKey = Symbol.for("blusteam.request-contexts");
const holder = globalThis as typeof globalThis & { [globalKey]?: SharedContexts };
holder[globalKey] ??= {
  clientIp: createContext<string>("unknown"),
  fromThisMachine: createContext<boolean>(false),
  pageEncoding: createContext<PageEncoding>("identity"),
  requestStartedAt: createContext<number | null>(null),
};
const shared = holder[globalKey];

/** The visitor's address, read from the socket (or from X-Forwarded-For, as far as TRUST_PROXY trusts it). */
export const clientIpContext = shared.clientIp;

/** Whether the request came straight from this machine (loopback socket, no proxy): /dev/outbox needs it. */
export const fromThisMachineContext = shared.fromThisMachine;

/**
 * The encoding the visitor accepts that a whole page is compressed with, negotiated by Express from
 * Accept-Encoding as the compression middleware does (brotli first): a page with nothing left to
 * stream is compressed in one call instead of through the middleware's stream (html-stream.server.ts).
 */
export const pageEncodingContext = shared.pageEncoding;

/**
 * When the request reached React Router's handler (performance.now()), where Server-Timing's `loaders`
 * starts; null for a request that did not come through the Express front (a test calling a handler).
 */
export const requestStartedAtContext = shared.requestStartedAt;

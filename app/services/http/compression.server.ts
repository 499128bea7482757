import zlib from "node:zlib";
import compression from "compression";
import type { NextFunction, Request, RequestHandler, Response } from "express";

type Listener = ((...args: unknown[]) => void) & { listener?: (...args: unknown[]) => void };

/**
 * The compression middleware, with its 'drain' listeners kept from piling up.
 *
 * compression forwards `res.on("drain")` to its zlib stream but leaves `res.removeListener` on the
 * response (expressjs/compression#135). React Router's adapter waits for 'drain' with `once` after
 * every write that meets backpressure, so each such write left one spent listener on the zlib
 * stream for the rest of the response: "MaxListenersExceededWarning: 11 drain listeners added to
 * [BrotliCompress]" on every large page. Here the response keeps its own 'drain' listeners, and one
 * listener on whatever compression forwards to hands each 'drain' to them; removing one works.
 */
export function compressionWithDrainFix(): [RequestHandler, RequestHandler] {
  return [compression({ brotli: { params: brotliParams } }), keepDrainListenersOnResponse];
}

/**
 * Brotli at quality 1 with a 256 KB window. compression's default (quality 4, zlib's 4 MB window) cost
 * a signed-in page about as much CPU as serving it uncompressed; the window was cut first (a page is
 * 20-100 KB, so the larger one finds nothing more). On the 57 KB /contacts page, quality 4 took
 * 0.65 ms for 10.3 KB and quality 1 takes 0.14 ms for 12.1 KB: still a fifth of the page, and half a
 * millisecond less per page on the one thread that renders every page (`npm run bench:pages`).
 */
export const brotliParams = {
  [zlib.constants.BROTLI_PARAM_QUALITY]: 1,
  [zlib.constants.BROTLI_PARAM_LGWIN]: 18,
};

function keepDrainListenersOnResponse(_req: Request, res: Response, next: NextFunction) {
  const forwardedOn = res.on;
  const originalRemove = res.removeListener;
  const drainListeners: Listener[] = [];
  let relaying = false;

  res.on = function on(this: Response, event: string | symbol, listener: Listener) {
    if (event !== "drain") return forwardedOn.call(this, event, listener);
    if (!relaying) {
      relaying = true;
      forwardedOn.call(this, "drain", () => {
        for (const l of drainListeners.slice()) l.call(res);
      });
    }
    drainListeners.push(listener);
    return this;
  } as Response["on"];
  // EventEmitter's `once` and `addListener` go through `this.on`; its `off` goes through removeListener.
  res.addListener = res.on;
  res.removeListener = function removeListener(this: Response, event: string | symbol, listener: Listener) {
    if (event !== "drain") return originalRemove.call(this, event, listener);
    const index = drainListeners.findIndex((l) => l === listener || l.listener === listener);
    if (index !== -1) drainListeners.splice(index, 1);
    return this;
  } as Response["removeListener"];
  res.off = res.removeListener;
  next();
}

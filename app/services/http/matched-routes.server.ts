import type { EntryContext } from "react-router";

/**
 * The context React Router hands entry.server.tsx, with a manifest of only the routes this request
 * matched, for its ServerRouter. ServerRouter turns every route of the manifest into route objects
 * twice per request (createServerRoutes, then createStaticRouter's data routes) and matches the URL
 * against all of them again, though a server render only ever draws the matched branch: with the
 * app's 130-odd routes that was about 8% of a signed-in page's CPU (`npm run bench:render`). The
 * client builds its routes from the manifest file (routeDiscovery "initial"), and the data handed
 * to it (serverHandoffString, the loader data) was written before this point, so the page is the
 * same byte for byte. The original context is left as it is.
 */
export function withMatchedRoutesOnly(context: EntryContext): EntryContext {
  const matched = new Set(context.staticHandlerContext.matches.map((match) => match.route.id));
  const routes = Object.fromEntries(
    Object.entries(context.manifest.routes).filter(([id]) => matched.has(id)),
  );
  return { ...context, manifest: { ...context.manifest, routes } };
}

import { boundary } from "@shopify/shopify-app-react-router/server";
import type { HeadersArgs } from "react-router";

/**
 * The `headers` of every page (each exports it beside its ErrorBoundary), as Shopify's template sets
 * them (`boundary.headers`): any page may answer a request from inside the Shopify admin, whose
 * session token every guard (and the sign-in pages' viewer check) verifies first. When a guard
 * throws the library's answer to a bad session token (a fetch's 401 carrying
 * X-Shopify-Retry-Invalid-Session-Request, which App Bridge retries once with a fresh token), that
 * response's headers become the page's or data request's: without a `headers` export, React Router
 * keeps only the cookies of a thrown response, and the expired token's request would fail for good.
 * Otherwise it passes the parent's, the loader's and the action's headers on.
 *
 * React Router asks the route whose loader or action failed first: the layout (app-layout.tsx) for a
 * screen's data, since its guard and the screen's fail together, the screen itself for an action, the
 * page for one outside the layout. app/routes/embedded/session-token-retry.db.test.ts sends an expired
 * token to every page of app/routes.ts through React Router and fails on a 401 without the header.
 */
export function shopifyBoundaryHeaders(args: HeadersArgs): Headers {
  return boundary.headers(args);
}

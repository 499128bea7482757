import { data } from "react-router";
import { clientIpContext } from "~/context.server";
import { shopifyBoundaryHeaders } from "~/domain/shopify/boundary-headers.server";
import { beginStoreInstall } from "~/domain/shopify/install.server";
import { InstallProblemPage } from "~/ui/onboarding/install-problem";
import { RouteErrorBoundary } from "~/ui/route-error-boundary";
import type { Route } from "./+types/install";

/**
 * /shopify-install (spec 3 section 2.6), public: Shopify opens it with shop, hmac and timestamp when a
 * merchant installs the app. No session guard (anyone may arrive from Shopify, signed in or not): the
 * HMAC check and the per-address rate limit in beginStoreInstall are its guard. A valid request gets
 * the library's 302 to the shop's OAuth page; anything else a page saying why.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const outcome = await beginStoreInstall(request, context.get(clientIpContext));
  if (outcome.ok) return outcome.response;
  return data({ problem: outcome.problem }, { status: outcome.status });
}

export default function ShopifyInstall({ loaderData }: Route.ComponentProps) {
  return <InstallProblemPage problem={loaderData.problem} />;
}

export const ErrorBoundary = RouteErrorBoundary;
export const headers = shopifyBoundaryHeaders;

import { Page } from "@shopify/polaris";
import { requireMemberWith } from "~/domain/access/guard.server";
import { shopifyBoundaryHeaders } from "~/domain/shopify/boundary-headers.server";
import { RouteErrorBoundary } from "~/ui/route-error-boundary";
import { WebchatTabs } from "~/ui/webchat/webchat-tabs";
import type { Route } from "./+types/unknown-tab";

/** /webchat/{anything else}: the tabs, none selected, marked as an error (spec 3 section 2.4). */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireMemberWith({ request, context }, "webchat.view");
  return null;
}

export default function WebchatUnknownTab() {
  return (
    <Page fullWidth>
      <WebchatTabs current="error" />
    </Page>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
export const headers = shopifyBoundaryHeaders;

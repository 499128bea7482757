import { Outlet } from "react-router";
import { loadShell } from "~/domain/access/shell.server";
import { shopifyBoundaryHeaders } from "~/domain/shopify/boundary-headers.server";
import { redirectInvitationLink } from "~/domain/team/invite-link.server";
import { RouteErrorBoundary } from "~/ui/route-error-boundary";
import { AppShell } from "~/ui/shell/app-shell";
import type { Route } from "./+types/app-layout";

// Runs before any loader of the signed-in screens, so an invitation link is settled first.
export const middleware: Route.MiddlewareFunction[] = [
  async ({ request, context }, next) => {
    await redirectInvitationLink({ request, context });
    return next();
  },
];

export async function loader({ request, context }: Route.LoaderArgs) {
  return loadShell({ request, context });
}

export default function AppLayout({ loaderData }: Route.ComponentProps) {
  return (
    <AppShell shell={loaderData}>
      <Outlet />
    </AppShell>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
export const headers = shopifyBoundaryHeaders;

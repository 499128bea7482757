import { Outlet } from "react-router";
import { loadShell } from "~/domain/access/shell.server";
import { handleInvitationLink } from "~/domain/team/invite-link.server";
import { AppShell } from "~/ui/shell/app-shell";
import type { Route } from "./+types/app-layout";

// Runs before any loader of the signed-in screens, so an invitation link is settled first.
export const middleware: Route.MiddlewareFunction[] = [
  async ({ request }, next) => {
    await handleInvitationLink(request);
    return next();
  },
];

export async function loader({ request }: Route.LoaderArgs) {
  return loadShell(request);
}

export default function AppLayout({ loaderData }: Route.ComponentProps) {
  return (
    <AppShell shell={loaderData}>
      <Outlet />
    </AppShell>
  );
}

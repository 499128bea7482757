import { Outlet } from "react-router";
import { loadShell } from "~/domain/access/shell.server";
import { AppShell } from "~/ui/shell/app-shell";
import type { Route } from "./+types/app-layout";

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

import { requireViewer } from "~/domain/access/guard.server";
import { latestAccessRequest } from "~/domain/accounts/accounts.server";
import type { Route } from "./+types/setup-status";

/** Polled by the pending-approval page: has the access request been decided? */
export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = await requireViewer({ request, context });
  const latest = await latestAccessRequest(viewer);
  if (!latest || latest.status === "DENIED") return { state: "denied" as const };
  const member = viewer.memberships.some((m) => m.accountId === latest.accountId);
  return { state: member || latest.status === "APPROVED" ? ("approved" as const) : ("pending" as const) };
}

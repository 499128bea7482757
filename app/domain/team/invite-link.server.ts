import { redirect } from "react-router";
import { getOptionalViewer, isPlatformStaff } from "~/domain/access/guard.server";
import { redirectWithToast } from "~/domain/auth/session.server";
import { acceptInvitation } from "./invitations.server";

/**
 * The emailed invitation link (/?requestid={invite id}). Signed in with the invited email: joins at
 * once. Otherwise the page opens without the id and shows why (?invite=ineligible or not_found).
 * Signed-out visitors are left to the guards, which send them to /signup with the id.
 */
export async function handleInvitationLink(request: Request) {
  const url = new URL(request.url);
  const inviteId = url.searchParams.get("requestid");
  if (!inviteId || request.method !== "GET") return;
  const viewer = await getOptionalViewer(request);
  if (!viewer || viewer.suspended) return;
  const outcome = await acceptInvitation(viewer, inviteId);
  if (outcome === "joined")
    throw await redirectWithToast(request, "/", { message: "toasts.joinedOrganization" });
  const problem = outcome === "ineligible" ? "ineligible" : "not_found";
  const hasHome = viewer.memberships.length > 0 || isPlatformStaff(viewer);
  if (hasHome) throw redirect(`/?invite=${problem}`);
  // Without a company the id may be a company's Account ID from an older link: setup opens Request access with it.
  if (problem === "not_found" && inviteId.length === 36)
    throw redirect(`/setup?requestid=${encodeURIComponent(inviteId)}&invite=not_found`);
  throw redirect(`/setup?invite=${problem}`);
}

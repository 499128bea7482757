import { redirect } from "react-router";
import {
  type GuardArgs,
  getOptionalViewer,
  isPlatformStaff,
  type Viewer,
} from "~/domain/access/guard.server";
import { redirectWithToast } from "~/domain/auth/session.server";
import { acceptInvitation } from "./invitations.server";

/** The page that accepts an emailed invitation with a POST (joining never happens on a GET). */
export const INVITATION_LINK_PAGE = "/invitation-link";

/**
 * The emailed invitation link (/?requestid={invite id}). Signed in: sent to the page that posts the
 * acceptance as it loads. Signed-out visitors are left to the guards, which send them to /signup with the id.
 */
export async function redirectInvitationLink(args: Exclude<GuardArgs, Request>) {
  const url = new URL(args.request.url);
  const inviteId = url.searchParams.get("requestid");
  if (!inviteId || args.request.method !== "GET") return;
  const viewer = await getOptionalViewer(args);
  if (!viewer || viewer.suspended) return;
  throw redirect(`${INVITATION_LINK_PAGE}?${new URLSearchParams({ requestid: inviteId })}`);
}

/**
 * Accepts the link's invitation. Joined: the company's home. Otherwise the page the user belongs on
 * shows why (?invite=ineligible or not_found).
 */
export async function followInvitationLink(request: Request, viewer: Viewer, inviteId: string) {
  const outcome = await acceptInvitation(viewer, inviteId);
  if (outcome === "joined") return redirectWithToast(request, "/", { message: "toasts.joinedOrganization" });
  const problem = outcome === "ineligible" ? "ineligible" : "not_found";
  const hasHome = viewer.memberships.length > 0 || isPlatformStaff(viewer);
  if (hasHome) return redirect(`/?invite=${problem}`);
  // Without a company the id may be a company's Account ID from an older link: setup opens Request access with it.
  if (problem === "not_found" && inviteId.length === 36)
    return redirect(`/setup?requestid=${encodeURIComponent(inviteId)}&invite=not_found`);
  return redirect(`/setup?invite=${problem}`);
}

import { eq } from "drizzle-orm";
import { redirect } from "react-router";
import { getDb } from "#db/client.server";
import { accounts, legalDocuments } from "#db/schema";
import { config } from "~/config.server";
import { termsAcceptanceNeeded } from "~/domain/accounts/accounts.server";
import { listMyInvitations } from "~/domain/team/invitations.server";
import { isPlatformStaff, type MemberContext, requireViewer } from "./guard.server";
import { can } from "./permissions";

/** What the application shell needs on every signed-in screen. */
export async function loadShell(request: Request) {
  const viewer = await requireViewer(request);
  const active = viewer.memberships[0];
  if (!active && !isPlatformStaff(viewer)) throw redirect("/setup");
  const db = getDb();
  const [account] = active ? await db.select().from(accounts).where(eq(accounts.id, active.accountId)) : [];
  if (account?.disabled) throw redirect("/suspended");
  const subject = { roles: viewer.roles, isCompanyAdmin: active?.isCompanyAdmin ?? false, readOnly: false };
  const context: MemberContext | null = account ? { ...viewer, ...subject, account } : null;
  const legal = await db.select().from(legalDocuments);
  return {
    user: viewer.user,
    roles: viewer.roles,
    memberships: viewer.memberships,
    account: account
      ? {
          id: account.id,
          company: account.company,
          accountStatus: account.accountStatus,
          lateStartDate: account.lateStartDate?.toISOString() ?? null,
        }
      : null,
    permissions: {
      adminView: can(subject, "admin.view"),
      betaView: can(subject, "beta.view"),
      chatView: can(subject, "chat.view"),
      acceptTerms: can(subject, "terms.accept"),
    },
    invitations: await listMyInvitations(viewer),
    inviteProblem: inviteProblemOf(request),
    termsAcceptanceNeeded: context ? await termsAcceptanceNeeded(context) : false,
    legal: Object.fromEntries(
      legal.map((d) => [d.kind, { url: d.url, updatedAt: d.updatedAt.toISOString() }]),
    ),
    product: config().PRODUCT_NAME,
  };
}

function inviteProblemOf(request: Request): "ineligible" | "not_found" | null {
  const problem = new URL(request.url).searchParams.get("invite");
  return problem === "ineligible" || problem === "not_found" ? problem : null;
}

export type ShellData = Awaited<ReturnType<typeof loadShell>>;

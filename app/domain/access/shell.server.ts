import { redirect } from "react-router";
import { getDb } from "#db/client.server";
import { preparedStatement } from "#db/prepared.server";
import { legalDocuments } from "#db/schema";
import { config } from "~/config.server";
import { termsAcceptanceNeeded } from "~/domain/accounts/accounts.server";
import { listMyInvitations } from "~/domain/team/invitations.server";
import {
  type GuardArgs,
  getWorkspace,
  isPlatformStaff,
  type MemberContext,
  requireViewer,
} from "./guard.server";
import { can } from "./permissions";

/**
 * What the application shell needs on every signed-in screen. The viewer and workspace come from the
 * request's context, so the screen's own guard reuses them instead of querying again.
 */
export async function loadShell(args: Exclude<GuardArgs, Request>) {
  const { request } = args;
  const viewer = await requireViewer(args);
  const workspace = await getWorkspace(args, viewer);
  if (!workspace && !isPlatformStaff(viewer)) throw redirect("/setup");
  const account = workspace?.account;
  if (account?.disabled && !workspace?.viewAs) throw redirect("/suspended");
  const subject = {
    roles: viewer.roles,
    isCompanyAdmin: workspace?.isCompanyAdmin ?? false,
    readOnly: workspace?.readOnly ?? false,
  };
  const context: MemberContext | null = workspace ? { ...viewer, ...workspace } : null;
  // Independent reads, side by side: the legal documents (the terms among them) and the invitations.
  const [legal, invitations] = await Promise.all([
    preparedStatement(getDb(), "legal_documents", (db, name) =>
      db.select().from(legalDocuments).prepare(name),
    ).execute(),
    listMyInvitations(viewer),
  ]);
  const terms = legal.find((document) => document.kind === "terms") ?? null;
  const hostname = new URL(request.url).hostname;
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
          // The status banners' Read more opens the Stripe billing portal when the company has a
          // Stripe customer (and the viewer may use it); otherwise the Billing tab.
          billingPortal:
            Boolean(account.stripeCustomerId && config().STRIPE_SECRET_KEY) && can(subject, "billing.write"),
        }
      : null,
    viewAs: workspace?.viewAs ?? null,
    // The header turns red while an admin views a company on a production host (spec 1 section 2).
    productionWarning: Boolean(workspace?.viewAs) && productionHostnames().includes(hostname),
    permissions: {
      adminView: can(subject, "admin.view"),
      betaView: can(subject, "beta.view"),
      chatView: can(subject, "chat.view"),
      acceptTerms: can(subject, "terms.accept"),
    },
    invitations,
    inviteProblem: inviteProblemOf(request),
    // Only members answer for their company; staff viewing it are exempt.
    termsAcceptanceNeeded: context && !context.viewAs ? await termsAcceptanceNeeded(context, terms) : false,
    legal: Object.fromEntries(
      legal.map((d) => [d.kind, { url: d.url, updatedAt: d.updatedAt.toISOString() }]),
    ),
    product: config().PRODUCT_NAME,
  };
}

function productionHostnames() {
  return config()
    .PRODUCTION_HOSTNAMES.split(",")
    .map((h) => h.trim().toLowerCase())
    .filter(Boolean);
}

function inviteProblemOf(request: Request): "ineligible" | "not_found" | null {
  const problem = new URL(request.url).searchParams.get("invite");
  return problem === "ineligible" || problem === "not_found" ? problem : null;
}

export type ShellData = Awaited<ReturnType<typeof loadShell>>;

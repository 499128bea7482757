import { eq } from "drizzle-orm";
import { data, redirect } from "react-router";
import { getDb } from "#db/client.server";
import { accounts } from "#db/schema";
import { requireViewerWith } from "~/domain/access/guard.server";
import { commit, getCookieSession } from "~/domain/auth/session.server";
import type { Route } from "./+types/view-as";

/** "View As": a platform admin opens a company as Admin or RO Admin, and returns to their profile. */
export async function action({ request }: Route.ActionArgs) {
  const viewer = await requireViewerWith(request, "admin.view");
  const form = await request.formData();
  const session = await getCookieSession(request);
  if (form.get("intent") === "exit") {
    session.unset("viewAs");
    return redirect("/admin", { headers: await commit(session) });
  }
  const accountId = String(form.get("accountId") ?? "");
  // roadmin never gets the Admin option (spec 1 section 6).
  const mode = form.get("mode") === "admin" && viewer.roles.includes("admin") ? "admin" : "roadmin";
  if (form.get("mode") === "admin" && mode !== "admin") return data({ error: "Forbidden" }, 403);
  const [account] = await getDb()
    .select({ id: accounts.id })
    .from(accounts)
    .where(eq(accounts.id, accountId));
  if (!account) return data({ error: "Not found" }, 404);
  session.set("viewAs", JSON.stringify({ accountId, mode }));
  return redirect("/", { headers: await commit(session) });
}

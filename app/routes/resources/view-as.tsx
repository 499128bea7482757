import { eq } from "drizzle-orm";
import { data, redirect } from "react-router";
import { z } from "zod";
import { getDb } from "#db/client.server";
import { accounts } from "#db/schema";
import { requireViewerWith, type Viewer } from "~/domain/access/guard.server";
import { parseIntent, rejectedForm, unknownIntent, uuidField } from "~/domain/actions/intent";
import { commit, getCookieSession } from "~/domain/auth/session.server";
import type { Route } from "./+types/view-as";

const viewAsSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("exit") }),
  z.object({
    // The intent of opening a company may be left out: older forms and scripts post only the id.
    intent: z.literal("view").default("view"),
    accountId: uuidField,
    mode: z.enum(["admin", "roadmin"]).optional(),
  }),
]);

/** "View As": a platform admin opens a company as Admin or RO Admin, and returns to their profile. */
export async function action({ request, context }: Route.ActionArgs) {
  const viewer = await requireViewerWith({ request, context }, "admin.view");
  const form = await request.formData();
  const submission = parseIntent(form, viewAsSchema);
  if (submission.status !== "success") return rejectedForm(submission);
  const input = submission.value;
  switch (input.intent) {
    case "exit":
      return exit(request);
    case "view":
      return view(request, viewer, input.accountId, input.mode);
    default:
      return unknownIntent();
  }
}

async function exit(request: Request) {
  const session = await getCookieSession(request);
  session.unset("viewAs");
  return redirect("/admin", { headers: await commit(session) });
}

async function view(
  request: Request,
  viewer: Viewer,
  accountId: string,
  requested: "admin" | "roadmin" | undefined,
) {
  // roadmin never gets the Admin option (spec 1 section 6).
  if (requested === "admin" && !viewer.roles.includes("admin")) return data({ error: "Forbidden" }, 403);
  const mode = requested === "admin" ? "admin" : "roadmin";
  const [account] = await getDb()
    .select({ id: accounts.id })
    .from(accounts)
    .where(eq(accounts.id, accountId));
  if (!account) return data({ error: "Not found" }, 404);
  const session = await getCookieSession(request);
  session.set("viewAs", JSON.stringify({ accountId, mode }));
  return redirect("/", { headers: await commit(session) });
}

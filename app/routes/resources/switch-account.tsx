import { data, redirect } from "react-router";
import { z } from "zod";
import { permit, requireViewer, viewerSubject } from "~/domain/access/guard.server";
import { switchActiveAccount } from "~/domain/accounts/accounts.server";
import { parseIntent, rejectedForm, uuidField } from "~/domain/actions/intent";
import type { Route } from "./+types/switch-account";

const switchSchema = z.object({ accountId: uuidField });

/** Makes another of the user's companies the active one. Memberships are re-read on the next request. */
export async function action({ request, context }: Route.ActionArgs) {
  const viewer = await requireViewer({ request, context });
  permit(viewerSubject(viewer), "account.switch");
  const submission = parseIntent(await request.formData(), switchSchema);
  if (submission.status !== "success") return rejectedForm(submission);
  const switched = await switchActiveAccount(viewer.user.id, submission.value.accountId);
  if (!switched) return data({ ok: false }, 403);
  return request.headers.get("Accept")?.includes("text/html") ? redirect("/") : { ok: true };
}

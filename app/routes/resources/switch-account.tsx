import { data, redirect } from "react-router";
import { requireViewer } from "~/domain/access/guard.server";
import { switchActiveAccount } from "~/domain/accounts/accounts.server";
import type { Route } from "./+types/switch-account";

/** Makes another of the user's companies the active one. Memberships are re-read on the next request. */
export async function action({ request }: Route.ActionArgs) {
  const viewer = await requireViewer(request);
  const accountId = String((await request.formData()).get("accountId") ?? "");
  const switched = await switchActiveAccount(viewer.user.id, accountId);
  if (!switched) return data({ ok: false }, 403);
  return request.headers.get("Accept")?.includes("text/html") ? redirect("/") : { ok: true };
}

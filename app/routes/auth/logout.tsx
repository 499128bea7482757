import { redirect } from "react-router";
import { endUserSession } from "~/domain/auth/session.server";
import type { Route } from "./+types/logout";

/**
 * POST only, so a link or an image cannot sign anyone out. `everywhere` is the global sign-out. A post
 * without a form body (a script's bare POST, an empty or unreadable body) signs out this session.
 */
export async function action({ request }: Route.ActionArgs) {
  const form = await request.formData().catch(() => null);
  return endUserSession(request, { everywhere: form?.get("everywhere") === "true" });
}

export function loader() {
  return redirect("/");
}

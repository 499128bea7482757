import { redirect } from "react-router";
import { safeRedirectPath } from "~/domain/auth/safe-redirect";
import { localeCookie } from "~/i18n/i18n.server";
import { isLanguage } from "~/i18n/resources";
import type { Route } from "./+types/language";

/** Remembers the chosen language in a cookie. */
export async function action({ request }: Route.ActionArgs) {
  const form = await request.formData();
  const lng = form.get("lng");
  if (!isLanguage(lng)) return new Response("Unsupported language", { status: 400 });
  return redirect(safeRedirectPath(form.get("redirectTo")), {
    headers: { "Set-Cookie": await localeCookie.serialize(lng) },
  });
}

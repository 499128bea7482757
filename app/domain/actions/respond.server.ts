import { data } from "react-router";
import { safeRedirectPath } from "~/domain/auth/safe-redirect";
import { redirectWithToast } from "~/domain/auth/session.server";
import type { Toast } from "./toast";

/**
 * Answers a small action. Fetchers (JavaScript on) get the toast as data; a plain form post
 * (JavaScript off) is sent back to the page it came from with the toast as a flash.
 */
export async function respond<T extends Record<string, unknown>>(
  request: Request,
  form: FormData,
  toast: Toast,
  extra?: T,
  status = toast.error ? 400 : 200,
) {
  const wantsPage = request.headers.get("Accept")?.includes("text/html");
  if (wantsPage)
    return redirectWithToast(request, safeRedirectPath(form.get("redirectTo"), "/settings"), toast);
  return data({ toast, ...(extra ?? ({} as T)) }, { status });
}

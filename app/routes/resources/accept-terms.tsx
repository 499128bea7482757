import { requireMemberWith } from "~/domain/access/guard.server";
import { acceptTerms } from "~/domain/accounts/accounts.server";
import { safeRedirectPath } from "~/domain/auth/safe-redirect";
import { redirectWithToast } from "~/domain/auth/session.server";
import type { Route } from "./+types/accept-terms";

/** The terms-acceptance modal's Accept: stores the time in the company metadata (TnCAcceptedAt). */
export async function action({ request, context }: Route.ActionArgs) {
  const member = await requireMemberWith({ request, context }, "terms.accept");
  const form = await request.formData();
  await acceptTerms(member);
  return redirectWithToast(request, safeRedirectPath(form.get("redirectTo")), {
    message: "toasts.termsAccepted",
  });
}

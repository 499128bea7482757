import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "react-router";
import { requireViewerWith } from "~/domain/access/guard.server";
import { respond } from "~/domain/actions/respond.server";
import { updateLegalLink } from "~/domain/admin/legal.server";
import { legalLinkSchema } from "~/domain/admin/legal-link";
import type { Route } from "./+types/legal";

/** Saves the hosted link of the Terms & Conditions or the Privacy Policy. Platform admins only. */
export async function action({ request, context }: Route.ActionArgs) {
  const viewer = await requireViewerWith({ request, context }, "admin.write");
  const form = await request.formData();
  if (!form.has("redirectTo")) form.set("redirectTo", "/admin?tab=terms");
  const submission = parseWithZod(form, { schema: legalLinkSchema });
  if (submission.status !== "success") return data({ result: submission.reply(), toast: null }, 400);
  const { kind, url } = submission.value;
  try {
    await updateLegalLink(viewer, kind, url);
  } catch (error) {
    console.error("updating the legal link failed", error);
    return respond(
      request,
      form,
      { message: "adminTerms.toasts.failed", error: true },
      { result: submission.reply({ resetForm: false }) },
      500,
    );
  }
  return respond(
    request,
    form,
    { message: kind === "terms" ? "adminTerms.toasts.termsUpdated" : "adminTerms.toasts.privacyUpdated" },
    { result: submission.reply({ resetForm: false }) },
  );
}

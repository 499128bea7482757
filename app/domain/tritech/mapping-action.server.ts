import type { MemberContext } from "~/domain/access/guard.server";
import { permit } from "~/domain/access/guard.server";
import { parseIntent, rejectedForm } from "~/domain/actions/intent";
import { respond } from "~/domain/actions/respond.server";
import type { Toast } from "~/domain/actions/toast";
import { saveTritechMapping } from "./mappings.server";
import { tritechMappingSchema } from "./schemas";

const REASON_TOAST = {
  duplicate: "tritech.pairTaken",
  unchanged: "tritech.mappingUnchanged",
  empty: "tritech.mappingEmpty",
} as const;

const CHANGE_TOAST = {
  created: "tritech.mappingCreated",
  updated: "tritech.mappingUpdated",
  deleted: "tritech.mappingDeleted",
} as const;

/** The Tri-Tech tab's save on /product-mapping (intent "tritech-mapping"). */
export async function answerTritechMapping(request: Request, form: FormData, member: MemberContext) {
  permit(member, "tritech.configure");
  const submission = parseIntent(form, tritechMappingSchema);
  if (submission.status !== "success") return rejectedForm(submission);
  const { productId, pair } = submission.value;
  const saved = await saveTritechMapping(member, productId, pair);
  if (!saved.ok) {
    const toast: Toast =
      saved.reason === "product-not-found"
        ? { message: "tritech.productGone", error: true }
        : { message: REASON_TOAST[saved.reason], error: true };
    return respond(request, form, toast, {}, saved.reason === "product-not-found" ? 404 : 400);
  }
  return respond(request, form, { message: CHANGE_TOAST[saved.change] }, { saved: true, pairs: saved.pairs });
}

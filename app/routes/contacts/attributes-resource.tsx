import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "react-router";
import { requireMemberWith } from "~/domain/access/guard.server";
import { respond } from "~/domain/actions/respond.server";
import { createAttribute } from "~/domain/contacts/attributes.server";
import { attributeSchema } from "~/domain/contacts/schemas";
import type { Route } from "./+types/attributes-resource";

/** The add-attribute drawer (contacts page: contact attributes; product page: product attributes). */
export async function action({ request, context }: Route.ActionArgs) {
  const member = await requireMemberWith({ request, context }, "attributes.write");
  const form = await request.formData();
  const submission = parseWithZod(form, { schema: attributeSchema });
  if (submission.status !== "success") return data({ result: submission.reply(), toast: null }, 400);
  const created = await createAttribute(member, submission.value);
  if (created.ok)
    return respond(
      request,
      form,
      { message: "contacts.toasts.attributeAdded" },
      {
        result: submission.reply({ resetForm: true }),
      },
    );
  if (created.reason === "duplicate")
    return data(
      {
        result: submission.reply({ fieldErrors: { title: ["contacts.validation.attributeTitleTaken"] } }),
        toast: null,
      },
      409,
    );
  return respond(
    request,
    form,
    { message: "contacts.toasts.somethingWentWrong", error: true },
    { result: submission.reply() },
  );
}

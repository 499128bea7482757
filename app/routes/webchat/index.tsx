import { redirect } from "react-router";
import { requireMemberWith } from "~/domain/access/guard.server";
import type { Route } from "./+types/index";

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireMemberWith({ request, context }, "webchat.view");
  return redirect("/webchat/email-templates");
}

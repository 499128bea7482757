import { redirect } from "react-router";
import { requireMemberWith } from "~/domain/access/guard.server";
import type { Route } from "./+types/index";

export async function loader({ request }: Route.LoaderArgs) {
  await requireMemberWith(request, "beta.view");
  return redirect("/webchat/email-templates");
}

import { requireMember } from "~/domain/access/guard.server";
import { chooseContactPage } from "~/domain/products/choose-contact.server";
import type { Route } from "./+types/contacts-resource";

/** Pages of the company's contacts for the Choose Contact modal. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const member = await requireMember({ request, context });
  const url = new URL(request.url);
  return chooseContactPage(member, {
    search: url.searchParams.get("q"),
    after: url.searchParams.get("after"),
    productId: url.searchParams.get("productId") ?? "",
  });
}

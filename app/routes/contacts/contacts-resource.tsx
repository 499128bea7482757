import { requireMember } from "~/domain/access/guard.server";
import { listContacts } from "~/domain/contacts/contacts.server";
import { formatPhone } from "~/domain/contacts/phone";
import { linkedContactIds } from "~/domain/products/links.server";
import { CHOOSE_CONTACT_PAGE_SIZE } from "~/domain/products/schemas";
import type { Route } from "./+types/contacts-resource";

/**
 * Pages of the company's contacts for the Choose Contact modal (search, infinite scroll). With a
 * productId, contacts already linked to that product are marked.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const member = await requireMember({ request, context });
  const url = new URL(request.url);
  const page = await listContacts(member, {
    search: url.searchParams.get("q"),
    pageSize: CHOOSE_CONTACT_PAGE_SIZE,
    after: url.searchParams.get("after"),
  });
  const productId = url.searchParams.get("productId") ?? "";
  const linked = productId
    ? await linkedContactIds(
        member,
        productId,
        page.rows.map((row) => row.id),
      )
    : new Set<string>();
  return {
    rows: page.rows.map((row) => ({
      id: row.id,
      name: `${row.firstName} ${row.lastName}`,
      phone: formatPhone(row.phone),
      email: row.email,
      linked: linked.has(row.id),
    })),
    nextCursor: page.nextCursor,
  };
}

export type ChooseContactPage = Awaited<ReturnType<typeof loader>>;

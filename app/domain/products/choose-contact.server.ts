import { listContacts } from "~/domain/contacts/contacts.server";
import { formatPhone } from "~/domain/contacts/phone";
import type { AccountScope } from "~/domain/kernel/scope";
import { linkedContactIds } from "~/domain/products/links.server";
import { CHOOSE_CONTACT_PAGE_SIZE } from "~/domain/products/schemas";

/**
 * A page of the company's contacts for the Choose Contact modal (search, infinite scroll). With a
 * productId, contacts already linked to that product are marked.
 */
export async function chooseContactPage(
  member: AccountScope,
  query: { search: string | null; after: string | null; productId: string },
) {
  const page = await listContacts(member, {
    search: query.search,
    pageSize: CHOOSE_CONTACT_PAGE_SIZE,
    after: query.after,
  });
  const linked = query.productId
    ? await linkedContactIds(
        member,
        query.productId,
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

export type ChooseContactPage = Awaited<ReturnType<typeof chooseContactPage>>;

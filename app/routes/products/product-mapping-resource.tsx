import { data } from "react-router";
import { requireMember } from "~/domain/access/guard.server";
import { catalogueSyncOf } from "~/domain/shopify/commerce/catalogue.server";
import { cataloguePage, selectableVariants } from "~/domain/shopify/commerce/mapping-catalogue.server";
import { resourceQuery } from "~/domain/shopify/commerce/mapping-schemas";
import { mappedVariantsOf } from "~/domain/shopify/commerce/mappings.server";
import { syncView } from "~/ui/product-mapping/sync-view";
import type { Route } from "./+types/product-mapping-resource";

/**
 * What /product-mapping's edit modal and Sync Now read while the page stays open: the store
 * catalogue's pages (searched on the server), select all, a product's current mapping, and the
 * running sync. Reads only, so a read-only admin may look too; every read is the caller's company's.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const member = await requireMember({ request, context });
  const query = resourceQuery.safeParse(Object.fromEntries(new URL(request.url).searchParams));
  if (!query.success) throw data({ error: "Bad request" }, 400);
  const input = query.data;
  switch (input.view) {
    case "catalogue":
      return cataloguePage(member, { search: input.q, after: input.after });
    case "selectable":
      return selectableVariants(member, { productId: input.product, search: input.q });
    case "mapped":
      return { variants: await mappedVariantsOf(member, input.product) };
    case "sync":
      return { sync: syncView(await catalogueSyncOf(member)) };
  }
}

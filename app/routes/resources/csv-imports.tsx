import { requireMember } from "~/domain/access/guard.server";
import { listCsvImports } from "~/domain/contacts/csv-import-queries.server";
import type { CsvImportsData } from "~/domain/contacts/csv-types";
import { listProducts } from "~/domain/products/products.server";
import type { Route } from "./+types/csv-imports";

/** The company's recent CSV imports (running and finished), and its products to link imported contacts to. */
export async function loader({ request, context }: Route.LoaderArgs): Promise<CsvImportsData> {
  const member = await requireMember({ request, context });
  const [imports, products] = await Promise.all([listCsvImports(member, 5), listProducts(member)]);
  return { imports, products };
}

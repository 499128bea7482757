import { eq } from "drizzle-orm";
import { getDb } from "#db/client.server";
import { accounts } from "#db/schema";
import type { Queryable } from "~/domain/kernel/scope";
import { asCountry, type CountryCode } from "./country";

/**
 * The company's country, which phone numbers written without "+country code" belong to. A signed-in
 * context already holds the company's row; a background job's scope ({ account: { id } }) does not,
 * and then it is read.
 */
export async function companyCountry(
  scope: { account: { id: string; country?: string | null } },
  db: Queryable = getDb(),
): Promise<CountryCode> {
  if (scope.account.country) return asCountry(scope.account.country);
  const [row] = await db
    .select({ country: accounts.country })
    .from(accounts)
    .where(eq(accounts.id, scope.account.id));
  return asCountry(row?.country);
}

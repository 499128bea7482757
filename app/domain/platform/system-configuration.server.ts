import { like } from "drizzle-orm";
import { getDb } from "#db/client.server";
import { systemConfiguration } from "#db/schema";
import type { ConfiguredPattern, SubdomainPatterns } from "~/domain/accounts/schemas";

function isPattern(value: unknown): value is ConfiguredPattern {
  const v = value as ConfiguredPattern;
  return typeof v?.regex === "string" && typeof v?.errorMessage === "string";
}

/** The '{kind}pattern' entries for both subdomain fields, in key order. */
export async function loadSubdomainPatterns(): Promise<SubdomainPatterns> {
  const rows = await getDb()
    .select()
    .from(systemConfiguration)
    .where(like(systemConfiguration.key, "%pattern%"))
    .orderBy(systemConfiguration.key);
  const pick = (kind: string) =>
    rows
      .filter((r) => r.key.startsWith(`${kind}pattern`) && isPattern(r.value))
      .map((r) => r.value as ConfiguredPattern);
  return { subDomain: pick("subDomain"), alias: pick("alias") };
}

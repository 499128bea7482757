import { and, eq, ne, sql } from "drizzle-orm";
import type { Db } from "#db/client.server";
import { accounts, webchatBranding } from "#db/schema";
import { type ConfiguredPattern, failingPatternMessages } from "~/domain/accounts/schemas";
import { ownsAssets } from "./assets.server";
import {
  BRANDING_ERRORS,
  type ChatBranding,
  chatBrandingSchema,
  defaultChatBranding,
  IMAGE_FIELDS,
  SUBDOMAIN,
} from "./branding-schema";

type BrandingRow = typeof webchatBranding.$inferSelect;

function fromRow(row: BrandingRow, subdomain: string | null): ChatBranding {
  const { accountId: _a, updatedAt: _u, updatedBy: _b, ...fields } = row;
  return { ...fields, subdomain: subdomain ?? "" };
}

/** The company's branding; the defaults (named after the company) when it never saved one. */
export async function getChatBranding(db: Db, accountId: string): Promise<ChatBranding> {
  const [found] = await db
    .select({ company: accounts.company, subdomain: accounts.chatstreamSubdomain, branding: webchatBranding })
    .from(accounts)
    .leftJoin(webchatBranding, eq(webchatBranding.accountId, accounts.id))
    .where(eq(accounts.id, accountId))
    .limit(1);
  if (!found) return defaultChatBranding("", null);
  return found.branding
    ? fromRow(found.branding, found.subdomain)
    : defaultChatBranding(found.company, found.subdomain);
}

/**
 * The company whose chat lives at this subdomain (accounts.chatstream_subdomain, compared in lower
 * case), with its branding; null when none. A disabled (suspended) company has no chat.
 */
export async function findChatCompanyBySubdomain(
  db: Db,
  subdomain: string,
): Promise<{ accountId: string; companyName: string; branding: ChatBranding } | null> {
  const wanted = subdomain.trim().toLowerCase();
  if (!wanted || wanted.length > 63) return null;
  const [found] = await db
    .select({
      accountId: accounts.id,
      company: accounts.company,
      subdomain: accounts.chatstreamSubdomain,
      disabled: accounts.disabled,
      branding: webchatBranding,
    })
    .from(accounts)
    .leftJoin(webchatBranding, eq(webchatBranding.accountId, accounts.id))
    .where(eq(sql`lower(${accounts.chatstreamSubdomain})`, wanted))
    .limit(1);
  if (!found || found.disabled) return null;
  return {
    accountId: found.accountId,
    companyName: found.company,
    branding: found.branding
      ? fromRow(found.branding, found.subdomain)
      : defaultChatBranding(found.company, found.subdomain),
  };
}

export type SaveBrandingResult =
  | { ok: true; branding: ChatBranding }
  | { ok: false; fieldErrors: Partial<Record<keyof ChatBranding, string[]>> }
  /** Spec 5.4: the subdomain and short-name checks, each a list, shown under 'Please fix the following:'. */
  | { ok: false; problems: string[] };

/** The alias patterns' messages for the subdomain, or the built-in rule when none are configured. */
function subdomainProblems(subdomain: string, aliasPatterns: ConfiguredPattern[]): string[] {
  if (aliasPatterns.length) return failingPatternMessages(subdomain, aliasPatterns);
  return SUBDOMAIN.test(subdomain) ? [] : [BRANDING_ERRORS.subdomainFormat];
}

async function uniquenessProblems(db: Db, accountId: string, branding: ChatBranding): Promise<string[]> {
  const [subdomainTaken, shortNameTaken] = await Promise.all([
    db
      .select({ id: accounts.id })
      .from(accounts)
      .where(
        and(eq(sql`lower(${accounts.chatstreamSubdomain})`, branding.subdomain), ne(accounts.id, accountId)),
      )
      .limit(1),
    db
      .select({ id: webchatBranding.accountId })
      .from(webchatBranding)
      .where(
        and(
          eq(sql`lower(${webchatBranding.shortAppName})`, branding.shortAppName.toLowerCase()),
          ne(webchatBranding.accountId, accountId),
        ),
      )
      .limit(1),
  ]);
  return [
    ...(subdomainTaken.length ? [BRANDING_ERRORS.subdomainTaken] : []),
    ...(shortNameTaken.length ? [BRANDING_ERRORS.shortNameTaken] : []),
  ];
}

function isUniqueViolation(error: unknown): boolean {
  const e = error as { code?: string; cause?: { code?: string } };
  return e?.code === "23505" || e?.cause?.code === "23505";
}

/**
 * Apply on the Branding tab: checks the fields (spec 5.4), then the subdomain's configured patterns
 * and the uniqueness of the subdomain and the short name against other companies, then writes the
 * branding and the company's ChatStream subdomain together. A race lost to another company's save
 * (the unique indexes) answers the same problems as the checks.
 */
export async function saveChatBranding(
  db: Db,
  actor: { accountId: string; userId: string },
  input: unknown,
  aliasPatterns: ConfiguredPattern[],
): Promise<SaveBrandingResult> {
  const parsed = chatBrandingSchema.safeParse(input);
  if (!parsed.success) {
    const fieldErrors: Partial<Record<keyof ChatBranding, string[]>> = {};
    for (const issue of parsed.error.issues) {
      const field = issue.path[0] as keyof ChatBranding;
      fieldErrors[field] = [...(fieldErrors[field] ?? []), issue.message];
    }
    return { ok: false, fieldErrors };
  }
  const branding = parsed.data;
  // Only the company's own uploads (another company's asset could vanish under it).
  if (
    !(await ownsAssets(
      db,
      actor.accountId,
      IMAGE_FIELDS.map((field) => branding[field]),
    ))
  )
    return {
      ok: false,
      fieldErrors: Object.fromEntries(
        IMAGE_FIELDS.filter((f) => branding[f].startsWith("/webchat-assets/")).map((f) => [
          f,
          [BRANDING_ERRORS.image],
        ]),
      ),
    };
  const problems = [
    ...subdomainProblems(branding.subdomain, aliasPatterns),
    ...(await uniquenessProblems(db, actor.accountId, branding)),
  ];
  if (problems.length) return { ok: false, problems };
  const { subdomain, ...fields } = branding;
  try {
    await db.transaction(async (tx) => {
      await tx
        .update(accounts)
        .set({ chatstreamSubdomain: subdomain, updatedAt: new Date() })
        .where(eq(accounts.id, actor.accountId));
      const row = { ...fields, updatedAt: new Date(), updatedBy: actor.userId };
      await tx
        .insert(webchatBranding)
        .values({ accountId: actor.accountId, ...row })
        .onConflictDoUpdate({ target: webchatBranding.accountId, set: row });
    });
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    const raced = await uniquenessProblems(db, actor.accountId, branding);
    return { ok: false, problems: raced.length ? raced : [BRANDING_ERRORS.subdomainTaken] };
  }
  return { ok: true, branding };
}

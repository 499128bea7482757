import { and, eq, ne, or, type SQL, type SQLWrapper, sql } from "drizzle-orm";
import { getDb } from "#db/client.server";
import { contacts } from "#db/schema";
import { companyCountry } from "~/domain/accounts/company-country.server";
import type { CountryCode } from "~/domain/accounts/country";
import { isUuid } from "~/domain/kernel/ids";
import type { AccountScope, Queryable } from "~/domain/kernel/scope";
import { escapeLike } from "~/domain/kernel/sql-text";
import { contactSearch } from "./contact-search";
import { normalizePhone } from "./phone";
import { CONTACT_PAGE_SIZES, type ContactInput, DEFAULT_CONTACT_PAGE_SIZE } from "./schemas";

export type ContactRow = {
  id: string;
  firstName: string;
  lastName: string;
  phone: string | null;
  email: string | null;
};

export type ContactListQuery = {
  search?: string | null;
  pageSize?: number | null;
  /** Cursor of the last row of the current page: the next page starts after it. */
  after?: string | null;
  /** Cursor of the first row of the current page: the previous page ends before it. */
  before?: string | null;
};

export type ContactPage = {
  rows: ContactRow[];
  pageSize: number;
  search: string;
  /** Present when there is a page after this one. */
  nextCursor: string | null;
  /** Present when there is a page before this one. */
  previousCursor: string | null;
};

const columns = {
  id: contacts.id,
  firstName: contacts.firstName,
  lastName: contacts.lastName,
  phone: contacts.phone,
  email: contacts.email,
};

export function contactPageSize(value: unknown): number {
  const size = Number(value);
  return (CONTACT_PAGE_SIZES as readonly number[]).includes(size) ? size : DEFAULT_CONTACT_PAGE_SIZE;
}

// A cursor is the row's created_at to the microsecond (JavaScript dates keep only milliseconds, which
// would skip or repeat rows created in the same millisecond) and its id, to break ties.
const CURSOR_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;
const cursorTime = sql<string>`to_char(${contacts.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

export function encodeCursor(time: string, id: string) {
  return Buffer.from(`${time}|${id}`).toString("base64url");
}

export function decodeCursor(cursor: string | null | undefined): { time: string; id: string } | null {
  if (!cursor) return null;
  const [time, id] = Buffer.from(cursor, "base64url").toString().split("|");
  return time && id && CURSOR_TIME.test(time) && isUuid(id) ? { time, id } : null;
}

type SearchColumns = Record<"accountId" | "firstName" | "lastName" | "email" | "phone", SQLWrapper>;

/**
 * The word-prefix search (contact-search.ts) as a condition on a contact's columns, in one of two
 * equivalent forms (a database test checks they agree):
 * - "index": the lexeme query against contact_search_document, the expression the contacts_search_idx
 *   GIN index holds (the planner inlines the SQL function, here and in the index, and matches them);
 * - "rows": plain tests of the folded columns, a tenth of the cost per row of building the contact's
 *   search words, for the window of newest contacts a search reads before it asks the index.
 * Undefined for a term too short to search (spec: searches need more than 2 characters).
 */
export function contactSearchCondition(
  accountId: string,
  search: string,
  columns: SearchColumns = contacts,
  form: "index" | "rows" = "index",
): SQL | undefined {
  const found = contactSearch(accountId, search);
  if (!found) return undefined;
  if (found.kind === "nothing") return sql`false`;
  const byIndex =
    form === "index"
      ? sql`contact_search_document(${columns.accountId}, ${columns.firstName}, ${columns.lastName}, ${columns.email}, ${columns.phone}) @@ ${found.tsquery}::tsquery`
      : undefined;
  if (found.kind === "phone") {
    // The index keeps part of each number (contact-search.ts): its matches are checked here in full.
    const national = sql`contact_phone_national(${columns.phone})`;
    return and(
      byIndex,
      or(
        sql`${national} like ${`${found.start}%`}`,
        found.end ? sql`${national} like ${`%${found.end}`}` : undefined,
      ),
      found.phoneStart ? sql`${columns.phone} like ${`${escapeLike(found.phoneStart)}%`}` : undefined,
    );
  }
  if (byIndex) return byIndex;
  // A word of the name starts at its beginning or after a space or hyphen, as the index splits it.
  const name = sql`contact_search_fold(${columns.firstName} || ' ' || ${columns.lastName})`;
  const email = sql`contact_search_fold(${columns.email})`;
  const domain = sql`contact_search_fold(split_part(${columns.email}, '@', 2))`;
  return and(
    ...found.words.map(
      (word) =>
        sql`(${name} ~ ${`(^|[[:space:]-])${escapeRegex(word)}`} or ${email} like ${`${escapeLike(word)}%`} or ${domain} like ${`${escapeLike(word)}%`})`,
    ),
  );
}

/** A literal for a PostgreSQL regular expression (ARE): every non-word character escaped. */
function escapeRegex(text: string): string {
  return text.replace(/[^\p{L}\p{N}_]/gu, (c) => `\\${c}`);
}

/** How many of the newest contacts a search reads in order before it asks the search index instead. */
const SEARCH_WINDOW = 5000;

/** Phone terms with this many digits go to the search index at once. */
const SELECTIVE_PHONE_DIGITS = 6;

/**
 * One page of the company's active contacts, newest first, by keyset (no OFFSET: a late page costs
 * what the first one does). Fetches one row more than the page to know whether another page follows.
 *
 * A search runs in two steps so that neither common nor rare terms get slow at a million contacts
 * (PostgreSQL cannot estimate how many rows a prefix query matches, so its own choice is often
 * wrong both ways): first it reads the next SEARCH_WINDOW contacts in page order and keeps those that
 * match, which fills the page at once for a common term; when that window holds too few matches the
 * term is rare, and the search index finds all of its matches, which are few, to sort.
 */
export async function listContacts(
  context: AccountScope,
  query: ContactListQuery = {},
): Promise<ContactPage> {
  const pageSize = contactPageSize(query.pageSize ?? DEFAULT_CONTACT_PAGE_SIZE);
  const search = (query.search ?? "").trim();
  const after = decodeCursor(query.after);
  const before = after ? null : decodeCursor(query.before);
  const base = and(
    eq(contacts.accountId, context.account.id),
    eq(contacts.isActive, true),
    after
      ? sql`(${contacts.createdAt}, ${contacts.id}) < (${after.time}::timestamptz, ${after.id}::uuid)`
      : undefined,
    before
      ? sql`(${contacts.createdAt}, ${contacts.id}) > (${before.time}::timestamptz, ${before.id}::uuid)`
      : undefined,
  );
  // The index is (account_id, created_at, id), read backwards for newest first: the order keeps
  // PostgreSQL's default null placement for each direction (the columns are never null), or it would
  // sort the whole company instead of reading the index.
  const orderOf = (createdAt: unknown, id: unknown) =>
    before ? [sql`${createdAt} asc`, sql`${id} asc`] : [sql`${createdAt} desc`, sql`${id} desc`];
  const selection = {
    ...columns,
    accountId: contacts.accountId,
    createdAt: contacts.createdAt,
    cursor: cursorTime.as("cursor"),
  };
  const db = getDb();
  const match = contactSearchCondition(context.account.id, search);
  let fetched: (ContactRow & { cursor: string })[];
  if (!match) {
    fetched = await db
      .select(selection)
      .from(contacts)
      .where(base)
      .orderBy(...orderOf(contacts.createdAt, contacts.id))
      .limit(pageSize + 1);
  } else {
    // A number of 6 digits or more is a handful of contacts (the index keeps 7 of its first digits
    // and its last 4): the window of newest contacts would only be read for nothing.
    const found = contactSearch(context.account.id, search);
    const selective = found?.kind === "phone" && found.start.length >= SELECTIVE_PHONE_DIGITS;
    const recent = db
      .select(selection)
      .from(contacts)
      .where(base)
      .orderBy(...orderOf(contacts.createdAt, contacts.id))
      .limit(SEARCH_WINDOW)
      .as("recent");
    fetched = selective
      ? []
      : await db
          .select({
            id: recent.id,
            firstName: recent.firstName,
            lastName: recent.lastName,
            phone: recent.phone,
            email: recent.email,
            cursor: recent.cursor,
          })
          .from(recent)
          .where(contactSearchCondition(context.account.id, search, recent, "rows"))
          .orderBy(...orderOf(recent.createdAt, recent.id))
          .limit(pageSize + 1);
    if (fetched.length <= pageSize) {
      fetched = await db.transaction(async (tx) => {
        // Only the search index (a bitmap scan) may answer: never a walk through the whole company;
        // and in this process: starting parallel workers for a few hundred rows took 20 ms.
        await tx.execute(
          sql`select set_config('enable_seqscan', 'off', true), set_config('enable_indexscan', 'off', true),
            set_config('max_parallel_workers_per_gather', '0', true)`,
        );
        return tx
          .select(selection)
          .from(contacts)
          .where(and(base, match))
          .orderBy(...orderOf(contacts.createdAt, contacts.id))
          .limit(pageSize + 1);
      });
    }
  }
  const more = fetched.length > pageSize;
  const page = fetched.slice(0, pageSize);
  if (before) page.reverse();
  const first = page[0];
  const last = page[page.length - 1];
  return {
    rows: page.map((row) => ({
      id: row.id,
      firstName: row.firstName,
      lastName: row.lastName,
      phone: row.phone,
      email: row.email,
    })),
    pageSize,
    search,
    nextCursor: last && (before ? true : more) ? encodeCursor(last.cursor, last.id) : null,
    previousCursor: first && (before ? more : Boolean(after)) ? encodeCursor(first.cursor, first.id) : null,
  };
}

/** A contact of the company (active or not), or null for an unknown, malformed or foreign id. */
export async function getContact(context: AccountScope, id: string, db: Queryable = getDb()) {
  if (!isUuid(id)) return null;
  const [row] = await db
    .select({ ...columns, isActive: contacts.isActive })
    .from(contacts)
    .where(and(eq(contacts.id, id), eq(contacts.accountId, context.account.id)));
  return row ?? null;
}

/** "First Last" of a contact of the company, or "" when there is none with that id. */
export async function contactName(scope: AccountScope, id: string): Promise<string> {
  const contact = await getContact(scope, id);
  return contact ? `${contact.firstName} ${contact.lastName}` : "";
}

export type ContactWriteResult =
  | { ok: true; contact: ContactRow }
  | { ok: false; reason: "invalid_phone" | "not_found" | "missing_contact_point" }
  | { ok: false; reason: "duplicate"; field: "phone" | "email"; contactId: string };

/** A company scope that may carry the company's country (a signed-in context does). */
type CountryScope = AccountScope & { account: { country?: string | null } };

type CleanContact = { firstName: string; lastName: string; phone: string | null; email: string | null };

/** Trims the names, puts the phone in E.164 and lowercases the email; null when the phone is invalid. */
export function cleanContactInput(input: ContactInput, country: CountryCode): CleanContact | null {
  const phoneInput = input.phone?.trim() ?? "";
  const phone = phoneInput ? normalizePhone(phoneInput, country) : null;
  if (phoneInput && !phone) return null;
  return {
    firstName: input.firstName.trim(),
    lastName: input.lastName.trim(),
    phone,
    email: input.email?.trim().toLowerCase() || null,
  };
}

/** The company's contact that already holds this phone or email (other than `exceptId`). */
export async function findDuplicateContact(
  db: Queryable,
  context: AccountScope,
  clean: Pick<CleanContact, "phone" | "email">,
  exceptId?: string,
): Promise<{ field: "phone" | "email"; contactId: string } | null> {
  const matches = [
    clean.phone ? eq(contacts.phone, clean.phone) : undefined,
    clean.email ? eq(contacts.email, clean.email) : undefined,
  ].filter(Boolean) as SQL[];
  if (matches.length === 0) return null;
  const rows = await db
    .select({ id: contacts.id, phone: contacts.phone, email: contacts.email })
    .from(contacts)
    .where(
      and(
        eq(contacts.accountId, context.account.id),
        or(...matches),
        exceptId ? ne(contacts.id, exceptId) : undefined,
      ),
    )
    .limit(2);
  const byPhone = rows.find((r) => clean.phone && r.phone === clean.phone);
  if (byPhone) return { field: "phone", contactId: byPhone.id };
  const byEmail = rows.find((r) => clean.email && r.email === clean.email);
  return byEmail ? { field: "email", contactId: byEmail.id } : null;
}

/** A unique index refused the write (PostgreSQL 23505; drizzle wraps the driver's error in `cause`). */
export function isUniqueViolation(error: unknown): boolean {
  for (let e = error as { code?: string; cause?: unknown } | undefined; e; e = e.cause as typeof e) {
    if (e.code === "23505") return true;
  }
  return false;
}

/** Adds a contact; refuses a phone or email another contact of the company already has. */
export async function createContact(
  context: CountryScope,
  input: ContactInput,
  db: Queryable = getDb(),
): Promise<ContactWriteResult> {
  const clean = cleanContactInput(input, await companyCountry(context, db));
  if (!clean) return { ok: false, reason: "invalid_phone" };
  if (!clean.phone && !clean.email) return { ok: false, reason: "missing_contact_point" };
  const duplicate = await findDuplicateContact(db, context, clean);
  if (duplicate) return { ok: false, reason: "duplicate", ...duplicate };
  try {
    const [contact] = await db
      .insert(contacts)
      .values({ ...clean, accountId: context.account.id })
      .returning(columns);
    return { ok: true, contact };
  } catch (error) {
    // Two requests with the same phone or email at once: the unique index lets one in.
    if (!isUniqueViolation(error)) throw error;
    const winner = await findDuplicateContact(db, context, clean);
    if (!winner) throw error;
    return { ok: false, reason: "duplicate", ...winner };
  }
}

/** Changes a contact of the company; the same rules as createContact. */
export async function updateContact(
  context: CountryScope,
  id: string,
  input: ContactInput,
  db: Queryable = getDb(),
): Promise<ContactWriteResult> {
  if (!(await getContact(context, id, db))) return { ok: false, reason: "not_found" };
  const clean = cleanContactInput(input, await companyCountry(context, db));
  if (!clean) return { ok: false, reason: "invalid_phone" };
  if (!clean.phone && !clean.email) return { ok: false, reason: "missing_contact_point" };
  const duplicate = await findDuplicateContact(db, context, clean, id);
  if (duplicate) return { ok: false, reason: "duplicate", ...duplicate };
  try {
    const [contact] = await db
      .update(contacts)
      .set({ ...clean, updatedAt: new Date() })
      .where(and(eq(contacts.id, id), eq(contacts.accountId, context.account.id)))
      .returning(columns);
    return contact ? { ok: true, contact } : { ok: false, reason: "not_found" };
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    const winner = await findDuplicateContact(db, context, clean, id);
    if (!winner) throw error;
    return { ok: false, reason: "duplicate", ...winner };
  }
}

/** Deletes a contact of the company with its attribute values and product links (cascade). */
export async function deleteContact(context: AccountScope, id: string): Promise<boolean> {
  if (!isUuid(id)) return false;
  const deleted = await getDb()
    .delete(contacts)
    .where(and(eq(contacts.id, id), eq(contacts.accountId, context.account.id)))
    .returning({ id: contacts.id });
  return deleted.length > 0;
}

import { asc, desc, eq, ilike, inArray, type SQL, sql } from "drizzle-orm";
import { getDb } from "#db/client.server";
import { accounts, memberships, users } from "#db/schema";
import { parseUsersQuery, type UsersQuery } from "./users-query";

export type UserStatus = "active" | "suspended" | "unconfirmed";

export type AdminUserRow = {
  id: string;
  givenName: string;
  familyName: string;
  email: string;
  status: UserStatus;
  companies: Array<{ id: string; company: string }>;
  createdAt: string;
};

/** The Users tab ('User Management'): the query from the URL, answered by the database. */
export async function loadUsersTab(url: URL) {
  return listUsers(parseUsersQuery(url.searchParams));
}

/**
 * One page of users with the total, both counted and cut in SQL. The search patterns match the
 * trigram indexes of migration 0003 (users.email, lower(given_name), lower(family_name),
 * accounts.company_lowercased), so a substring search does not scan every row.
 */
export async function listUsers(query: UsersQuery) {
  const db = getDb();
  const where = searchCondition(query);
  const [countRow] = await db.select({ n: sql<number>`count(*)::int` }).from(users).where(where);
  const total = countRow?.n ?? 0;
  const lastPage = Math.max(1, Math.ceil(total / query.pageSize));
  // A page past the end (rows deleted, a stale link) shows the last one instead of nothing.
  const page = Math.min(query.page, lastPage);
  const pageRows = await db
    .select({
      id: users.id,
      givenName: users.givenName,
      familyName: users.familyName,
      email: users.email,
      emailVerifiedAt: users.emailVerifiedAt,
      suspendedAt: users.suspendedAt,
      createdAt: users.createdAt,
    })
    .from(users)
    .where(where)
    .orderBy(...orderOf(query))
    .limit(query.pageSize)
    .offset((page - 1) * query.pageSize);

  const companies = await companiesOf(pageRows.map((r) => r.id));
  const rows: AdminUserRow[] = pageRows.map((row) => ({
    id: row.id,
    givenName: row.givenName,
    familyName: row.familyName,
    email: row.email,
    status: row.suspendedAt ? "suspended" : row.emailVerifiedAt ? "active" : "unconfirmed",
    companies: companies.get(row.id) ?? [],
    createdAt: row.createdAt.toISOString(),
  }));
  return { rows, total, query: { ...query, page } };
}

function searchCondition(query: UsersQuery): SQL | undefined {
  if (!query.search) return undefined;
  // Backslash is LIKE's escape character: the typed text matches literally, % and _ included.
  const pattern = `%${query.search.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  switch (query.searchBy) {
    case "email":
      return ilike(users.email, pattern);
    case "firstName":
      return sql`lower(${users.givenName}) like ${pattern}`;
    case "lastName":
      return sql`lower(${users.familyName}) like ${pattern}`;
    case "company":
      return inArray(
        users.id,
        getDb()
          .select({ userId: memberships.userId })
          .from(memberships)
          .innerJoin(accounts, eq(accounts.id, memberships.accountId))
          .where(sql`${accounts.companyLowercased} like ${pattern}`),
      );
  }
}

function orderOf(query: UsersQuery): SQL[] {
  const by = query.direction === "asc" ? asc : desc;
  switch (query.sort) {
    case "name":
      return [by(sql`lower(${users.givenName})`), by(sql`lower(${users.familyName})`), by(users.id)];
    case "email":
      return [by(users.email)];
    case "createdAt":
      return [by(users.createdAt), by(users.id)];
  }
}

/** Each user's companies, by name, for the users of one page. */
async function companiesOf(userIds: string[]) {
  const byUser = new Map<string, Array<{ id: string; company: string }>>();
  if (userIds.length === 0) return byUser;
  const rows = await getDb()
    .select({ userId: memberships.userId, id: accounts.id, company: accounts.company })
    .from(memberships)
    .innerJoin(accounts, eq(accounts.id, memberships.accountId))
    .where(inArray(memberships.userId, userIds))
    .orderBy(asc(accounts.companyLowercased), asc(accounts.id));
  for (const row of rows) {
    const list = byUser.get(row.userId) ?? [];
    list.push({ id: row.id, company: row.company });
    byUser.set(row.userId, list);
  }
  return byUser;
}

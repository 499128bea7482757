/**
 * The Users tab's URL: search type and text, sort and page. Read by the loader and written by the
 * tab, so both agree on names and defaults. Every value falls back to its default when unknown.
 */
export const userSearchTypes = ["email", "firstName", "lastName", "company"] as const;
export type UserSearchType = (typeof userSearchTypes)[number];

export const userSorts = ["name", "email", "createdAt"] as const;
export type UserSort = (typeof userSorts)[number];
export type SortDirection = "asc" | "desc";

export const userPageSizes = [10, 20, 50, 100] as const;
export const DEFAULT_USER_PAGE_SIZE = 10;
export const MAX_USER_SEARCH_LENGTH = 200;

export type UsersQuery = {
  searchBy: UserSearchType;
  search: string;
  sort: UserSort;
  direction: SortDirection;
  page: number;
  pageSize: number;
};

export const defaultUsersQuery: UsersQuery = {
  searchBy: "email",
  search: "",
  sort: "createdAt",
  direction: "desc",
  page: 1,
  pageSize: DEFAULT_USER_PAGE_SIZE,
};

const oneOf = <T extends string>(values: readonly T[], value: string | null, fallback: T): T =>
  values.includes(value as T) ? (value as T) : fallback;

export function parseUsersQuery(params: URLSearchParams): UsersQuery {
  const size = Number(params.get("size"));
  const page = Math.floor(Number(params.get("page")));
  return {
    searchBy: oneOf(userSearchTypes, params.get("by"), defaultUsersQuery.searchBy),
    search: (params.get("q") ?? "").trim().slice(0, MAX_USER_SEARCH_LENGTH),
    sort: oneOf(userSorts, params.get("sort"), defaultUsersQuery.sort),
    direction: params.get("dir") === "asc" ? "asc" : "desc",
    page: Number.isFinite(page) && page >= 1 ? page : 1,
    pageSize: (userPageSizes as readonly number[]).includes(size) ? size : DEFAULT_USER_PAGE_SIZE,
  };
}

/** The URL of the Users tab for a query; defaults are left out to keep the address short. */
export function usersQueryParams(query: UsersQuery): URLSearchParams {
  const params = new URLSearchParams({ tab: "users" });
  if (query.searchBy !== defaultUsersQuery.searchBy) params.set("by", query.searchBy);
  if (query.search) params.set("q", query.search);
  if (query.sort !== defaultUsersQuery.sort || query.direction !== defaultUsersQuery.direction) {
    params.set("sort", query.sort);
    params.set("dir", query.direction);
  }
  if (query.page > 1) params.set("page", String(query.page));
  if (query.pageSize !== DEFAULT_USER_PAGE_SIZE) params.set("size", String(query.pageSize));
  return params;
}

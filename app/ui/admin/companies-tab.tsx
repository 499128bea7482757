import type { loadCompaniesTab } from "~/domain/admin/companies.server";

export function CompaniesTab(_props: {
  data: Awaited<ReturnType<typeof loadCompaniesTab>>;
  canWrite: boolean;
  isAdmin: boolean;
}) {
  return null;
}

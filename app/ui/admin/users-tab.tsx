import type { loadUsersTab } from "~/domain/admin/users.server";

export function UsersTab(_props: { data: Awaited<ReturnType<typeof loadUsersTab>>; canWrite: boolean }) {
  return null;
}

import type { loadTermsTab } from "~/domain/admin/legal.server";

export function TermsTab(_props: { data: Awaited<ReturnType<typeof loadTermsTab>>; canWrite: boolean }) {
  return null;
}

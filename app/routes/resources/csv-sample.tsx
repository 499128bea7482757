import { requireMember } from "~/domain/access/guard.server";
import { listAttributes } from "~/domain/contacts/attributes.server";
import { attachmentDisposition } from "~/domain/kernel/attachment";
import { csvDownloadLine } from "~/domain/kernel/csv-writer";
import type { Route } from "./+types/csv-sample";

/**
 * A sample contacts file: the four contact columns and the company's own contact attributes (their
 * titles are user data: csvDownloadLine neutralises formulas).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const member = await requireMember({ request, context });
  const attributes = await listAttributes(member, "contact");
  const header = ["First Name", "Last Name", "Phone", "Email", ...attributes.map((a) => a.title)];
  const blank = attributes.map(() => "");
  const rows = [
    ["Jane", "Doe", "(201) 555-0123", "jane.doe@example.com", ...blank],
    ["John", "Smith", "+1 415 555 0198", "", ...blank],
    ["Ana", "García", "", "ana.garcia@example.com", ...blank],
  ];
  const body = [header, ...rows].map(csvDownloadLine).join("");
  return new Response(body, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": attachmentDisposition("contacts-sample.csv"),
      "Cache-Control": "no-store",
    },
  });
}

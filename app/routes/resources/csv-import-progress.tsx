import { clientIpContext } from "~/context.server";
import { requireMember } from "~/domain/access/guard.server";
import { getCsvImport } from "~/domain/contacts/csv-import-queries.server";
import { eventStreamResponse } from "~/services/events/event-stream.server";
import type { Route } from "./+types/csv-import-progress";

// Progress is pushed on every committed batch; a slow re-read covers a notification that got lost.
const RECHECK_MS = 5_000;

/**
 * Server-sent progress of one of the company's imports: `progress` events carrying its summary
 * (rows done of rows total, counts, status), the last one when it is completed or failed.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const member = await requireMember({ request, context });
  const id = new URL(request.url).searchParams.get("id") ?? "";
  const first = await getCsvImport(member, id);
  if (!first) throw new Response("Not found", { status: 404 });
  return eventStreamResponse(request, {
    holders: { address: context.get(clientIpContext), user: member.user.id },
    wants: (event) => event.topic === "csvImport" && event.importId === id,
    recheckMs: RECHECK_MS,
    refresh: async (stream) => {
      const current = await getCsvImport(member, id);
      if (!current) return stream.close();
      stream.send("progress", current);
      if (current.status === "completed" || current.status === "failed") stream.close();
    },
  });
}

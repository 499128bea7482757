import type { CatalogueSync } from "~/domain/shopify/commerce/catalogue.server";

/** What the page shows of a Sync Now (the row's dates as ISO text, the same from loader and fetcher). */
export type SyncView = {
  runId: string;
  status: "queued" | "running" | "succeeded" | "failed";
  productsDone: number;
  variantsDone: number;
  error: string | null;
  lastSucceededAt: string | null;
};

export function syncView(sync: CatalogueSync | null): SyncView | null {
  if (!sync) return null;
  return {
    runId: sync.runId,
    status: sync.status as SyncView["status"],
    productsDone: sync.productsDone,
    variantsDone: sync.variantsDone,
    error: sync.error,
    lastSucceededAt: sync.lastSucceededAt?.toISOString() ?? null,
  };
}

export const syncBusy = (sync: SyncView | null) => sync?.status === "queued" || sync?.status === "running";

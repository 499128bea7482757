import { useCallback, useEffect, useRef, useState } from "react";
import type { ConsentDeclaration } from "~/domain/contacts/csv-consent";
import type { CsvImportSummary, ImportProblem } from "~/domain/contacts/csv-types";

export type UploadProgress = { loaded: number; total: number };
export type UploadOutcome = { ok: true; importId: string } | { ok: false; problem: ImportProblem };

/**
 * Sends a file to /resources/csv-upload as a multipart POST with XMLHttpRequest, whose upload
 * events give real progress (fetch has none). The product ids go first, so the server knows them
 * when the file starts streaming in.
 */
export function useCsvUpload() {
  const [progress, setProgress] = useState<UploadProgress | null>(null);
  const request = useRef<XMLHttpRequest | null>(null);
  useEffect(() => () => request.current?.abort(), []);

  const upload = useCallback((file: File, productIds: string[], consent?: ConsentDeclaration | null) => {
    return new Promise<UploadOutcome>((resolve) => {
      const xhr = new XMLHttpRequest();
      request.current = xhr;
      xhr.open("POST", "/resources/csv-upload");
      xhr.setRequestHeader("Accept", "application/json");
      xhr.responseType = "json";
      setProgress({ loaded: 0, total: file.size });
      xhr.upload.onprogress = (event) =>
        setProgress({ loaded: event.loaded, total: event.lengthComputable ? event.total : file.size });
      xhr.onload = () => {
        const body = (xhr.response ?? {}) as { importId?: string; problem?: ImportProblem };
        if (xhr.status === 200 && body.importId) resolve({ ok: true, importId: body.importId });
        else
          resolve({
            ok: false,
            problem: body.problem ?? { key: xhr.status === 403 ? "forbidden" : "noFile" },
          });
      };
      xhr.onerror = () => resolve({ ok: false, problem: { key: "noFile" } });
      const form = new FormData();
      for (const id of productIds) form.append("productId", id);
      if (consent) {
        form.append("consentSource", consent.source);
        form.append("consentDate", consent.date);
      }
      form.append("file", file, file.name);
      xhr.send(form);
    });
  }, []);

  return { upload, progress };
}

/**
 * The live state of one import, streamed from /resources/csv-import-progress (server-sent events,
 * fed by the worker's per-batch notifications). Stops when the import is completed or failed.
 */
export function useImportProgress(importId: string | null) {
  const [summary, setSummary] = useState<CsvImportSummary | null>(null);
  useEffect(() => {
    setSummary(null);
    if (!importId) return;
    const source = new EventSource(`/resources/csv-import-progress?${new URLSearchParams({ id: importId })}`);
    source.addEventListener("progress", (event) => {
      const next = JSON.parse((event as MessageEvent).data) as CsvImportSummary;
      setSummary(next);
      if (next.status === "completed" || next.status === "failed") source.close();
    });
    return () => source.close();
  }, [importId]);
  return summary;
}

/** "12.3 MB" */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  const units = ["KB", "MB", "GB"];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  return `${value.toFixed(value < 10 ? 1 : 0)} ${units[unit]}`;
}

/** A percentage for ProgressBar, 0 when nothing is known yet. */
export function percent(done: number, total: number) {
  return total > 0 ? Math.min(100, Math.round((done / total) * 100)) : 0;
}

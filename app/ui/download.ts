import { useCallback } from "react";
import { useTranslation } from "react-i18next";
import { useEmbedded } from "./shell/embedded";

/**
 * Downloads a file from one of our resource routes. Polaris buttons with a url navigate through the
 * router, which would try to render the resource route as a page; an anchor with `download` does not.
 * Inside the Shopify admin an anchor's request carries no session (cookies are not relied on in the
 * frame, and App Bridge adds its token to fetch calls only), so the file is fetched, with the token,
 * and saved from memory.
 */
export function useDownload() {
  const embedded = useEmbedded();
  const { t } = useTranslation();
  return useCallback(
    (url: string) => {
      if (!embedded) return saveFrom(url);
      void fetch(url)
        .then(async (response) => {
          if (!response.ok) throw new Error(`${response.status}`);
          const blobUrl = URL.createObjectURL(await response.blob());
          saveFrom(blobUrl, fileNameOf(response, url));
          // The browser has started the download by the next task: the memory can go.
          setTimeout(() => URL.revokeObjectURL(blobUrl), 0);
        })
        .catch((error: unknown) => {
          console.warn("download failed", url, error);
          window.shopify?.toast?.show(t("embedded.downloadFailed"), { isError: true });
        });
    },
    [embedded, t],
  );
}

function saveFrom(href: string, fileName = "") {
  const anchor = document.createElement("a");
  anchor.href = href;
  anchor.download = fileName;
  document.body.append(anchor);
  anchor.click();
  anchor.remove();
}

/** The name the route gave the file (Content-Disposition), else the last part of its path. */
export function fileNameOf(response: Pick<Response, "headers">, url: string): string {
  const disposition = response.headers.get("Content-Disposition") ?? "";
  const encoded = /filename\*=UTF-8''([^;]+)/i.exec(disposition)?.[1];
  if (encoded) {
    try {
      return decodeURIComponent(encoded);
    } catch {}
  }
  const plain = /filename="?([^";]+)"?/i.exec(disposition)?.[1];
  return plain ?? new URL(url, "http://localhost").pathname.split("/").pop() ?? "download";
}

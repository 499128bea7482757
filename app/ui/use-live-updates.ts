import { useEffect, useRef } from "react";
import { useFetchers, useNavigation, useRevalidator } from "react-router";
import { withEmbeddedQuery } from "~/domain/shopify/embedded-setup";
import { type EmbeddedInfo, useEmbedded } from "./shell/embedded";

const EVENTS_URL = "/resources/events";
// Inside the Shopify admin an event stream carries a session token, which lives a minute: a stream
// that drops is opened again with a fresh one, after this pause.
const EMBEDDED_RETRY_MS = 5_000;

/**
 * The event stream's address. EventSource sends no Authorization header and the admin's iframe no
 * cookie, so inside the admin it carries App Bridge's session token as a document load does.
 */
async function eventsUrl(
  embedded: Pick<EmbeddedInfo, "shop" | "host"> | null,
  streamUrl: string,
): Promise<string> {
  if (!embedded || !window.shopify?.idToken) return streamUrl;
  const token = await window.shopify.idToken();
  const url = withEmbeddedQuery(streamUrl, { embedded: "1", shop: embedded.shop, host: embedded.host });
  return `${url}&id_token=${encodeURIComponent(token)}`;
}

/**
 * Re-runs the page's loaders when the server says something the user sees has changed. A screen with
 * a stream of its own (the chat inbox) passes its address; its events are `change` events too.
 */
export function useLiveUpdates(onChange?: (topic: string) => void, streamUrl = EVENTS_URL) {
  const { revalidate } = useRevalidator();
  // While a navigation or a fetcher is under way, a revalidation would cut in: React Router drops
  // a submission's redirect (leaving, accepting an invite) or aborts loads whose answer already
  // took the one-time toast from the session. So an event waits until the page is idle.
  const navigation = useNavigation();
  const fetchers = useFetchers();
  const busy = navigation.state !== "idle" || fetchers.some((f) => f.state !== "idle");
  const busyRef = useRef(busy);
  busyRef.current = busy;
  const waiting = useRef(false);
  useEffect(() => {
    if (!busy && waiting.current) {
      waiting.current = false;
      void revalidate();
    }
  }, [busy, revalidate]);

  const embeddedInfo = useEmbedded();
  // Root data is read again after every action: the stream follows the shop, not the object.
  const shop = embeddedInfo?.shop;
  const host = embeddedInfo?.host;
  useEffect(() => {
    const embedded = shop && host ? { shop, host } : null;
    let source: EventSource | undefined;
    let timer: number | undefined;
    let retry: number | undefined;
    let closed = false;
    const open = async () => {
      const url = await eventsUrl(embedded, streamUrl).catch(() => null);
      if (closed) return;
      if (!url) {
        retry = window.setTimeout(open, EMBEDDED_RETRY_MS);
        return;
      }
      source = new EventSource(url);
      source.addEventListener("change", (event) => {
        const topic = (JSON.parse((event as MessageEvent).data) as { topic: string }).topic;
        onChange?.(topic);
        // Several events in a burst (e.g. invite + member) become one reload of the data.
        window.clearTimeout(timer);
        timer = window.setTimeout(() => {
          if (busyRef.current) waiting.current = true;
          else void revalidate();
        }, 150);
      });
      if (embedded) {
        source.addEventListener("error", () => {
          source?.close();
          if (!closed) retry = window.setTimeout(open, EMBEDDED_RETRY_MS);
        });
      }
    };
    void open();
    return () => {
      closed = true;
      window.clearTimeout(timer);
      window.clearTimeout(retry);
      source?.close();
    };
  }, [revalidate, onChange, shop, host, streamUrl]);
}

import { useEffect, useRef } from "react";
import { useFetchers, useNavigation, useRevalidator } from "react-router";

/** Re-runs the page's loaders when the server says something the user sees has changed. */
export function useLiveUpdates(onChange?: (topic: string) => void) {
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

  useEffect(() => {
    const source = new EventSource("/resources/events");
    let timer: number | undefined;
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
    return () => {
      window.clearTimeout(timer);
      source.close();
    };
  }, [revalidate, onChange]);
}
